import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { inputsHash, repositoryRoot, targets, writeStamp } from '../../scripts/build-stamp.mjs';
import { forcedColorSchemes } from './src/app/forced-color-schemes.ts';
import { prerenderPlugin } from './scripts/prerender.ts';

const api = 'http://localhost:3000';

/** The build writes the hash of its sources (taken before it reads them) beside its files, so `npm start` knows it is current. */
function buildStamp(): Plugin {
  let hash = '';
  return {
    name: 'build-stamp',
    apply: 'build',
    buildStart: () => {
      hash = inputsHash(repositoryRoot, targets.web.inputs);
    },
    writeBundle: (options) => writeStamp(options.dir!, hash),
  };
}

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'forced-color-schemes',
      transformIndexHtml: (html) => html.replace('/*forced-color-schemes*/ {}', JSON.stringify(forcedColorSchemes)),
    },
    buildStamp(),
    prerenderPlugin(),
  ],
  // The year the prerendered footer says: the browser's first render must say the same (app/layouts/site-footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    manifest: true,
    // Source maps for the error monitor, not for browsers: no sourceMappingURL comment, and the server never serves a
    // .map file (docs/monitoring.md: a deployment uploads them, then deletes them).
    sourcemap: 'hidden',
    target: 'es2022',
    // Every browser the app supports preloads modules itself (Safari from 17); older ones only load lazy pages later.
    modulePreload: { polyfill: false },
    rollupOptions: { output: { experimentalMinChunkSize: 20_000 } },
  },
  server: {
    proxy: {
      '/v1': api,
      '/api': api,
      '/dev': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
