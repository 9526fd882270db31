import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestAppOptions, type TestContext } from './harness.ts';

/**
 * A test app serving a built web app written to a temporary folder: `files` by their path in the build (`index.html`,
 * `assets/index-AbC123xy.js`). Closing the app removes the folder.
 */
export async function createTestAppWithWebDist(files: Record<string, string>, options: TestAppOptions = {}): Promise<TestContext> {
  const dist = mkdtempSync(path.join(tmpdir(), 'rozmova-web-'));
  const removeDist = () => rmSync(dist, { recursive: true, force: true });
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      writeFileSync(path.join(dist, name), text);
    }
    const t = await createTestApp({ ...options, env: { ...options.env, WEB_DIST: dist } });
    return {
      ...t,
      async close() {
        await t.close();
        removeDist();
      },
    };
  } catch (error) {
    removeDist();
    throw error;
  }
}
