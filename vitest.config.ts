import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const protocolEntry = fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url));
const simulatorEntry = fileURLToPath(new URL('./packages/simulator/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: {
    // Server tests drive virtual devices of the simulator; both resolve to their sources.
    alias: { '@fieldlink/protocol': protocolEntry, '@fieldlink/simulator': simulatorEntry },
  },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/web/e2e/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    // CI asks for a machine-readable report too, to print one plain closing line of counts.
    reporters: process.env.TEST_REPORT_FILE
      ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]]
      : ['default'],
  },
});
