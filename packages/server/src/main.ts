/**
 * The server process: settings, secrets and store, the first administrator (ADMIN_USER), the demo
 * accounts, the bus the nodes share (Redis, or this node alone), then the HTTP listener, the DTU
 * listener devices dial, the dialer of the devices the server reaches over Modbus TCP, and the MQTT
 * gateway of the devices that reach it through a broker.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { weatherService } from './weather/settings.js';
import { adminBootstrapMessage, bootstrapAdmin } from './accounts/bootstrap-admin.js';
import { codeSenderFor } from './accounts/code-sender.js';
import { buildApp } from './app.js';
import { MemoryBus } from './bus/memory-bus.js';
import { BusNode } from './bus/node.js';
import { RedisBus } from './bus/redis-bus.js';
import { loadConfig } from './config.js';
import { startDemoPlant } from './demo/plant.js';
import type { DemoPlant } from './demo/plant.js';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from './demo/seed.js';
import {
  DEMO_ACCOUNT_NAMES,
  DEMO_ADMIN_USER_NAME,
  DEMO_USERS,
  retireDemoAdmin,
  seedDemoUsers,
} from './demo/users.js';
import { seedDemoReports } from './demo/reports.js';
import { seedDemoValueAdded } from './demo/value-added.js';
import { startDemoVideoCloud } from './demo/video-cloud.js';
import { DeviceService } from './gateway/devices/device-service.js';
import { DtuListener } from './gateway/dtu/dtu-listener.js';
import { linkSecretKey } from './gateway/dtu/secrets.js';
import { componentLog } from './gateway/link/log.js';
import { LinkRegistry } from './gateway/link/registry.js';
import { releaseStaleLinks } from './gateway/link/stale-links.js';
import { DialPolicy } from './gateway/modbus-tcp/dial-policy.js';
import { ModbusTcpDialer } from './gateway/modbus-tcp/modbus-tcp-dialer.js';
import { MqttGateway } from './gateway/mqtt/mqtt-gateway.js';
import { HistoryRecorder } from './history/recorder.js';
import { ZonedTime } from './history/time.js';
import { mailOutletFromEnv } from './mail/outlet.js';
import { AlarmMailer } from './notices/alarm-mailer.js';
import { AlarmNotices } from './notices/alarm-notices.js';
import { mailNodeId, stillHeld } from './notices/mail-claims.js';
import { MailRecovery } from './notices/mail-recovery.js';
import { markMail } from './notices/store.js';
import { ReportScheduler } from './reports/scheduler.js';
import { scheduleRetention } from './history/retention.js';
import { SqliteHistoryThread } from './history/sqlite-history.js';
import { HistoryWriter } from './history/writer.js';
import { raiseOpenFileLimit } from './process-limits.js';
import { openStorage, redactUrl } from './storage/open.js';
import { createDatabaseBlobStore } from './files/blob-store/database.js';
import { createS3BlobStore, parseS3Settings } from './files/blob-store/s3.js';
import { loadSecrets } from './storage/secrets.js';

type AppLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const config = loadConfig();
// Created on the first start (or taken from JWT_SECRET); a bad key stops the start here, before
// anything listens, rather than at the first sign-in. The token services take it from here.
const secrets = await loadSecrets({ dataDir: config.dataDir, env: process.env });
// Bad SMTP settings stop the start too. Codes that are not mailed go to the app's log, which exists
// only once the app is built, hence the indirection.
let log: (line: string) => void = (line) => console.log(line);
// One reading of the mail settings for code and alarm mails (one SMTP transport).
const mailOutlet = mailOutletFromEnv(process.env);
const codeSender = codeSenderFor(mailOutlet, (line) => log(line));
const storage = await openStorage({
  dataDir: config.dataDir,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
});
// Stored files' bytes: in an S3-compatible object store with S3_URL (checked now, so wrong
// settings stop the start), else in the database (files/blob-store/).
const s3Settings = parseS3Settings(process.env);
const blobStore = s3Settings === null ? createDatabaseBlobStore(storage.db) : createS3BlobStore(s3Settings);
await blobStore.check();
// The demo account and its devices, on a store that has none yet (DEMO=0 turns this off).
// Link secrets are sealed under a key derived from the server's secret key (gateway/dtu/secrets.ts).
const linkKey = linkSecretKey(secrets.jwtKey);
const demo = config.demo ? await seedDemo(storage.db, Date.now(), linkKey) : { created: false };
// The first administrator, from ADMIN_USER and ADMIN_PASSWORD (never a built-in one); the demo's
// users of §6 beside `demo`; and with DEMO off, no administrator opened by a published password.
const adminSetUp = config.admin ? await bootstrapAdmin(storage.db, config.admin, Date.now()) : null;
const demoUsers = config.demo ? await seedDemoUsers(storage.db, Date.now()) : [];
// The demo's value-added entries for everyone, on a store that has none.
if (config.demo) await seedDemoValueAdded(storage.db, Date.now());
// The demo account's daily report, when it has no report settings yet.
if (config.demo) await seedDemoReports(storage.db, Date.now());
const retiredDemoAdmin = config.demo ? null : await retireDemoAdmin(storage.db, Date.now());
// The demo's video cloud, simulated here on loopback, is the cameras' cloud unless VIDEO_CLOUD_URL
// names one (then it is not started).
const demoVideoCloud =
  config.demo && !config.videoCloudUrl ? await startDemoVideoCloud(loopbackOf(config.host)) : null;
const videoCloudUrl = config.videoCloudUrl ?? demoVideoCloud?.url;
// The device link: the live channel's fan-out, history, the DTU listener and what reads and
// operates the devices whose links are up. The app's log exists only once the app is built.
let appLog: AppLogger | null = null;
const logOf = (component: string) => componentLog(component, () => appLog);
// With REDIS_URL the nodes share the live fan-out (a console hears every node's pushes) and carry
// operations to the node that holds a device's link; without it this node is alone.
const busLog = logOf('bus');
const busNode = new BusNode({
  bus: config.redisUrl
    ? new RedisBus({ url: config.redisUrl, nodeId: config.mqttNodeId, log: busLog })
    : new MemoryBus(config.mqttNodeId),
  log: busLog,
});
const hub = busNode.hub;
// On SQLite, history batches are committed by a thread of their own (history/sqlite-history.ts),
// which also does the WAL checkpoints: the event loop's connection leaves them to it.
const historyThread = storage.file ? new SqliteHistoryThread({ file: storage.file, db: storage.db }) : null;
if (historyThread) {
  await historyThread.start();
  await sql`pragma wal_autocheckpoint = 0`.execute(storage.db);
}
const history = new HistoryWriter(storage.db, {
  onError: (err) => appLog?.error({ err }, 'history write failed'),
  onBacklog: (refusedRows, queuedRows) =>
    appLog?.warn({ refusedRows, queuedRows }, 'history writer behind: rows refused'),
  // The thread takes bigger batches: a batch costs it one message each way.
  ...(historyThread ? { store: historyThread, batchRows: 5000 } : {}),
});
// Each alarm raised becomes a notice for every user who may read the equipment, and an e-mail for
// those who asked for one (notices/alarm-notices.ts); queued, never in the recorder's way. A mail
// held here is claimed in the store with a lease, so that another node sends it should this one
// stop; every node sweeps for such mails (notices/mail-recovery.ts). Started once the app's log exists.
const mailNode = mailNodeId(config.mqttNodeId);
const alarmMailer = new AlarmMailer({
  mark: markMail(storage.db),
  outlet: mailOutlet,
  zone: new ZonedTime(config.timeZone),
  log: logOf('notices'),
  stillHeld: (ids) => stillHeld(storage.db, mailNode, ids, Date.now()),
});
const alarmNotices = new AlarmNotices({
  db: storage.db,
  hub,
  mailer: alarmMailer,
  mailNode,
  timeZone: config.timeZone,
  log: logOf('notices'),
});
const mailRecovery = new MailRecovery({
  db: storage.db,
  mailer: alarmMailer,
  node: mailNode,
  log: logOf('notices'),
});
// Scheduled reports (reports/scheduler.ts): every node ticks; each report is claimed in the store
// before it is made, so it goes once. Started once the app's log exists.
const reportScheduler = new ReportScheduler({
  db: storage.db,
  outlet: mailOutlet,
  timeZone: config.timeZone,
  node: config.mqttNodeId,
  log: logOf('reports'),
});
const recorder = new HistoryRecorder({
  writer: history,
  publish: alarmNotices.publisher((id, message) => hub.publish(id, message)),
  timeZone: config.timeZone,
});
const dtuLog = logOf('dtu');
// The live device links of every transport, by serial number: a link added marks its equipment
// online (with this node as its holder), one that closes marks it offline.
const registry = new LinkRegistry({ db: storage.db, log: dtuLog, nodeId: config.mqttNodeId });
const dtu = new DtuListener({
  db: storage.db,
  registry,
  heartbeat: config.dtuHeartbeat,
  registration: config.dtuRegistration,
  link: { idleMs: config.dtuIdleSeconds * 1000 },
  log: dtuLog,
  // Contested links are alarms: an event in the history and a push to the equipment's consoles.
  contests: {
    recordEvent: (event) => history.recordEvent(event),
    publish: (id, message) => hub.publish(id, message),
    timeZone: config.timeZone,
  },
});
// Loopback, link-local and the server's own addresses are not dialled unless MODBUS_TCP_ALLOW says.
const dialPolicy = new DialPolicy({ allow: config.modbusTcpAllow });
// Devices with a Modbus TCP address are dialled by the server; their links join the same registry.
// A Modbus TCP device speaks only when asked, so its idle limit spans at least three polls.
const dialer = new ModbusTcpDialer({
  db: storage.db,
  registry,
  link: { idleMs: Math.max(config.dtuIdleSeconds, 3 * config.pollSeconds) * 1000 },
  log: logOf('modbus-tcp'),
  policy: dialPolicy,
});
const devices = new DeviceService({
  db: storage.db,
  registry,
  hub,
  recorder,
  pollMs: config.pollSeconds * 1000,
  timeZone: config.timeZone,
  log: dtuLog,
});
// Operations go to the device service, or over the bus to the node that holds the device's link.
const operator = busNode.attach({ db: storage.db, registry, devices });
// Devices that reach the server through an MQTT broker (MQTT_URL); their links join the same
// registry, and the state they report of their own accord goes to the device service.
const mqtt = config.mqttUrl
  ? new MqttGateway({
      url: config.mqttUrl,
      nodeId: config.mqttNodeId,
      db: storage.db,
      registry,
      reports: devices,
      link: { idleMs: Math.max(config.dtuIdleSeconds, 3 * config.pollSeconds) * 1000 },
      log: logOf('mqtt'),
    })
  : null;
const app = await buildApp({
  storage,
  secrets,
  codeSender,
  logLevel: config.logLevel,
  logFormat: config.logFormat,
  demo: config.demo,
  liveHub: hub,
  devices: operator,
  webDir: config.webDir,
  dialPolicy,
  trustProxy: config.trustProxy,
  liveLimits: { maxPerAddress: config.wsMaxPerAddress },
  redirectAllow: config.redirectAllow,
  microAppOrigins: config.microAppOrigins,
  serveSourceMaps: config.serveSourceMaps,
  fileLimits: { maxFileBytes: config.fileMaxBytes, quotaBytes: config.fileQuotaBytes },
  timeZone: config.timeZone,
  mailOutlet,
  cameras: {
    ...(videoCloudUrl ? { videoCloudUrl } : {}),
    // Loopback, link-local and the server's own addresses are not fetched unless CAMERA_STREAM_ALLOW says.
    streamPolicy: new DialPolicy({ allow: config.cameraStreamAllow }),
  },
  blobStore,
  weather: weatherService(config.weather),
  ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
});
appLog = app.log;
// Every connection holds a file descriptor: the limit is raised as far as it goes, and logged.
const fileLimit = await raiseOpenFileLimit();
app.log[fileLimit.level](fileLimit.details, fileLimit.message);
// Devices still marked online from a stop that did not close their links (a crash), before any
// link can come up. Alone (SQLite is one process's; no bus and no broker shared with other
// nodes) every online device was this node's; otherwise those it held, by its node id.
const stale = await releaseStaleLinks({
  db: storage.db,
  nodeId: config.mqttNodeId,
  alone: storage.file !== undefined || (!config.redisUrl && !config.mqttUrl),
  recorder,
});
if (stale.released > 0) {
  app.log.info(stale, 'devices this node held before it stopped marked offline');
}
const retention = scheduleRetention(storage.db, {
  retentionDays: config.historyRetentionDays,
  onError: (err) => app.log.error({ err }, 'history retention failed'),
});
reportScheduler.start();
mailRecovery.start();
log = (line) => app.log.info(line);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// The start is told in log entries like everything else (one format, LOG_FORMAT): the sentence
// for people, the number a script needs as a field.
const url = `http://localhost:${port}/`;
app.log.info({ port }, `Fieldlink is listening on ${url} (API docs: /docs)`);
app.log.info(
  { fileStore: blobStore.kind },
  s3Settings === null
    ? 'Stored files are kept in the database'
    : `Stored files are kept in the S3 bucket ${s3Settings.bucket} at ${s3Settings.url}`,
);
if (!existsSync(join(config.webDir, 'index.html'))) {
  app.log.warn(
    { webDir: config.webDir },
    `The web console is not built (no index.html in ${config.webDir}): run npm run build`,
  );
}
if (demo.created) {
  app.log.info({ user: DEMO_USER_NAME }, `Demo account: ${DEMO_USER_NAME} / ${DEMO_PASSWORD}`);
}
if (demoUsers.length > 0) {
  app.log.info(
    { users: demoUsers },
    `Demo users created: ${DEMO_USERS.filter((u) => demoUsers.includes(u.userName))
      .map((u) => `${u.userName} / ${u.password}`)
      .join(', ')}`,
  );
}
if (config.demo) {
  app.log.warn(
    { users: DEMO_ACCOUNT_NAMES },
    `DEMO is on: the demo accounts ${DEMO_ACCOUNT_NAMES.join(', ')} have published passwords (admin is an administrator); set DEMO=0 on a server others can reach`,
  );
}
if (retiredDemoAdmin !== null) {
  app.log.warn(
    { user: DEMO_ADMIN_USER_NAME, userId: retiredDemoAdmin },
    `Account ${DEMO_ADMIN_USER_NAME} disabled: an administrator with the published demo password on a server with DEMO off (enable it from another administrator after changing its password, or set ADMIN_USER=${DEMO_ADMIN_USER_NAME} with a strong ADMIN_PASSWORD)`,
  );
}
if (adminSetUp && config.admin) {
  app.log.info(
    { user: config.admin.userName, userId: adminSetUp.userId, outcome: adminSetUp.outcome },
    adminBootstrapMessage(config.admin.userName, adminSetUp),
  );
}
// Connects in the background, and again after any loss.
if (config.redisUrl) {
  const redis = redactUrl(config.redisUrl);
  app.log.info({ node: busNode.bus.nodeId }, `Redis bus: ${redis}, node ${busNode.bus.nodeId}`);
}

const dtuPort = await dtu.listen(config.dtuPort, config.host);
app.log.info({ dtuPort }, `DTU listener on port ${dtuPort}`);

// The demo account's devices, simulated here and dialling the listener over loopback.
let plant: DemoPlant | null = null;
if (config.demo) {
  plant = await startDemoPlant({
    db: storage.db,
    host: loopbackOf(config.host),
    port: dtuPort,
    dataDir: config.dataDir,
    heartbeat: config.dtuHeartbeat,
    linkSecretKey: linkKey,
    log: (message) => app.log.warn({ component: 'demo' }, message),
  });
  if (plant.serials.length > 0) {
    app.log.info({ devices: plant.serials.length }, `Demo devices simulated: ${plant.serials.join(', ')}`);
  }
}
if (demoVideoCloud) {
  app.log.info({ videoCloud: demoVideoCloud.url }, `Demo video cloud on ${demoVideoCloud.url}`);
}
if (mqtt) {
  // Connects in the background, and again after any loss.
  mqtt.start();
  app.log.info({ node: mqtt.nodeId }, `MQTT gateway: broker ${mqtt.broker}, node ${mqtt.nodeId}`);
}

// Modbus TCP addresses are read now and every 30 s, so an address set in the console is dialled
// within half a minute.
const MODBUS_TCP_REFRESH_MS = 30_000;
await dialer.refresh();
const dialerRefresh = setInterval(() => void dialer.refresh(), MODBUS_TCP_REFRESH_MS);
dialerRefresh.unref();

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  // Links first: their devices are marked offline while the store is still open.
  clearInterval(dialerRefresh);
  await plant?.stop();
  await dialer.close();
  await mqtt?.close();
  await dtu.close();
  await registry.close();
  await devices.stop();
  // No more sweeps; the mailer sends what the caps allow; the rest goes to the other nodes at once.
  await mailRecovery.stop();
  await alarmNotices.close();
  await mailRecovery.release();
  await reportScheduler.close();
  await app.close();
  await demoVideoCloud?.stop();
  await busNode.close();
  await retention.stop();
  await history.close();
  await historyThread?.close();
  await storage.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

/** The address a local client dials for a listener bound to `host`. */
function loopbackOf(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}
