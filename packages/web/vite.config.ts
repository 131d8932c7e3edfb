import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the server from packages/web/dist on the same port as the API; in
// development `npm run dev -w @fieldlink/web` proxies the API and the live channel to the server
// on API_PORT (default 8080).
const api = `localhost:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': `http://${api}`,
      '/ws': { target: `ws://${api}`, ws: true },
    },
  },
});
