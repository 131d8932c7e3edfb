import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfoDefine } from './build/build-info';
import { bundledLicenses } from './build/licenses';

// The console is served by the server from packages/web/dist on the same port as the API; in
// development `npm run dev -w @fieldlink/web` proxies the API and the live channel to the server
// on API_PORT (default 8080).
const api = `localhost:${process.env.API_PORT ?? '8080'}`;
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  base: './',
  // The About page's facts: version, commit and build time (build/build-info.ts), and the licences
  // of the bundled packages, written as licenses.json (build/licenses.ts).
  define: buildInfoDefine(root),
  plugins: [react(), bundledLicenses()],
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
