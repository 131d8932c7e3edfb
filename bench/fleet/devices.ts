/**
 * Simulated devices of the fleet benchmark, in a process of their own so that tens of thousands of
 * sockets and timers do not share the measuring process's event loop. Takes one JSON argument (a
 * ShardConfig): a shard of FL-R8 devices on DTU links to the server, or on the MQTT broker.
 *
 * The first `held` devices keep each AI channel the benchmark has set at the value it set,
 * whatever their waveforms do; their other channels, and the other devices, run their waveforms
 * (so a held MQTT device still reports its AI1 every report period). Requests come on standard
 * input and answers go to standard output, one JSON document a line:
 *
 *   {"id":1,"op":"set","index":3,"channel":0,"value":1003} → {"id":1,"at":EPOCH_MS}
 *   {"id":2,"op":"status"}                                 → {"id":2,"status":ShardStatus}
 *
 * `index` counts from 0 within the shard; `at` is when the value was set, in epoch milliseconds
 * with the sub-millisecond part (performance.timeOrigin + performance.now(), comparable with the
 * measuring process on the same machine). Prints `ready` once its links are starting; stops its
 * devices and exits when standard input ends (an MQTT shard then clears the retained statuses its
 * devices leave on the broker).
 *
 *   node --conditions=source --import tsx bench/fleet/devices.ts '{"kind":"dtu",…}'
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { mqttDeviceTopics } from '@fieldlink/protocol';
import { Fleet, MqttDeviceClient, MqttFleet } from '@fieldlink/simulator';
import type { DeviceFleet, FleetClient, FleetStatus } from '@fieldlink/simulator';
import { connectAsync } from 'mqtt';
import { mqttInputs } from './mqtt-inputs.js';
import type { MqttMoving } from './mqtt-inputs.js';

export type { MqttMoving } from './mqtt-inputs.js';

interface ShardBase {
  readonly type: string;
  readonly prefix: string;
  /** Index of the first device's serial number (from 1). */
  readonly firstIndex: number;
  readonly count: number;
  /** Devices (the first ones) whose AI values the benchmark sets. */
  readonly held: number;
}

export type ShardConfig =
  | (ShardBase & {
      readonly kind: 'dtu';
      readonly host: string;
      readonly port: number;
      /** How often each device's inputs move, in ms. */
      readonly tickMs: number;
      /** Links dialled every 100 ms. */
      readonly stagger: number;
    })
  | (ShardBase & {
      readonly kind: 'mqtt';
      readonly url: string;
      readonly reportMs: number;
      /** The inputs that move every report: AI1 alone, or all ten (8 DI, 2 AI). */
      readonly moving: MqttMoving;
    });

/** What the benchmark asks of a device process. */
export type ShardCommand =
  | { readonly op: 'set'; readonly index: number; readonly channel: number; readonly value: number }
  | { readonly op: 'status' };

export type ShardRequest = ShardCommand & { readonly id: number };

/**
 * The fleet's status, the reports its MQTT devices published so far (0 on DTU links), and the
 * process's event-loop delay since the last status, in ms.
 */
export interface ShardStatus extends FleetStatus {
  readonly reports: number;
  readonly delayP99: number;
  readonly delayMax: number;
}

const STOP_TIMEOUT_MS = 20_000;
/** Retained statuses cleared at a time. */
const CLEAR_BATCH = 100;

function build(config: ShardConfig): DeviceFleet<FleetClient> {
  const base = {
    type: config.type,
    count: config.count,
    prefix: config.prefix,
    firstIndex: config.firstIndex,
  };
  if (config.kind === 'dtu') {
    return new Fleet({
      ...base,
      host: config.host,
      port: config.port,
      stagger: config.stagger,
      staggerMs: 100,
      link: { tickMs: config.tickMs },
    });
  }
  return new MqttFleet({
    ...base,
    url: config.url,
    link: { reportMs: config.reportMs },
    device: mqttInputs(config.reportMs, config.moving),
  });
}

const config = JSON.parse(process.argv[2] ?? 'null') as ShardConfig | null;
if (config === null) throw new Error('usage: devices.ts <ShardConfig as JSON>');
const fleet = build(config);

// Held devices: after every tick, the channels set by the benchmark are put back.
const held = fleet.clients.slice(0, config.held).map((client) => {
  const values = new Map<number, number>();
  const device = client.device;
  const tick = device.tick.bind(device);
  const apply = (): void => {
    for (const [channel, value] of values) device.memory.inputRegisters[channel] = value;
  };
  device.tick = (now?: number) => {
    tick(now);
    apply();
  };
  apply();
  return { values, apply };
});

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
fleet.start();
process.stdout.write('ready\n');

/** Reports the MQTT devices published so far (0 on DTU links). */
const reportsSent = (): number =>
  fleet.clients.reduce((sum, c) => sum + (c instanceof MqttDeviceClient ? c.reports : 0), 0);

const reply = (message: unknown): void => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const request = JSON.parse(line) as ShardRequest;
  if (request.op === 'status') {
    const status: ShardStatus = {
      ...fleet.status(),
      reports: reportsSent(),
      delayP99: delay.percentile(99) / 1e6,
      delayMax: delay.max / 1e6,
    };
    delay.reset();
    reply({ id: request.id, status });
    return;
  }
  const target = held[request.index];
  if (!target) {
    reply({ id: request.id, error: `device ${request.index} is not held` });
    return;
  }
  target.values.set(request.channel, request.value);
  target.apply();
  reply({ id: request.id, at: performance.timeOrigin + performance.now() });
});

lines.once('close', () => {
  void (async () => {
    const force = setTimeout(() => process.exit(1), STOP_TIMEOUT_MS);
    await fleet.stop();
    if (config.kind === 'mqtt') await clearStatuses(config);
    clearTimeout(force);
    process.exit(0);
  })();
});

/** The retained statuses the devices leave on the broker, cleared with empty retained messages. */
async function clearStatuses(shard: ShardConfig & { kind: 'mqtt' }): Promise<void> {
  const client = await connectAsync(shard.url, {
    clientId: `fleet-bench-clear-${process.pid}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  try {
    for (let i = 0; i < fleet.clients.length; i += CLEAR_BATCH) {
      await Promise.all(
        fleet.clients.slice(i, i + CLEAR_BATCH).map((c) =>
          client.publishAsync(mqttDeviceTopics(c.device.serial).status, Buffer.alloc(0), {
            qos: 1,
            retain: true,
          }),
        ),
      );
    }
  } finally {
    await client.endAsync();
  }
}
