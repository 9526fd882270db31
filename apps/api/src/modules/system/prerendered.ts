import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  browserLocale,
  escapeHtml,
  isLocale,
  LANGUAGE_COOKIE,
  locales,
  matchWebPage,
  prerenderedPages,
  type Locale,
} from '@rozmova/contracts';

export type ContentEncoding = 'br' | 'gzip';

/** A prerendered page as it is sent: its HTML, compressed once per encoding on first use. */
export interface PrerenderedHtml {
  html: string;
  encoded(encoding: ContentEncoding): Buffer;
}

function prerenderedHtml(html: string): PrerenderedHtml {
  const encoded = new Map<ContentEncoding, Buffer>();
  const compress = (encoding: ContentEncoding) =>
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : gzipSync(html, { level: 9 });
  return {
    html,
    encoded(encoding) {
      if (!encoded.has(encoding)) encoded.set(encoding, compress(encoding));
      return encoded.get(encoding)!;
    },
  };
}

/** The best encoding the browser takes: brotli, then gzip, else none. */
export function contentEncodingOf(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';'));
  const takes = (name: string) => accepted.some(([coding, quality]) => coding === name && quality?.trim() !== 'q=0');
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : undefined;
}

/**
 * `pages/<locale>/<name>.html` of a build by `<locale>/<name>`, each given the settings (`finish`) and, but for the 404
 * page, its canonical and `hreflang` links under PUBLIC_URL; empty when the build has none.
 */
export function readPrerenderedPages(webDist: string, publicUrl: string, finish: (html: string) => string): Map<string, PrerenderedHtml> {
  const pages = new Map<string, PrerenderedHtml>();
  for (const locale of locales) {
    let names: string[];
    try {
      names = readdirSync(path.join(webDist, 'pages', locale));
    } catch {
      continue;
    }
    for (const name of names) {
      const page = name.slice(0, -'.html'.length);
      const pagePath: string | undefined = prerenderedPages[page as keyof typeof prerenderedPages];
      if (!name.endsWith('.html') || !pagePath) continue;
      const html = readFileSync(path.join(webDist, 'pages', locale, name), 'utf8');
      const links = page === 'notFound' ? '' : languageLinks(publicUrl, pagePath, locale);
      pages.set(`${locale}/${page}`, prerenderedHtml(finish(html.replace('</head>', `${links}</head>`))));
    }
  }
  return pages;
}

/**
 * The language of a page's HTML (docs/prerendering.md), in the web app's order: the choice made in the header (its
 * cookie), the address's `?lang=` (what crawlers follow from the `hreflang` links), the browser's languages, English.
 */
const languageCookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]+)`);

export function negotiateLocale(request: { headers: Record<string, string | string[] | undefined>; query: unknown }): Locale {
  const cookie = languageCookie.exec(String(request.headers.cookie ?? ''))?.[1];
  if (isLocale(cookie)) return cookie;
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(asked)) return asked;
  return browserLocale(acceptedLanguages(String(request.headers['accept-language'] ?? ''))) ?? 'en';
}

/** `Accept-Language`'s tags, best first (a stable sort keeps the header's order among equals), without those at q=0. */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = Number(
        parameters
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map(({ tag }) => tag);
}

/** Query keys that do not change what a public page renders first: the language and campaign tags. */
const neutralQueryKey = (key: string) => key === 'lang' || key === 'auth' || key.startsWith('utm_') || key === 'gclid' || key === 'fbclid';

/** The prerendered page to send for a GET of `url`, by file name; undefined when the app renders it in the browser. */
export function prerenderedPageOf(url: string, status: number): string | undefined {
  const [pathname = '/', query = ''] = url.split('?');
  if (![...new URLSearchParams(query).keys()].every(neutralQueryKey)) return undefined;
  if (status === 404) return 'notFound';
  const page = matchWebPage(pathname)?.page;
  return page && page in prerenderedPages ? page : undefined;
}

/** The canonical address of the page in its language and the `hreflang` alternates (absolute, under PUBLIC_URL). */
function languageLinks(publicUrl: string, pathname: string, locale: Locale): string {
  const at = (lang?: Locale) => escapeHtml(`${publicUrl}${pathname}${lang ? `?lang=${lang}` : ''}`);
  return [
    `<link rel="canonical" href="${at(locale)}">`,
    ...locales.map((lang) => `<link rel="alternate" hreflang="${lang}" href="${at(lang)}">`),
    `<link rel="alternate" hreflang="x-default" href="${at()}">`,
  ].join('');
}
