import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const tests = 'src/**/*.test.{ts,tsx}';
// A file that replaces a module (`vi.mock`) needs a module graph of its own: in a shared one, the module may already be
// loaded, unreplaced, by an earlier file.
const src = fileURLToPath(new URL('./src/', import.meta.url));
const replacingModules = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(`${src}${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file}`);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // Forms typed key by key on a loaded two-core machine outlast vitest's 5 s; a hang still fails.
      testTimeout: 20_000,
      projects: [
        {
          extends: true,
          // A worker's files share one jsdom page and module graph instead of building both again for each file: the
          // suite took 523 s on CI, mostly importing Mantine and starting jsdom 153 times. src/test/setup.ts clears
          // what a file could leave for the next (storage, unanswered calls).
          test: { name: 'shared page', include: [tests], exclude: [...configDefaults.exclude, ...replacingModules], isolate: false },
        },
        { extends: true, test: { name: 'own modules', include: replacingModules } },
      ],
    },
  }),
);
