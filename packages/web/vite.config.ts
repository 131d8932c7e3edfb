import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the server from packages/web/dist on the same port as the API; in
// development `npm run dev -w @fieldlink/web` proxies the API and the live channel to PORT 8080.
export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
