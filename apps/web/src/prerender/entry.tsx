import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import type { Locale } from '@rozmova/contracts';

// The build script reads these from here: the Vite config that loads it cannot import the contracts' sources.
export { escapeHtml, locales, prerenderedPages } from '@rozmova/contracts';
import { routes } from '../app/router.tsx';
import { pageTitleText, titleKeyOf } from '../app/page-title.tsx';

export interface PrerenderedPage {
  html: string;
  status: number;
  title: string;
  description: string;
  /** What the browser's router starts from instead of running the loaders again (window data, not a script). */
  hydration: unknown;
}

let ready: Promise<unknown> | undefined;

const setUpTranslations = () =>
  (ready ??= Promise.all([import('../locales/en.json'), import('../locales/uk.json')]).then(([en, uk]) =>
    i18next.use(initReactI18next).init({
      resources: { en: { translation: en.default }, uk: { translation: uk.default } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    }),
  ));

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Errors as React Router's own server rendering writes them, so the browser's router reads them back. */
const serializeErrors = (errors: Record<string, unknown> | null) =>
  errors &&
  Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [id, isRouteErrorResponse(error) ? { ...error, __type: 'RouteErrorResponse' } : error]),
  );

/** One public page in one language, as the browser's first render of it will be (the person signed out, data loading). */
export async function renderPage(pathname: string, locale: Locale): Promise<PrerenderedPage> {
  await setUpTranslations();
  await i18next.changeLanguage(locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects (${context.status}); a public page must not`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const html = await readAll(prelude);
  const t = i18next.getFixedT(locale);
  const key =
    context.statusCode === 404 ? 'notFound' : titleKeyOf(context.matches.map(({ route, params }) => ({ handle: route.handle, params })));
  return {
    html,
    status: context.statusCode,
    title: pageTitleText(t, key ?? 'home'),
    description: t('meta.description'),
    hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
  };
}
