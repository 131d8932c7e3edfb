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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // zod and the module that turns its eval probe off share one chunk, so the setting holds
        // before any other chunk (the REST contract's schemas) makes or parses a schema: a chunk
        // runs after the chunks it imports, and main.tsx's import order alone cannot ensure it.
        manualChunks: (id: string) =>
          /[\\/]node_modules[\\/]zod[\\/]|[\\/]app[\\/]zod-jitless\.ts$/.test(id) ? 'zod' : undefined,
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://${api}`,
      '/ws': { target: `ws://${api}`, ws: true },
    },
  },
});
