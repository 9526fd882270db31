// The public pages rendered at build, in both languages (docs/prerendering.md): a second, server-side Vite build of
// src/prerender/entry.tsx renders each page with the app's own components, and its HTML goes into the client build's
// index.html. The server picks the page's file for the negotiated language; the browser hydrates it.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build, type Plugin } from 'vite';
import type { PrerenderedPage } from '../src/prerender/entry.tsx';

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The HTML is the page: its stylesheet and JavaScript (for hydration) are listed as data, which index.html's loader
 * fetches after the first paint, instead of as tags the browser would wait for or fetch beside the first paint. The
 * rules the page's first paint needs are inlined before it (`withCriticalStyles`); without JavaScript the stylesheet comes
 * from a <noscript> link.
 */
function deferAssets(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  const stylesheet = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(html);
  if (!entry || !stylesheet) throw new Error('index.html has no module script or stylesheet to defer');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let deferred = html.replace(entry[0], '').replace(stylesheet[0], `<noscript><link rel="stylesheet" href="${stylesheet[1]}"></noscript>`);
  for (const preload of preloads) deferred = deferred.replace(preload[0], '');
  const list = json({ styles: [stylesheet[1]], entry: entry[1], preload: preloads.map((preload) => preload[1]) });
  return deferred.replace(
    '<script id="router-data"',
    `<script id="page-scripts" type="application/json">${list}</script><script id="router-data"`,
  );
}

/** index.html with the page's language, title, description, markup and router data. */
function pageDocument(template: string, locale: string, page: PrerenderedPage, escapeHtml: (text: string) => string): string {
  const replaced = template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${escapeHtml(page.description)}"`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${locale}">${page.html}</div><script id="router-data" type="application/json">${json(page.hydration)}</script>`,
    );
  if (!replaced.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div> to fill');
  return replaced;
}

/**
 * The stylesheet's rules that match the page's elements, inlined (Beasties); the page's own Mantine <style> tags stay
 * as they are. The colour scheme is set in the browser before the first paint, so the rules of both are kept: for the
 * selection only, the root says light and the body dark, and every element sits inside both.
 */
async function withCriticalStyles(beasties: Beasties, html: string): Promise<string> {
  const bothSchemes = html
    .replace(/<html /, '<html data-mantine-color-scheme="light" ')
    .replace('<body>', '<body data-mantine-color-scheme="dark">');
  const inlined = await beasties.process(bothSchemes);
  return inlined
    .replace(/<html data-mantine-color-scheme="light" ([^>]*?) ?data-beasties-container>/, '<html $1>')
    .replace('<body data-mantine-color-scheme="dark">', '<body>');
}

async function prerender(root: string, outDir: string): Promise<void> {
  // Inside node_modules, so that the server build's imports of React and the rest resolve.
  await mkdir(path.join(root, 'node_modules'), { recursive: true });
  const serverBuild = await mkdtemp(path.join(root, 'node_modules', '.prerender-'));
  try {
    await build({
      root,
      logLevel: 'warn',
      build: { ssr: 'src/prerender/entry.tsx', outDir: serverBuild, emptyOutDir: true, sourcemap: false, manifest: false },
    });
    const entry = (await import(pathToFileURL(path.join(serverBuild, 'entry.js')).href)) as typeof import('../src/prerender/entry.tsx');
    const { escapeHtml, locales, prerenderedPages, renderPage } = entry;
    const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const beasties = new Beasties({ path: outDir, publicPath: '/', preload: 'body', reduceInlineStyles: false, logLevel: 'warn' });
    for (const locale of locales) {
      await mkdir(path.join(outDir, 'pages', locale), { recursive: true });
      for (const [name, pathname] of Object.entries(prerenderedPages)) {
        const page = await renderPage(pathname, locale);
        const html = deferAssets(await withCriticalStyles(beasties, pageDocument(template, locale, page, escapeHtml)));
        await writeFile(path.join(outDir, 'pages', locale, `${name}.html`), html);
      }
    }
  } finally {
    await rm(serverBuild, { recursive: true, force: true });
  }
}

/** Runs after the browser build (never inside the server-side build it starts itself). */
export function prerenderPlugin(): Plugin {
  let root = '';
  let outDir = '';
  let serverSide = false;
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      serverSide = Boolean(config.build.ssr);
    },
    closeBundle: {
      sequential: true,
      handler: async () => {
        if (!serverSide) await prerender(root, outDir);
      },
    },
  };
}
