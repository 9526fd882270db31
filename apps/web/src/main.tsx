import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { runtimeConfig } from './lib/runtime-config.ts';
import { reloadPage } from './lib/reload-guard.ts';

// A lazy file that could not be fetched (a deployment removed it) reloads the page once, after the router has moved to
// the page that failed; the reload guard makes a second failure show the error page instead of a loop.
window.addEventListener('vite:preloadError', () => setTimeout(() => reloadPage()));

// Error monitoring when a DSN is configured: its SDK loads beside the first paint, never in the first download.
if (runtimeConfig.sentry_dsn) void import('./lib/monitoring.ts').then((monitoring) => monitoring.startMonitoring());

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
