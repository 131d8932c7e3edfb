import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const protocolEntry = fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@fieldlink/protocol': protocolEntry },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
  },
});
