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
    // CI asks for a machine-readable report too, to print one plain closing line of counts.
    reporters: process.env.TEST_REPORT_FILE
      ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]]
      : ['default'],
  },
});
