/**
 * The demo account: user `demo` / `demo1234` owning a small simulated plant (a relay board, an
 * analog input module, an analog output module, a wireless team with two slaves and a Modbus
 * gateway with a meter), created once on a store that has no `demo` user.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../accounts/passwords.js';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Database } from '../storage/schema.js';
import { insertDevice, insertSubDevice } from '../equipment/store.js';
import { generateLinkSecret, storedLinkSecret } from '../gateway/dtu/secrets.js';
import type { NewDevice, NewSubDevice } from '../equipment/store.js';
import { DEMO_CAMERA_LINK, DEMO_VIDEO_CLOUD_ACCOUNT } from './video-cloud.js';

export const DEMO_USER_NAME = 'demo';
export const DEMO_PASSWORD = 'demo1234';
/** The passwords of §6's demo users (users.ts), published like the demo account's. */
export const DEMO_ADMIN_PASSWORD = 'admin1234';
export const DEMO_EDITOR_PASSWORD = 'editor1234';
export const DEMO_TEST_PASSWORD = 'test1234';

/** A device of the demo plant, with the devices behind it; its link secret is made when seeded. */
export interface DemoDevice extends Omit<NewDevice, 'ownerId' | 'link'> {
  readonly subDevices?: readonly NewSubDevice[];
}

const PLANT = 'Demo plant';
const TEAM = 'Demo irrigation';
const ENERGY = 'Demo energy';
/** Where the demo plant shows on the map. */
const GPS = { basicParam: { gps: '121.47, 31.23' } };

/** `n` times the same value, for per-channel lists. */
const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

/**
 * An energy meter at a Modbus address: raw registers in 0.1 V, 0.01 A, W and 0.1 kWh, shown in
 * V, A, kW and kWh.
 */
function meter(address: number, name: string, description: string): NewSubDevice {
  return {
    address,
    type: 'FL-MBMETER',
    name,
    description,
    settings: {
      ai: {
        names: [
          'Voltage L1',
          'Voltage L2',
          'Voltage L3',
          'Current L1',
          'Current L2',
          'Current L3',
          'Active power',
          'Energy',
        ],
        units: ['V', 'V', 'V', 'A', 'A', 'A', 'kW', 'kWh'],
        x1: times(8, 0),
        x2: [10, 10, 10, 100, 100, 100, 1000, 10],
        y1: times(8, 0),
        y2: times(8, 1),
        alarmLow: [198, 198, 198, 0, 0, 0, 0, 0],
        alarmHigh: [242, 242, 242, 80, 80, 80, 50, 0],
      },
    },
  };
}

export const DEMO_DEVICES: readonly DemoDevice[] = [
  {
    sn: 'DEMO0001',
    type: 'FL-R8',
    name: 'Demo relay board',
    description: 'Pump station control cabinet',
    group: PLANT,
    settings: {
      param: GPS,
      camera: DEMO_CAMERA_LINK,
      do: { names: ['Pump 1', 'Pump 2', 'Fan', 'Light', 'Valve A', 'Valve B', 'Heater', 'Alarm horn'] },
      di: {
        names: [
          'Pump 1 running',
          'Pump 2 running',
          'Cabinet door open',
          'Tank high float',
          'Tank low float',
          'Emergency stop',
          'Motor overload',
          'Mains failure',
        ],
        alarm: [false, false, true, true, false, true, true, true],
        alarmHigh: [true, true, true, true, true, true, true, true],
      },
      ai: {
        names: ['Tank level', 'Outlet pressure'],
        units: ['m', 'bar'],
        x1: [0, 0],
        x2: [4095, 4095],
        y1: [0, 0],
        y2: [5, 10],
        alarmLow: [0.5, 1],
        alarmHigh: [4.5, 8],
      },
    },
  },
  {
    sn: 'DEMO0002',
    type: 'FL-AI8',
    name: 'Demo analog inputs',
    description: 'Boiler room measurements',
    group: PLANT,
    settings: {
      param: GPS,
      do: { names: ['Warning lamp', 'Buzzer'] },
      di: { names: ['Sensor supply OK', 'Panel door open'], alarm: [false, true] },
      ai: {
        names: [
          'Supply water temperature',
          'Return water temperature',
          'Boiler room temperature',
          'Outdoor temperature',
          'Supply pressure',
          'Return pressure',
          'Room humidity',
          'Flow rate',
        ],
        units: ['°C', '°C', '°C', '°C', 'MPa', 'MPa', '%RH', 'm3/h'],
        x1: times(8, 0),
        x2: times(8, 4095),
        y1: [0, 0, -20, -40, 0, 0, 0, 0],
        y2: [120, 120, 60, 60, 1.6, 1.6, 100, 50],
        alarmLow: [40, 30, 5, -30, 0.2, 0.1, 20, 2],
        alarmHigh: [95, 80, 40, 45, 1.2, 1, 85, 45],
      },
    },
  },
  {
    sn: 'DEMO0003',
    type: 'FL-AO4',
    name: 'Demo analog outputs',
    description: 'Drive speeds and valve positions',
    group: PLANT,
    settings: {
      param: GPS,
      di: { names: ['Drive ready', 'Drive fault'], alarm: [false, true] },
      ai: {
        names: ['Pump speed feedback', 'Fan speed feedback', 'Valve position', 'Drive current'],
        units: ['%', '%', '%', 'A'],
        x1: times(4, 0),
        x2: times(4, 4095),
        y1: times(4, 0),
        y2: [100, 100, 100, 30],
        alarmLow: [0, 0, 0, 0],
        alarmHigh: [100, 100, 100, 25],
      },
      ao: {
        names: ['Pump speed', 'Fan speed', 'Mixing valve', 'Bypass valve'],
        units: ['%', '%', '%', '%'],
        x1: times(4, 400),
        x2: times(4, 2000),
        y1: times(4, 0),
        y2: times(4, 100),
        min: times(4, 400),
        max: times(4, 2000),
      },
    },
  },
  {
    sn: 'DEMO0004',
    type: 'FL-JYTeam001',
    name: 'Demo team host',
    description: 'Wireless irrigation network',
    group: TEAM,
    settings: {
      param: GPS,
      do: { names: ['Main valve', 'Booster pump', 'Fertiliser pump', 'Spare'] },
      di: {
        names: ['Pressure OK', 'Rain sensor', 'Filter clogged', 'Spare'],
        alarm: [false, false, true, false],
      },
    },
    subDevices: [
      {
        address: 1,
        type: 'FL-LR4',
        name: 'Demo field slave 1',
        description: 'Greenhouse 1',
        settings: {
          do: { names: ['Zone 1 valve', 'Zone 2 valve', 'Zone 3 valve', 'Mist line'] },
          di: { names: ['Zone 1 flow', 'Zone 2 flow', 'Zone 3 flow', 'Door open'] },
        },
      },
      {
        address: 2,
        type: 'FL-LR4',
        name: 'Demo field slave 2',
        description: 'Greenhouse 2',
        settings: {
          do: { names: ['Zone 4 valve', 'Zone 5 valve', 'Vent motor', 'Grow lights'] },
          di: { names: ['Zone 4 flow', 'Zone 5 flow', 'Vent open', 'Door open'] },
        },
      },
    ],
  },
  {
    sn: 'DEMO0005',
    type: 'FL-MBGW',
    name: 'Demo Modbus gateway',
    description: 'Main distribution board',
    group: ENERGY,
    settings: {
      param: GPS,
      do: { names: ['Main breaker trip', 'Capacitor bank'] },
      di: { names: ['Main breaker closed', 'Surge protector fault'], alarm: [false, true] },
    },
    subDevices: [
      meter(1, 'Demo energy meter', 'Incoming supply'),
      meter(2, 'Demo pump meter', 'Pump station feeder'),
    ],
  },
];

/** The savepoint each device and its sub-devices are written under. */
const DEVICE_SAVEPOINT = 'demo_device';

/**
 * Creates the demo account and its equipment in one transaction, unless a user named `demo`
 * exists (then nothing changes and `created` is false). A device whose serial number is already
 * registered to someone else is left out, with its sub-devices; the rest is created, each device
 * with a link secret of its own sealed under `linkSecretKey`, which the demo plant's simulated
 * devices send (plant.ts).
 */
export async function seedDemo(
  db: Kysely<Database>,
  now: number,
  linkSecretKey: Uint8Array,
): Promise<{ created: boolean; userId: number }> {
  const existing = await findDemoUser(db);
  if (existing !== undefined) return { created: false, userId: existing };
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const trx = await db.startTransaction().execute();
  try {
    const user = await trx
      .insertInto('users')
      .values({
        user_name: DEMO_USER_NAME,
        password_hash: passwordHash,
        phone: null,
        email: null,
        authority: 4,
        language: 'en',
        // Shared by every visitor, so no sign-in is anyone's first: no welcome (§4).
        first_sign_in_at: now,
        // The demo video cloud's account (video-cloud.ts), which main.ts runs beside the plant.
        camera_param: JSON.stringify({
          appKey: DEMO_VIDEO_CLOUD_ACCOUNT.appKey,
          appSecret: DEMO_VIDEO_CLOUD_ACCOUNT.appSecret,
          appType: 'hk',
        }),
        registered_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    for (const { subDevices = [], ...device } of DEMO_DEVICES) {
      // A refused insert aborts a PostgreSQL transaction; rolling back to the savepoint keeps it going.
      const sp = await trx.savepoint(DEVICE_SAVEPOINT).execute();
      try {
        const link = storedLinkSecret(linkSecretKey, device.sn, generateLinkSecret());
        const id = await insertDevice(sp, { ...device, ownerId: user.id, link }, now);
        const host = await sp
          .selectFrom('equipment')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        for (const sub of subDevices) await insertSubDevice(sp, host, sub, now);
        await sp.releaseSavepoint(DEVICE_SAVEPOINT).execute();
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
        await sp.rollbackToSavepoint(DEVICE_SAVEPOINT).execute();
      }
    }
    await trx.commit().execute();
    return { created: true, userId: user.id };
  } catch (error) {
    await trx.rollback().execute();
    // Another process created the account between the look-up and the insert.
    if (isUniqueViolation(error)) {
      const raced = await findDemoUser(db);
      if (raced !== undefined) return { created: false, userId: raced };
    }
    throw error;
  }
}

async function findDemoUser(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', DEMO_USER_NAME)
    .executeTakeFirst();
  return row?.id;
}
