#!/usr/bin/env node
/**
 * Initial JavaScript of the landing page, gzipped (level 9), against a budget.
 *
 * Initial JS = the entry chunk(s) index.html loads (script type=module, link rel=modulepreload)
 * and their static imports, plus the landing home page module and its static imports, because
 * that page is shown at once. Read from the Vite manifest (build.manifest: true).
 *
 *   node bench/bundle-size.mjs [--dist DIR] [--check]
 *
 * --check: exit 1 when over budget or when the build is missing (used by `npm test`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 172 * 1024;
const LANDING_PAGE_SRC = 'src/features/landing/home-page.tsx';
const JS_FILE = /\.(m?js)$/;

function parseArgs(argv) {
  const options = { check: false, dist: fileURLToPath(new URL('../apps/web/dist', import.meta.url)) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--check') options.check = true;
    else if (arg === '--dist') {
      if (!argv[i + 1]) fail('--dist needs a directory');
      options.dist = path.resolve(argv[++i]);
    } else if (arg.startsWith('--dist=')) options.dist = path.resolve(arg.slice('--dist='.length));
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: node bench/bundle-size.mjs [--dist DIR] [--check]');
      process.exit(0);
    } else fail(`unknown option ${arg}`);
  }
  return options;
}

function fail(message) {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const posix = (p) => p.split(path.sep).join('/');

function readBuild(dist) {
  const indexPath = path.join(dist, 'index.html');
  const manifestPath = [path.join(dist, '.vite', 'manifest.json'), path.join(dist, 'manifest.json')].find((p) => existsSync(p));
  if (!existsSync(indexPath) || !manifestPath) {
    const missing = !existsSync(indexPath) ? indexPath : path.join(dist, '.vite', 'manifest.json');
    fail(`${missing} not found: run \`npm run build\` first (the Vite build must have build.manifest: true).`);
  }
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    fail(`${manifestPath} is not valid JSON: ${error.message}`);
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) fail(`${manifestPath} is not a Vite manifest`);
  return { html: readFileSync(indexPath, 'utf8'), manifest, manifestPath };
}

/** The URLs of `<script type="module" src>` and `<link rel="modulepreload" href>` in index.html. */
function initialUrls(html) {
  const urls = [];
  const attr = (tag, name) => {
    const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type')?.toLowerCase() === 'module') urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attr(tag, 'href');
    if (href && rel.includes('modulepreload')) urls.push(href);
  }
  return urls;
}

/**
 * A URL from index.html as a path inside dist: without origin, query, hash and the `base` prefix
 * (found by dropping leading segments until a manifest file or a file in dist matches).
 */
function fileOfUrl(url, dist, manifestFiles) {
  if (/^(https?:)?\/\//i.test(url) && !/^https?:\/\/(localhost|127\.0\.0\.1)/i.test(url)) return undefined; // a CDN: not ours
  let pathname = url.replace(/^https?:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // keep it as written
  }
  const segments = pathname.split('/').filter((s) => s !== '' && s !== '.');
  for (let i = 0; i < segments.length; i++) {
    const candidate = segments.slice(i).join('/');
    if (manifestFiles.has(candidate) || existsSync(path.join(dist, candidate))) return candidate;
  }
  return undefined;
}

function collect(manifest, startKeys, files, reasons, reason) {
  const stack = [...startKeys];
  const seen = new Set();
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = manifest[key];
    if (!entry || typeof entry !== 'object') continue;
    if (typeof entry.file === 'string' && JS_FILE.test(entry.file)) {
      files.add(entry.file);
      if (!reasons.has(entry.file)) reasons.set(entry.file, startKeys.includes(key) ? reason : `${reason} (import)`);
    }
    for (const child of Array.isArray(entry.imports) ? entry.imports : []) stack.push(child);
  }
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const { dist } = options;
  const { html, manifest, manifestPath } = readBuild(dist);

  const keysByFile = new Map();
  for (const [key, entry] of Object.entries(manifest)) {
    if (entry && typeof entry.file === 'string') keysByFile.set(entry.file, [...(keysByFile.get(entry.file) ?? []), key]);
  }
  const manifestFiles = new Set(keysByFile.keys());

  const files = new Set();
  const reasons = new Map();
  const urls = initialUrls(html);
  if (urls.length === 0) fail(`${path.join(dist, 'index.html')} loads no module script: is it a Vite build?`);
  for (const url of urls) {
    const file = fileOfUrl(url, dist, manifestFiles);
    if (!file) {
      console.warn(`note: ${url} in index.html is not in ${posix(path.relative(process.cwd(), dist)) || '.'}; not counted`);
      continue;
    }
    const keys = keysByFile.get(file);
    if (keys) collect(manifest, keys, files, reasons, 'entry');
    else if (JS_FILE.test(file)) {
      files.add(file);
      reasons.set(file, 'entry (not in manifest)');
    }
  }

  const landingKeys = Object.entries(manifest)
    .filter(([key, entry]) => [entry?.src, key].some((s) => typeof s === 'string' && posix(s).endsWith(LANDING_PAGE_SRC)))
    .map(([key]) => key);
  if (landingKeys.length > 0) collect(manifest, landingKeys, files, reasons, 'landing page');
  else console.warn(`note: no manifest entry for ${LANDING_PAGE_SRC}; counted only if it is bundled into the entry`);

  const rows = [...files].map((file) => {
    const full = path.join(dist, file);
    if (!existsSync(full)) fail(`${file} is in the manifest but not in ${dist}: rebuild with \`npm run build\``);
    const raw = readFileSync(full);
    return { file, reason: reasons.get(file) ?? '', raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
  const ratio = total / BUDGET_BYTES;

  const table = [['file', 'why', 'raw', 'gzip'], ...rows.map((r) => [r.file, r.reason, kb(r.raw), kb(r.gzip)])];
  table.push(['total', '', kb(totalRaw), kb(total)]);
  const widths = table[0].map((_, i) => Math.max(...table.map((line) => line[i].length)));
  const render = (line) => line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const shown = path.relative(process.cwd(), manifestPath);
  console.log(`Initial JavaScript of the landing page (${shown.startsWith('..') ? manifestPath : posix(shown)}), gzip -9:\n`);
  table.forEach((line, i) => {
    if (i === table.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    console.log(render(line));
  });
  const verdict = total <= BUDGET_BYTES ? 'PASS' : 'FAIL';
  console.log(
    `\nbudget ${kb(BUDGET_BYTES)} gzipped (${BUDGET_BYTES} bytes); total ${total} bytes; total/budget = ${ratio.toFixed(2)}  ${verdict}`,
  );

  if (options.check && total > BUDGET_BYTES) {
    fail(
      `the landing page loads ${kb(total)} of gzipped JavaScript, over the ${kb(BUDGET_BYTES)} budget by ${kb(total - BUDGET_BYTES)}. ` +
        'Load more of it lazily (React.lazy / dynamic import) or drop a dependency.',
    );
  }
}

main();
