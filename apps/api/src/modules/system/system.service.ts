import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml, type PublicConfig } from '@rozmova/contracts';
import type { Config } from '../../config.ts';
import type { OutboxEntry } from '../../lib/mailer.ts';
import { readPrerenderedPages, type PrerenderedHtml } from './prerendered.ts';

/** One build of the web app as the server hands it out. */
export interface WebBuild {
  buildId: string;
  /** index.html with the public runtime settings inlined, or undefined when the web app is not built. */
  indexHtml?: string;
  /** The prerendered public pages (docs/prerendering.md) by `<locale>/<name>`, settings inlined as in index.html. */
  pages: Map<string, PrerenderedHtml>;
  /** The Content-Security-Policy sources of index.html's inline scripts (first paint, runtime settings). */
  scriptHashes: string[];
}

export interface WebApp {
  dist: string;
  /** The build on disk: index.html is read again once its size or modification time changed (a deployment replaced it). */
  current(): WebBuild;
  /**
   * A file of the build that has no route of its own: written after the start (a deployment replaced the build), or a
   * hashed asset of the previous build (WEB_DIST_PREVIOUS) that a tab opened before the deployment still asks for.
   */
  lateFile(urlPath: string): { root: string; file: string } | undefined;
}

/** A browser runs an inline script under a CSP only if the sha256 of its exact text is listed. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
  );

const statOf = (file: string) => {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The built web app. Its content hash is the build id; BUILD_ID names the build the server started with, as long as
 * index.html stays the same. index.html is checked at most once per `recheckMs`, so a deployment that replaces the
 * files without a restart is noticed (by the build manifest, `GET /api/version`, and by the pages served after it).
 */
export function loadWebApp(config: Config, { recheckMs = 1000 }: { recheckMs?: number } = {}): WebApp {
  const indexPath = path.join(config.webDist, 'index.html');
  const render = (template: string | undefined, buildId: string): WebBuild => {
    const publicConfig: PublicConfig = {
      app_mode: config.appMode,
      api_base: config.apiBase,
      decryption_key: config.decryptionKey ?? null,
      build_id: buildId,
      contact_email: config.contactEmail,
      default_locale: 'en',
      environment: config.env,
      gtm_id: config.analytics.gtmId ?? null,
      pixel_id: config.analytics.pixelId ?? null,
      pixel_path_pattern: config.analytics.pixelPathPattern ?? null,
      sentry_dsn: config.sentry.webDsn ?? null,
    };
    const inline = `<script>window.__ROZMOVA__=${JSON.stringify(publicConfig).replace(/</g, '\\u003c')}</script>`;
    const withSettings = (html: string) => html.replace('</head>', `${inline}</head>`);
    const indexHtml = template && withSettings(template);
    // Prerendered pages assume the whole site (`landing`); another mode's `/` and calls to action are the browser's.
    const pages =
      template && config.appMode === 'landing'
        ? readPrerenderedPages(config.webDist, config.publicUrl, withSettings)
        : new Map<string, PrerenderedHtml>();
    return { buildId, indexHtml, pages, scriptHashes: indexHtml ? inlineScriptHashes(indexHtml) : [] };
  };
  const read = () => {
    const stat = statOf(indexPath);
    let template: string | undefined;
    try {
      template = stat && readFileSync(indexPath, 'utf8');
    } catch {
      template = undefined;
    }
    return { stamp: stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : 'none', template };
  };
  const hashOf = (template: string | undefined) =>
    template ? createHash('sha256').update(template).digest('hex').slice(0, 12) : 'development';

  const started = read();
  let stamp = started.stamp;
  let build = render(started.template, config.buildId ?? hashOf(started.template));
  let checkedAt = Date.now();

  const current = (): WebBuild => {
    const now = Date.now();
    if (now - checkedAt < recheckMs) return build;
    checkedAt = now;
    const stat = statOf(indexPath);
    if ((stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : 'none') === stamp) return build;
    const next = read();
    stamp = next.stamp;
    const same = next.template === started.template;
    build = render(next.template, same && config.buildId ? config.buildId : hashOf(next.template));
    return build;
  };

  // Only plain file names below the build's folders: no dot files (the Vite manifest, the build stamp), no `..`.
  const safePath = (urlPath: string) => {
    const parts = decodeURIComponentSafe(urlPath.split('?')[0]!).split('/').filter(Boolean);
    return parts.length > 0 && parts.every((part) => /^[\w@~+=,-][\w.@~+=,-]*$/.test(part)) ? parts.join('/') : undefined;
  };
  const lateFile = (urlPath: string) => {
    const file = safePath(urlPath);
    // Source maps stay on the server, as the static routes leave them out (docs/monitoring.md).
    // Prerendered pages go out by their page's address only, in the negotiated language.
    if (!file || file === 'index.html' || file.endsWith('.map') || file.startsWith('pages/')) return undefined;
    if (statOf(path.join(config.webDist, file))) return { root: config.webDist, file };
    const previous = config.webDistPrevious;
    if (previous && file.startsWith('assets/') && statOf(path.join(previous, file))) return { root: previous, file };
    return undefined;
  };

  return { dist: config.webDist, current, lateFile };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

export function renderOutbox(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(mail.to)} · <time>${escapeHtml(mail.sentAt)}</time></p>
<pre>${escapeHtml(mail.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox · Rozmova</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><main><h1>Development outbox</h1><p>Mails the app sent, newest first. This page exists only outside production, without SMTP_URL.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`;
}
