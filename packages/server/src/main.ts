/**
 * The server process: settings, secrets and store, the demo account, then the HTTP listener and
 * the DTU listener devices dial.
 */
import { codeSenderFromEnv } from './accounts/code-sender.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from './demo/seed.js';
import { DtuListener } from './gateway/dtu-listener.js';
import { openStorage } from './storage/open.js';
import { loadSecrets } from './storage/secrets.js';

const config = loadConfig();
// Created on the first start (or taken from JWT_SECRET); a bad key stops the start here, before
// anything listens, rather than at the first sign-in. The token services take it from here.
const secrets = await loadSecrets({ dataDir: config.dataDir, env: process.env });
// Bad SMTP settings stop the start too. Codes that are not mailed go to the app's log, which exists
// only once the app is built, hence the indirection.
let log: (line: string) => void = (line) => console.log(line);
const codeSender = codeSenderFromEnv(process.env, (line) => log(line));
const storage = await openStorage({
  dataDir: config.dataDir,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
});
// The demo account and its devices, on a store that has none yet (DEMO=0 turns this off).
const demo = config.demo ? await seedDemo(storage.db, Date.now()) : { created: false };
const app = await buildApp({
  storage,
  secrets,
  codeSender,
  logLevel: config.logLevel,
  ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
});
log = (line) => app.log.info(line);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`Fieldlink is listening on http://localhost:${port}/ (API docs: /docs)`);
if (demo.created) console.log(`Demo account: ${DEMO_USER_NAME} / ${DEMO_PASSWORD}`);

const dtu = new DtuListener({
  db: storage.db,
  heartbeat: config.dtuHeartbeat,
  link: { idleMs: config.dtuIdleSeconds * 1000 },
  log: app.log.child({ component: 'dtu' }),
});
const dtuPort = await dtu.listen(config.dtuPort, config.host);
console.log(`DTU listener on port ${dtuPort}`);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  // Links first: their devices are marked offline while the store is still open.
  await dtu.close();
  await app.close();
  await storage.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
