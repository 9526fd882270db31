import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isLocale } from '@rozmova/contracts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter, loadRoutesOf } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { runtimeConfig } from './lib/runtime-config.ts';
import { reloadPage } from './lib/reload-guard.ts';

declare global {
  interface Window {
    /** React Router reads its starting state from here (the prerendered page's loader data and errors). */
    __staticRouterHydrationData?: unknown;
  }
}

// A lazy file that could not be fetched (a deployment removed it) reloads the page once, after the router has moved to
// the page that failed; the reload guard makes a second failure show the error page instead of a loop.
window.addEventListener('vite:preloadError', () => setTimeout(() => reloadPage()));

// Error monitoring when a DSN is configured: its SDK loads beside the first paint, never in the first download.
if (runtimeConfig.sentry_dsn) void import('./lib/monitoring.ts').then((monitoring) => monitoring.startMonitoring());

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root')!;
// A public page comes prerendered in one language (docs/prerendering.md): hydrated in that language, then the rest.
const prerendered = isLocale(root.dataset.prerendered) ? root.dataset.prerendered : undefined;
await initI18n(prerendered);

const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

// A page file that cannot be fetched (a deployment removed it) leaves the hydration to the router's own handling: the
// page is rendered afresh, which reloads once or shows the error page.
const hydrating =
  prerendered !== undefined &&
  (await loadRoutesOf(window.location).then(
    () => true,
    () => false,
  ));
if (hydrating) {
  window.__staticRouterHydrationData = JSON.parse(document.getElementById('router-data')!.textContent!);
  // As a transition the hydration yields to the browser every few milliseconds instead of holding it in one long task.
  startTransition(() => {
    hydrateRoot(root, app(createRouter()));
  });
} else {
  createRoot(root).render(app(createRouter()));
}
