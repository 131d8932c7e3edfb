/**
 * The simulator command: `npm run simulate -- --count N --type FL-R8 --server host:port`.
 * Starts a fleet of virtual devices, prints a status line every 5 s and closes every link on
 * SIGINT or SIGTERM. With `--mqtt URL` each device is a client of that MQTT broker instead. With
 * `--modbus-tcp PORT` the devices are Modbus TCP servers on consecutive
 * ports instead, closed the same way. Hosts can carry sub-devices (`--slaves`); `--state-dir`
 * keeps each device's state across runs. Bad arguments print the reason and exit with code 2.
 */
import type { ServeOptions, SlaveOptions } from './cli-args.js';
import type { MqttOptions } from './cli-args.js';
import { parseSimulateArgs, USAGE } from './cli-args.js';
import { Fleet, fleetSerial, MqttFleet } from './fleet.js';
import { prefillLists } from './hosts/lists.js';
import type { SubDeviceSpec } from './hosts/sub-devices.js';
import { ModbusTcpServer } from './modbus-tcp-server.js';
import { DeviceStateStore } from './state-store.js';
import { VirtualDevice } from './virtual-device.js';

const STATUS_EVERY_MS = 5000;

function line(fleet: Pick<Fleet, 'status'>): string {
  const s = fleet.status();
  const time = new Date().toISOString().slice(11, 19);
  return `${time} connected ${s.connected}/${s.total} (started ${s.started}, drops ${s.drops})`;
}

/** `--slaves N`: sub-devices at addresses 1 … N. */
function subDevices(slaves: SlaveOptions | undefined): SubDeviceSpec[] {
  return Array.from({ length: slaves?.count ?? 0 }, (_, i) => ({ type: slaves!.type, address: i + 1 }));
}

/**
 * Gives each gateway its default meter list, then loads the saved state of each device when a
 * state directory is given (a saved list replaces the default). Returns the store, started.
 */
function prepare(devices: readonly VirtualDevice[], stateDir: string | undefined): DeviceStateStore | null {
  for (const device of devices) prefillLists(device);
  if (stateDir === undefined) return null;
  const store = new DeviceStateStore(stateDir, {
    report: (message) => process.stderr.write(`simulate: ${message}\n`),
  });
  let loaded = 0;
  for (const device of devices) if (store.attach(device) === 'loaded') loaded++;
  process.stdout.write(`State in ${stateDir}: ${loaded} of ${devices.length} devices loaded\n`);
  store.start();
  return store;
}

function main(argv: readonly string[]): void {
  const parsed = parseSimulateArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`simulate: ${parsed.message}\nRun with --help for the options.\n`);
    process.exitCode = 2;
    return;
  }
  if (parsed.kind === 'mqtt') {
    mqtt(parsed.options);
    return;
  }
  if (parsed.kind === 'serve') {
    void serve(parsed.options).catch((e: unknown) => {
      process.stderr.write(`simulate: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    });
    return;
  }
  const o = parsed.options;
  let fleet: Fleet;
  let store: DeviceStateStore | null;
  try {
    fleet = new Fleet({
      type: o.type,
      count: o.count,
      host: o.host,
      port: o.port,
      prefix: o.prefix,
      ...(o.secret !== undefined ? { secret: o.secret } : {}),
      stagger: o.stagger,
      link: { heartbeatMs: o.heartbeatMs },
      device: { subDevices: subDevices(o.slaves) },
    });
    store = prepare(
      fleet.clients.map((c) => c.device),
      o.stateDir,
    );
  } catch (e) {
    process.stderr.write(`simulate: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
    return;
  }
  const target = o.host.includes(':') ? `[${o.host}]:${o.port}` : `${o.host}:${o.port}`;
  process.stdout.write(`Simulating ${o.count} × ${o.type} (${o.prefix}…) against ${target}\n`);
  fleet.start();
  const status = setInterval(() => process.stdout.write(`${line(fleet)}\n`), STATUS_EVERY_MS);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`simulate: ${signal} again, exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    clearInterval(status);
    process.stdout.write(`${signal}: closing ${fleet.total} links\n`);
    store?.close();
    void fleet.stop().then(() => {
      process.stdout.write(`${line(fleet)}\nstopped\n`);
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Each device a Modbus TCP server on its own port, until SIGINT or SIGTERM. */
async function serve(o: ServeOptions): Promise<void> {
  const servers: ModbusTcpServer[] = [];
  let store: DeviceStateStore | null = null;
  const stop = async (): Promise<void> => {
    store?.close();
    await Promise.all(servers.map((s) => s.close()));
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
  try {
    const devices = Array.from(
      { length: o.count },
      (_, i) => new VirtualDevice(o.type, fleetSerial(o.prefix, i + 1), { subDevices: subDevices(o.slaves) }),
    );
    store = prepare(devices, o.stateDir);
    for (const [i, device] of devices.entries()) {
      const server = new ModbusTcpServer(device);
      servers.push(server);
      await server.listen(o.port + i);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  const first = fleetSerial(o.prefix, 1);
  const last = fleetSerial(o.prefix, o.count);
  const ports = o.count === 1 ? `port ${o.port}` : `ports ${o.port}-${o.port + o.count - 1}`;
  process.stdout.write(
    `Serving ${o.count} × ${o.type} (${first}${o.count > 1 ? `…${last}` : ''}) as Modbus TCP on ${ports}\n`,
  );
  const status = setInterval(() => {
    const time = new Date().toISOString().slice(11, 19);
    const clients = servers.reduce((sum, s) => sum + s.connections, 0);
    process.stdout.write(`${time} clients ${clients} on ${servers.length} devices\n`);
  }, STATUS_EVERY_MS);
  status.unref();
}

/** The broker URL with its password hidden. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Each device a client of the MQTT broker, until SIGINT or SIGTERM. */
function mqtt(o: MqttOptions): void {
  let fleet: MqttFleet;
  let store: DeviceStateStore | null;
  try {
    fleet = new MqttFleet({
      type: o.type,
      count: o.count,
      url: o.url,
      prefix: o.prefix,
      stagger: o.stagger,
      link: { reportMs: o.reportMs },
      device: { subDevices: subDevices(o.slaves) },
    });
    store = prepare(
      fleet.clients.map((c) => c.device),
      o.stateDir,
    );
  } catch (e) {
    process.stderr.write(`simulate: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
    return;
  }
  process.stdout.write(
    `Simulating ${o.count} × ${o.type} (${o.prefix}…) on the MQTT broker ${shownUrl(o.url)}, ` +
      `reporting changes every ${o.reportMs} ms\n`,
  );
  fleet.start();
  const status = setInterval(() => process.stdout.write(`${line(fleet)}\n`), STATUS_EVERY_MS);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`simulate: ${signal} again, exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    clearInterval(status);
    process.stdout.write(`${signal}: ${fleet.total} devices going offline\n`);
    store?.close();
    void fleet.stop().then(() => {
      process.stdout.write(`${line(fleet)}\nstopped\n`);
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main(process.argv.slice(2));
