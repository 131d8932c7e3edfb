import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openStorage } from './storage/open.js';
import { loadSecrets } from './storage/secrets.js';

const config = loadConfig();
// Created on the first start (or taken from JWT_SECRET); a bad key stops the start here, before
// anything listens, rather than at the first sign-in. The token services take it from here.
await loadSecrets({ dataDir: config.dataDir, env: process.env });
const storage = await openStorage({
  dataDir: config.dataDir,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
});
const app = await buildApp({ storage, logLevel: config.logLevel });
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`Fieldlink is listening on http://localhost:${port}/ (API docs: /docs)`);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await app.close();
  await storage.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
