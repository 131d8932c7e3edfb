/**
 * The server under the fleet benchmark: the probe (server-probe.ts), then the built server whose
 * main module is the first argument. Run as the main module after `--import tsx`, so tsx is in
 * place before the probe loads (a second `--import` of a TypeScript file may race its set-up).
 *
 *   node --import tsx bench/fleet/server-main.ts packages/server/dist/main.js
 */
import { pathToFileURL } from 'node:url';
import './server-probe.js';

const main = process.argv[2];
if (main === undefined) throw new Error('usage: server-main.ts <the server main module>');
await import(pathToFileURL(main).href);
