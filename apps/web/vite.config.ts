import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { forcedColorSchemes } from './src/app/forced-color-schemes.ts';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'forced-color-schemes',
      transformIndexHtml: (html) => html.replace('/*forced-color-schemes*/ {}', JSON.stringify(forcedColorSchemes)),
    },
  ],
  build: {
    manifest: true,
    target: 'es2022',
    // Every browser the app supports preloads modules itself (Safari from 17); older ones only load lazy pages later.
    modulePreload: { polyfill: false },
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
