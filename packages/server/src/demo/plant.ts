/**
 * The demo plant's devices, simulated in the server's own process: each demo equipment record
 * still owned by the demo account gets a virtual device that dials the server's DTU port over
 * loopback like a real DTU, so the demo exercises the whole device link. Their rules do visible
 * things: the relay board toggles its light every minute and sounds its horn while the tank runs
 * high, the tank level swings past its alarm limits every few minutes, team slaves report their
 * flow inputs, the meters measure a swinging load.
 *
 * What a device holds (rule pages written from the console, outputs, its clock) is kept under
 * DATA_DIR/demo-devices, so a restart keeps what the user changed; the demo rules are written only
 * into a device that starts without saved state.
 */
import { pageWrite } from '@fieldlink/protocol';
import type { PageRule, PageTypeName } from '@fieldlink/protocol';
import { batteryWave, DeviceStateStore, DtuClient, prefillLists, VirtualDevice } from '@fieldlink/simulator';
import type { SubDeviceSpec, VirtualDeviceOptions, Waveform } from '@fieldlink/simulator';
import type { Kysely } from 'kysely';
import { join } from 'node:path';
import { openLinkSecret } from '../gateway/dtu/secrets.js';
import type { Database } from '../storage/schema.js';
import { DEMO_USER_NAME } from './seed.js';

/** Where the demo plant stands (as the seed's gps). */
const GPS = { latitude: 31.23, longitude: 121.47 };
const MINUTE = 60_000;

const sine = (min: number, max: number, periodMs: number, phase = 0): Waveform => ({
  kind: 'sine',
  min,
  max,
  periodMs,
  phase,
});
const walk = (min: number, max: number, seed: number): Waveform => ({ kind: 'random-walk', min, max, seed });

/** How each demo device is simulated, by serial number. */
interface DemoDeviceSpec {
  readonly type: string;
  readonly options: Omit<VirtualDeviceOptions, 'subDevices' | 'clock'>;
  readonly subDevices?: readonly SubDeviceSpec[];
  /** The AO registers (raw) of a device that starts fresh: inside their configured range. */
  readonly outputs?: readonly number[];
  /** Rule pages written into a device that starts fresh. */
  readonly pages?: readonly {
    readonly type: PageTypeName;
    readonly rules: readonly PageRule<PageTypeName>[];
  }[];
}

const EVERY_MINUTE = { year: null, month: null, day: null, hour: null, minute: null, second: 0 };

export const DEMO_PLANT: Readonly<Record<string, DemoDeviceSpec>> = {
  DEMO0001: {
    type: 'FL-R8',
    options: {
      gps: GPS,
      // Tank level 0-5 m on 0-4095: it passes 4.5 m (alarm high) and 0.5 m (alarm low) every 8 minutes.
      waveforms: [sine(300, 3950, 8 * MINUTE), walk(800, 3200, 7)],
    },
    pages: [
      {
        // The light (DO4) is inverted at second 0 of every minute.
        type: 'rtc',
        rules: [
          {
            dev: 0,
            mode: 1,
            more: false,
            at: EVERY_MINUTE,
            output: { mode: 3, channel: 3, value: 0, addr: 0 },
          },
        ],
      },
      {
        // The alarm horn (DO8) sounds for 10 s when the tank level holds above 4.5 m for 2 s.
        type: 'ai',
        rules: [
          {
            dev: 0,
            source: 1,
            more: false,
            forced: false,
            repeat: false,
            channel: 0,
            window: { band: false, holdTime: { value: 2, unit: 1 }, high: 3686, low: 0 },
            output: { mode: 1, channel: 7, value: 100, addr: 0 },
          },
        ],
      },
    ],
  },
  DEMO0002: {
    type: 'FL-AI8',
    options: {
      gps: GPS,
      waveforms: [
        sine(2300, 3300, 12 * MINUTE), // supply 67-97 °C: above 95 now and then
        sine(1700, 2500, 12 * MINUTE, 0.2), // return 50-73 °C
        walk(1900, 2600, 3), // room 17-31 °C
        sine(1500, 2300, 30 * MINUTE, 0.5), // outdoor -10-+5 °C
        walk(1800, 2800, 5), // supply 0.7-1.1 MPa
        walk(1400, 2200, 6), // return 0.55-0.86 MPa
        sine(1500, 3000, 20 * MINUTE, 0.3), // humidity 37-73 %RH
        sine(600, 3400, 6 * MINUTE, 0.7), // flow 7-42 m3/h
      ],
      diPattern: { periodMs: 7 * MINUTE },
    },
  },
  DEMO0003: {
    type: 'FL-AO4',
    // Pump 75 %, fan 50 %, valves 25 % and 0 % on the 400-2000 scale of the seed.
    outputs: [1600, 1200, 800, 400],
    options: {
      gps: GPS,
      waveforms: [
        sine(1600, 2600, 5 * MINUTE),
        sine(1200, 2000, 5 * MINUTE, 0.25),
        walk(1000, 3000, 9),
        walk(800, 2800, 11),
      ],
    },
  },
  DEMO0004: {
    type: 'FL-JYTeam001',
    options: { gps: GPS, soc: batteryWave({ min: 55, max: 100, periodMs: 6 * 60 * MINUTE }) },
    subDevices: [
      { type: 'FL-LR4', address: 1, diPattern: { periodMs: 45_000 } },
      { type: 'FL-LR4', address: 2, diPattern: { periodMs: 75_000 } },
    ],
  },
  DEMO0005: {
    type: 'FL-MBGW',
    options: { gps: GPS },
    subDevices: [
      { type: 'FL-MBMETER', address: 1 },
      { type: 'FL-MBMETER', address: 2 },
    ],
  },
};

export interface DemoPlantOptions {
  readonly db: Kysely<Database>;
  /** Where the devices dial: the server's DTU listener. */
  readonly host: string;
  readonly port: number;
  /** The server's data directory; device state is kept in its `demo-devices` folder. */
  readonly dataDir: string;
  /** The heartbeat the listener skips (DTU_HEARTBEAT); '' sends none. */
  readonly heartbeat?: string;
  /** Opens the link secrets the devices register with (gateway/dtu/secrets.ts linkSecretKey). */
  readonly linkSecretKey: Uint8Array;
  readonly log?: (message: string) => void;
}

export interface DemoPlant {
  /** The serials simulated. */
  readonly serials: readonly string[];
  readonly devices: readonly VirtualDevice[];
  stop(): Promise<void>;
}

/** Writes a rule page into a device the way the server does: one FC16 of the whole page. */
function writeRulePage(
  device: VirtualDevice,
  type: PageTypeName,
  rules: readonly PageRule<PageTypeName>[],
): void {
  const page = pageWrite(type, 0, rules, { series2000: device.type.series2000 });
  const reply = device.memory.handle({ fn: 16, address: page.start, values: page.registers });
  if ('exception' in reply) throw new Error(`${device.serial}: the ${type} page was refused`);
}

/**
 * Starts the devices of the demo records the demo account still owns, with the sub-devices its
 * records still have. Records the user deleted are not simulated.
 */
export async function startDemoPlant(options: DemoPlantOptions): Promise<DemoPlant> {
  const log = options.log ?? (() => {});
  const owned = await options.db
    .selectFrom('equipment')
    .innerJoin('users', 'users.id', 'equipment.owner_id')
    .select([
      'equipment.id',
      'equipment.sn',
      'equipment.type',
      'equipment.parent_id',
      'equipment.address',
      'equipment.link_secret_sealed',
    ])
    .where('users.user_name', '=', DEMO_USER_NAME)
    .execute();
  const store = new DeviceStateStore(join(options.dataDir, 'demo-devices'), { report: log });
  const devices: VirtualDevice[] = [];
  const clients: DtuClient[] = [];
  for (const host of owned) {
    const spec = host.sn ? DEMO_PLANT[host.sn] : undefined;
    if (!spec || !host.sn || host.parent_id !== null || host.type !== spec.type) continue;
    const addresses = new Set(owned.filter((e) => e.parent_id === host.id).map((e) => Number(e.address)));
    const subDevices = (spec.subDevices ?? []).filter((s) => addresses.has(s.address));
    // A demo store from before link secrets has none: its devices' links are open (migration 0010).
    const secret =
      host.link_secret_sealed === null
        ? null
        : openLinkSecret(options.linkSecretKey, host.sn, host.link_secret_sealed);
    if (host.link_secret_sealed !== null && secret === null) {
      log(`${host.sn}: its link secret was sealed under another server key; it dials without one`);
    }
    const device = new VirtualDevice(spec.type, host.sn, {
      ...spec.options,
      subDevices,
      ...(secret === null ? {} : { secret }),
    });
    if (store.attach(device) === 'fresh') {
      spec.outputs?.forEach((value, i) => device.memory.writeHolding(device.memory.aoRegister + i, value));
      for (const page of spec.pages ?? []) writeRulePage(device, page.type, page.rules);
      prefillLists(device);
    }
    devices.push(device);
    const client = new DtuClient(device, {
      host: options.host,
      port: options.port,
      heartbeatMs: options.heartbeat === '' ? 0 : 60_000,
      ...(options.heartbeat ? { heartbeat: options.heartbeat } : {}),
    });
    clients.push(client);
  }
  store.start();
  for (const client of clients) client.start();
  return {
    serials: devices.map((d) => d.serial),
    devices,
    stop: async () => {
      await Promise.all(clients.map((c) => c.stop()));
      store.close();
    },
  };
}
