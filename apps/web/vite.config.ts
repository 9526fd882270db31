import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    target: 'es2022',
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
