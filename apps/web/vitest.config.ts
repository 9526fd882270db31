import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // Forms typed key by key on a loaded two-core machine outlast vitest's 5 s; a hang still fails.
      testTimeout: 20_000,
    },
  }),
);
