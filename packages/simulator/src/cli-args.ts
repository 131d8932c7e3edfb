/**
 * The simulator command line, parsed and checked without side effects: argv in, either the
 * fleet settings (devices dialling a DTU gateway), the Modbus TCP settings (devices the server
 * dials), the MQTT settings (devices on a broker), a request for help, or the message explaining
 * what is wrong.
 */
import { EQUIPMENT_TYPES, equipmentType } from '@fieldlink/protocol';
import type { HostRole } from '@fieldlink/protocol';
import { DEFAULT_DTU_PORT } from './dtu-client.js';
import { fleetSerial, MAX_FLEET_INDEX } from './fleet.js';
import { DEFAULT_REPORT_MS, MIN_REPORT_MS } from './mqtt-client.js';
import { checkSecret, checkSerial, standaloneType } from './virtual-device.js';

export interface SimulateOptions {
  readonly count: number;
  readonly type: string;
  readonly host: string;
  readonly port: number;
  readonly prefix: string;
  readonly secret?: string;
  /** Heartbeat period in ms; 0 sends none. */
  readonly heartbeatMs: number;
  /** Devices started every 100 ms. */
  readonly stagger: number;
  /** `--slaves N [--slave-type T]`: sub-devices behind every host. */
  readonly slaves?: SlaveOptions;
  /** `--state-dir DIR`: keep each device's state in DIR. */
  readonly stateDir?: string;
}

/** Sub-devices behind every host of a run: `count` of `type`, at addresses 1 … count. */
export interface SlaveOptions {
  readonly count: number;
  readonly type: string;
}

/** `--modbus-tcp PORT`: each device a Modbus TCP server, on consecutive ports from `port`. */
export interface ServeOptions {
  readonly count: number;
  readonly type: string;
  /** The first device's port; device i listens on port + i. */
  readonly port: number;
  readonly prefix: string;
  readonly slaves?: SlaveOptions;
  readonly stateDir?: string;
}

/** `--mqtt URL`: each device a client of the MQTT broker at `url`. */
export interface MqttOptions {
  readonly count: number;
  readonly type: string;
  readonly url: string;
  readonly prefix: string;
  /** How often each device publishes the values that changed, in ms. */
  readonly reportMs: number;
  /** Devices started every 100 ms. */
  readonly stagger: number;
  readonly slaves?: SlaveOptions;
  readonly stateDir?: string;
}

export type ParsedArgs =
  | { readonly kind: 'run'; readonly options: SimulateOptions }
  | { readonly kind: 'mqtt'; readonly options: MqttOptions }
  | { readonly kind: 'serve'; readonly options: ServeOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

const SIMULATED_TYPES = EQUIPMENT_TYPES.filter((t) => t.attachesTo === null).map((t) => t.type);
const HOST_TYPES = EQUIPMENT_TYPES.filter((t) => t.hostRole !== null).map((t) => t.type);
const SLAVE_TYPES = EQUIPMENT_TYPES.filter((t) => t.attachesTo !== null).map((t) => t.type);

/** The most sub-devices behind one host at addresses 1 … N, by host role. */
export const MAX_SLAVES: Readonly<Record<HostRole, number>> = { team: 249, modbus: 247, dl645: 7 };

export const USAGE = `Usage: npm run simulate -- --count N --type TYPE --server HOST[:PORT] [options]
       npm run simulate -- --count N --type TYPE --mqtt URL [options]
       npm run simulate -- --count N --type TYPE --modbus-tcp PORT [options]

Starts N virtual devices of one equipment type, each dialling the gateway's DTU port,
registering with its serial number and answering Modbus RTU requests. With --mqtt, each
device instead connects to the MQTT broker at URL and speaks the MQTT link (status with a
last will, RTU requests and replies, reports of changed values). With --modbus-tcp,
each device is instead a Modbus TCP server the gateway dials: device i (from 0) listens
on PORT + i.

  --count N          number of devices, 1-${MAX_FLEET_INDEX}
  --type TYPE        equipment type: ${SIMULATED_TYPES.join(', ')}
  --server HOST:PORT DTU gateway address (port default ${DEFAULT_DTU_PORT}; IPv6 as [::1]:${DEFAULT_DTU_PORT})
  --prefix P         serial number prefix (default SIM): devices P000001, P000002, …
  --secret S         device secret sent after the serial number (SN:S)
  --heartbeat SEC    heartbeat period in seconds (default 60; 0 sends none)
  --stagger K        devices started every 100 ms (default 200)
  --modbus-tcp PORT  serve the devices as Modbus TCP servers from this port on
                     (instead of --server; --secret, --heartbeat, --stagger do not apply)
  --mqtt URL         connect the devices to this MQTT broker (mqtt://HOST:1883, mqtts://,
                     ws://, wss://; credentials as mqtt://USER:PASSWORD@HOST) instead of
                     --server; --secret and --heartbeat do not apply
  --report-ms MS     with --mqtt: how often each device publishes the values that changed,
                     ${MIN_REPORT_MS}-3600000 ms (default ${DEFAULT_REPORT_MS}; ${MIN_REPORT_MS} for 10 reports a second)
  --slaves N         hosts only (${HOST_TYPES.join(', ')}): N sub-devices
                     behind each, at addresses 1-N: team slaves (N up to ${MAX_SLAVES.team}, all in
                     the slave table), Modbus meters (up to ${MAX_SLAVES.modbus}) or DL645 meters
                     (up to ${MAX_SLAVES.dl645}); a gateway starts with a meter list reading its meters
  --slave-type TYPE  the sub-devices' type (${SLAVE_TYPES.join(', ')});
                     default the first that fits the host
  --state-dir DIR    keep each device's holding registers and clock in DIR/SERIAL.json,
                     loaded at start and written within a second of a change
  --help             show this text
`;

const VALUE_OPTIONS = [
  'count',
  'type',
  'server',
  'prefix',
  'secret',
  'heartbeat',
  'stagger',
  'modbus-tcp',
  'mqtt',
  'report-ms',
  'slaves',
  'slave-type',
  'state-dir',
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

class ArgError extends Error {}

function isValueOption(name: string): name is ValueOption {
  return (VALUE_OPTIONS as readonly string[]).includes(name);
}

/** `--name value` and `--name=value` pairs; a repeated, unknown or valueless option is an error. */
function collect(argv: readonly string[]): Map<ValueOption, string> | 'help' {
  const values = new Map<ValueOption, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (!arg.startsWith('--')) throw new ArgError(`unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    if (!isValueOption(name)) throw new ArgError(`unknown option --${name}`);
    if (values.has(name)) throw new ArgError(`--${name} is given twice`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new ArgError(`--${name} needs a value`);
      i++;
    }
    values.set(name, value);
  }
  return values;
}

function integer(name: string, text: string, min: number, max: number): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new ArgError(`--${name} must be a whole number ${min}-${max}, got ${JSON.stringify(text)}`);
  }
  return n;
}

/** `host`, `host:port`, `[v6]` or `[v6]:port`. */
function parseServer(text: string): { host: string; port: number } {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+))(?::(\d+))?$/.exec(text);
  if (!match) {
    throw new ArgError(
      `--server must be HOST or HOST:PORT (IPv6 as [addr]:PORT), got ${JSON.stringify(text)}`,
    );
  }
  const host = match[1] ?? match[2]!;
  const port = match[3] === undefined ? DEFAULT_DTU_PORT : integer('server port', match[3], 1, 65535);
  return { host, port };
}

function checked(check: () => void): void {
  try {
    check();
  } catch (e) {
    throw new ArgError(e instanceof Error ? e.message : String(e));
  }
}

/** `--slaves`, `--slave-type` and `--state-dir`, shared by both modes. */
function hostArgs(
  values: Map<ValueOption, string>,
  typeName: string,
): Pick<SimulateOptions, 'slaves' | 'stateDir'> {
  const out: { slaves?: SlaveOptions; stateDir?: string } = {};
  const stateDir = values.get('state-dir');
  if (stateDir !== undefined) {
    if (stateDir.trim() === '') throw new ArgError('--state-dir needs a directory');
    out.stateDir = stateDir;
  }
  const slaveType = values.get('slave-type');
  const slavesText = values.get('slaves');
  if (slavesText === undefined) {
    if (slaveType !== undefined) throw new ArgError('--slave-type needs --slaves');
    return out;
  }
  const role = equipmentType(typeName)?.hostRole ?? null;
  if (role === null) {
    throw new ArgError(
      `--slaves needs a host type (${HOST_TYPES.join(', ')}); ${typeName} carries no sub-devices`,
    );
  }
  const count = integer('slaves', slavesText, 1, MAX_SLAVES[role]);
  const fits = EQUIPMENT_TYPES.filter((t) => t.attachesTo === role).map((t) => t.type);
  const type = slaveType ?? fits[0]!;
  if (!fits.includes(type)) {
    throw new ArgError(
      `--slave-type must be one of ${fits.join(', ')} behind a ${typeName}, got ${JSON.stringify(type)}`,
    );
  }
  out.slaves = { count, type };
  return out;
}

/** The options the `--mqtt URL` mode takes. */
const MQTT_MODE_OPTIONS: readonly string[] = [
  'count',
  'type',
  'prefix',
  'stagger',
  'mqtt',
  'report-ms',
  'slaves',
  'slave-type',
  'state-dir',
];
const MAX_REPORT_MS = 3_600_000;

/** The `--mqtt URL` mode. */
function mqttArgs(values: Map<ValueOption, string>): ParsedArgs {
  for (const name of values.keys()) {
    if (!MQTT_MODE_OPTIONS.includes(name)) throw new ArgError(`--${name} does not apply with --mqtt`);
  }
  for (const required of ['count', 'type'] as const) {
    if (!values.has(required)) throw new ArgError(`--${required} is required`);
  }
  const count = integer('count', values.get('count')!, 1, MAX_FLEET_INDEX);
  const type = values.get('type')!;
  checked(() => standaloneType(type));
  const url = values.get('mqtt')!;
  if (!/^(mqtts?|wss?):\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(url)) {
    throw new ArgError(
      `--mqtt must be an mqtt://, mqtts://, ws:// or wss:// URL, got ${JSON.stringify(url)}`,
    );
  }
  const prefix = values.get('prefix') ?? 'SIM';
  checked(() => checkSerial(fleetSerial(prefix, count)));
  const reportMs = integer(
    'report-ms',
    values.get('report-ms') ?? String(DEFAULT_REPORT_MS),
    MIN_REPORT_MS,
    MAX_REPORT_MS,
  );
  const stagger = integer('stagger', values.get('stagger') ?? '200', 1, 100_000);
  return {
    kind: 'mqtt',
    options: { count, type, url, prefix, reportMs, stagger, ...hostArgs(values, type) },
  };
}

/** The `--modbus-tcp PORT` mode. */
function serveArgs(values: Map<ValueOption, string>): ParsedArgs {
  for (const dtuOnly of ['server', 'secret', 'heartbeat', 'stagger'] as const) {
    if (values.has(dtuOnly)) throw new ArgError(`--${dtuOnly} does not apply with --modbus-tcp`);
  }
  for (const required of ['count', 'type'] as const) {
    if (!values.has(required)) throw new ArgError(`--${required} is required`);
  }
  const count = integer('count', values.get('count')!, 1, MAX_FLEET_INDEX);
  const type = values.get('type')!;
  checked(() => standaloneType(type));
  const port = integer('modbus-tcp', values.get('modbus-tcp')!, 1, 65535);
  if (port + count - 1 > 65535) {
    throw new ArgError(`--modbus-tcp ${port} leaves no room for ${count} devices on consecutive ports`);
  }
  const prefix = values.get('prefix') ?? 'SIM';
  checked(() => checkSerial(fleetSerial(prefix, count)));
  return { kind: 'serve', options: { count, type, port, prefix, ...hostArgs(values, type) } };
}

export function parseSimulateArgs(argv: readonly string[]): ParsedArgs {
  try {
    const values = collect(argv);
    if (values === 'help') return { kind: 'help' };
    if (values.has('mqtt')) return mqttArgs(values);
    if (values.has('report-ms')) throw new ArgError('--report-ms applies with --mqtt only');
    if (values.has('modbus-tcp')) return serveArgs(values);
    for (const required of ['count', 'type', 'server'] as const) {
      if (!values.has(required)) throw new ArgError(`--${required} is required`);
    }
    const count = integer('count', values.get('count')!, 1, MAX_FLEET_INDEX);
    const type = values.get('type')!;
    checked(() => standaloneType(type));
    const { host, port } = parseServer(values.get('server')!);
    const prefix = values.get('prefix') ?? 'SIM';
    checked(() => checkSerial(fleetSerial(prefix, count)));
    const secret = values.get('secret');
    if (secret !== undefined) checked(() => checkSecret(secret));
    const heartbeatText = values.get('heartbeat') ?? '60';
    const heartbeat = /^\d+(\.\d+)?$/.test(heartbeatText) ? Number(heartbeatText) : NaN;
    if (!(heartbeat >= 0 && heartbeat <= 86_400)) {
      throw new ArgError(
        `--heartbeat must be a number of seconds 0-86400, got ${JSON.stringify(heartbeatText)}`,
      );
    }
    const stagger = integer('stagger', values.get('stagger') ?? '200', 1, 100_000);
    const subOptions = hostArgs(values, type);
    return {
      kind: 'run',
      options: {
        count,
        type,
        host,
        port,
        prefix,
        ...(secret !== undefined ? { secret } : {}),
        heartbeatMs: Math.round(heartbeat * 1000),
        stagger,
        ...subOptions,
      },
    };
  } catch (e) {
    if (e instanceof ArgError) return { kind: 'error', message: e.message };
    throw e;
  }
}
