import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PublicConfig } from '@rozmova/contracts';
import type { Config } from '../../config.ts';
import type { OutboxEntry } from '../../lib/mailer.ts';

export interface WebApp {
  dist: string;
  buildId: string;
  /** index.html with the public runtime settings inlined, or undefined when the web app is not built. */
  indexHtml?: string;
  /** The Content-Security-Policy sources of index.html's inline scripts (first paint, runtime settings). */
  scriptHashes: string[];
}

/** A browser runs an inline script under a CSP only if the sha256 of its exact text is listed. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
  );

/** Loads the built web app once at start; its content hash is the build id unless BUILD_ID is set. */
export function loadWebApp(config: Config): WebApp {
  const indexPath = path.join(config.webDist, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const buildId = config.buildId ?? (template ? createHash('sha256').update(template).digest('hex').slice(0, 12) : 'development');
  const publicConfig: PublicConfig = {
    app_mode: config.appMode,
    api_base: config.apiBase,
    decryption_key: config.decryptionKey ?? null,
    build_id: buildId,
    contact_email: config.contactEmail,
    default_locale: 'en',
  };
  const inline = `<script>window.__ROZMOVA__=${JSON.stringify(publicConfig).replace(/</g, '\\u003c')}</script>`;
  const indexHtml = template?.replace('</head>', `${inline}</head>`);
  return { dist: config.webDist, buildId, indexHtml, scriptHashes: indexHtml ? inlineScriptHashes(indexHtml) : [] };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
