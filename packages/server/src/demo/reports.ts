/**
 * The demo account's automatic report (issue 25): daily at 08:00 in the server's zone, every
 * device, with the channels worth reading on each. The demo plant records history as it runs
 * (plant.ts), so the report of today so far shows the devices online, their alarms and these
 * channels from the first minutes on; the last complete day fills once the demo has run a day. The
 * demo account has no e-mail address, so its scheduled reports are made and listed, not mailed,
 * until one is bound. Added once, to a demo account without report settings: the user's changes
 * are theirs to keep.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { saveReportSettings } from '../reports/store.js';
import { DEMO_USER_NAME } from './seed.js';

/** Channels reported per demo equipment, by unit id. */
export const DEMO_REPORT_CHANNELS: Readonly<Record<string, readonly string[]>> = {
  // Tank level and outlet pressure.
  DEMO0001: ['AI1', 'AI2'],
  // Supply and return temperature, supply pressure, flow rate.
  DEMO0002: ['AI1', 'AI2', 'AI5', 'AI8'],
  // Pump speed feedback, drive current, and the pump and fan speeds set.
  DEMO0003: ['AI1', 'AI4', 'AO1', 'AO2'],
  // The meters: voltage L1, current L1, active power, energy.
  DEMO0005_1: ['AI1', 'AI4', 'AI7', 'AI8'],
  DEMO0005_2: ['AI1', 'AI4', 'AI7', 'AI8'],
};

/** Sets the demo account's report settings when it has none; whether it did. */
export async function seedDemoReports(db: Kysely<Database>, now: number): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .leftJoin('report_settings', 'report_settings.user_id', 'users.id')
    .select(['users.id', 'report_settings.user_id as configured'])
    .where('users.user_name', '=', DEMO_USER_NAME)
    .executeTakeFirst();
  if (!user || user.configured !== null) return false;
  const owned = await db
    .selectFrom('equipment')
    .select(['id', 'unid'])
    .where('owner_id', '=', user.id)
    .where('unid', 'in', Object.keys(DEMO_REPORT_CHANNELS))
    .execute();
  const channels = Object.fromEntries(owned.map((e) => [String(e.id), [...DEMO_REPORT_CHANNELS[e.unid]!]]));
  await saveReportSettings(
    db,
    user.id,
    { enabled: true, period: 'daily', hour: 8, weekday: 1, equipmentIds: null, channels, email: true },
    now,
  );
  return true;
}
