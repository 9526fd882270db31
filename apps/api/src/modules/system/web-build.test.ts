import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cspDirectives, inlineScriptHashes } from '../../test/csp.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';

/*
 * A deployment that replaces the built web app while the server runs: the build manifest (GET /api/version) and the
 * pages follow the files on disk, and a tab opened before keeps getting the previous build's hashed assets.
 */

const indexHtml = (build: string) => `<!doctype html>
<html lang="en">
  <head>
    <title>Rozmova</title>
    <script>window.firstPaint = '${build}';</script>
    <script type="module" crossorigin src="/assets/index-${build}.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** Writes a file as a deployment should: a temporary file renamed over the old one, so no reader sees half of it. */
function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

const buildId = async (t: TestContext) => (await call(t.app, 'GET', '/api/version')).body.build_id as string;

describe('a deployment that replaces the web app without a restart', () => {
  let t: TestContext;
  let root: string;
  let dist: string;
  let previous: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'rozmova-deploy-'));
    dist = path.join(root, 'current');
    previous = path.join(root, 'previous');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(previous, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), indexHtml('AAAA1111'));
    writeFileSync(path.join(dist, 'assets', 'index-AAAA1111.js'), 'console.log("A");\n');
    writeFileSync(path.join(dist, 'assets', 'page-AAAA1111.js'), 'export const page = "A";\n');
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    t = await createTestApp({ env: { WEB_DIST: dist, WEB_DIST_PREVIOUS: previous, BUILD_ID: 'release-41' } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('build A: BUILD_ID names it; the manifest is never cached', async () => {
    const response = await call(t.app, 'GET', '/api/version');
    expect(response.body).toEqual({ build_id: 'release-41' });
    expect(response.headers['cache-control']).toBe('no-store');
    const page = await call(t.app, 'GET', '/', { headers: { accept: 'text/html' } });
    expect(page.text).toContain('"build_id":"release-41"');
  });

  test('build B replaces A on disk: the manifest, the page and its Content-Security-Policy follow within a second', async () => {
    // The deployment keeps A's hashed files beside B's previous build folder and removes them from the current one.
    renameSync(path.join(dist, 'assets', 'page-AAAA1111.js'), path.join(previous, 'assets', 'page-AAAA1111.js'));
    writeFileSync(path.join(dist, 'assets', 'index-BBBB2222.js'), 'console.log("B");\n');
    writeAtomically(path.join(dist, 'index.html'), indexHtml('BBBB2222'));

    await expect.poll(() => buildId(t), { timeout: 5000, interval: 100 }).not.toBe('release-41');
    const id = await buildId(t);
    expect(id).toMatch(/^[0-9a-f]{12}$/);

    const page = await call(t.app, 'GET', '/about-us', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('/assets/index-BBBB2222.js');
    expect(page.text).toContain(`"build_id":"${id}"`);
    const hashes = inlineScriptHashes(page.text);
    expect(hashes).toHaveLength(2);
    expect(cspDirectives(page.headers['content-security-policy'])['script-src']!.sort()).toEqual(["'self'", ...hashes].sort());
  });

  test("B's new files are served although they were written after the start, with immutable caching", async () => {
    const asset = await call(t.app, 'GET', '/assets/index-BBBB2222.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("B");\n');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('javascript');
  });

  test("a tab of build A still gets A's lazy chunk from the previous build", async () => {
    const chunk = await call(t.app, 'GET', '/assets/page-AAAA1111.js');
    expect(chunk.status).toBe(200);
    expect(chunk.text).toBe('export const page = "A";\n');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file neither build has is still the app's 404.
    const missing = await call(t.app, 'GET', '/assets/page-CCCC3333.js', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('export const');
  });

  test.each([
    '/.vite/manifest.json',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/assets/page-AAAA1111.js%00',
    `/assets/${'a'.repeat(5000)}.js`,
  ])('%s: a 4xx, no file outside the builds', async (url) => {
    writeFileSync(path.join(root, 'secret.txt'), 'outside-the-builds\n');
    const response = await call(t.app, 'GET', url);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.text).not.toContain('outside-the-builds');
    expect(response.text).not.toBe('{}');
  });

  test("only the previous build's hashed assets are served, not its other files", async () => {
    writeFileSync(path.join(previous, 'old-only.txt'), 'old\n');
    expect((await call(t.app, 'GET', '/old-only.txt')).status).toBe(404);
  });

  test('50 manifest requests at once while index.html is replaced again: each answers one whole build', async () => {
    const before = await buildId(t);
    const answers = call(t.app, 'GET', '/api/version');
    const all = await Promise.all([
      answers,
      ...Array.from({ length: 49 }, (_, index) => {
        if (index === 20) writeAtomically(path.join(dist, 'index.html'), indexHtml('CCCC3333'));
        return call(t.app, 'GET', '/api/version');
      }),
    ]);
    expect(all.map((response) => response.status)).toEqual(Array(50).fill(200));
    await expect.poll(() => buildId(t), { timeout: 5000, interval: 100 }).not.toBe(before);
    const after = await buildId(t);
    expect(all.every((response) => [before, after].includes(response.body.build_id))).toBe(true);
  });
});
