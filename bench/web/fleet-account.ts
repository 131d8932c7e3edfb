/**
 * The web benchmark's account: the fleet benchmark's seed (bench/fleet/seed.ts: one owner,
 * FL-R8 devices written straight into the store), spread over groups of 100 so the tree has
 * the shape of a real plant, with a share of them online, some in alarm and battery levels set.
 */
import { sql } from 'kysely';
import { openStorage } from '@fieldlink/server';
import { FLEET_PASSWORD, FLEET_USER, seedFleet } from '../fleet/seed.js';

export const WEB_PREFIX = 'WEB';
export const DEVICES_PER_GROUP = 100;

export interface FleetAccount {
  readonly userName: string;
  readonly password: string;
  readonly devices: number;
  readonly groups: number;
}

/** Seeds `devices` devices into a fresh store in `dataDir` (SQLite). */
export async function seedWebFleet(dataDir: string, devices: number): Promise<FleetAccount> {
  const storage = await openStorage({ dataDir });
  try {
    await seedFleet(storage.db, [{ prefix: WEB_PREFIX, count: devices }], Date.now());
    const groups = Math.ceil(devices / DEVICES_PER_GROUP);
    // Ids are one ascending range: consecutive devices share a group (the bound number is a
    // double to SQLite, hence the cast: whole groups of 100). About 70 % online, 1 in 50 in
    // alarm, battery levels spread over 0-100.
    await sql`
      update equipment set
        group_name = 'Site ' || substr('0000' || (cast((id - 1) / ${DEVICES_PER_GROUP} as integer) + 1), -4, 4),
        online = case when id % 10 < 7 then 1 else 0 end,
        alarm = case when id % 50 = 0 then 1 else 0 end,
        soc = id % 101
    `.execute(storage.db);
    return { userName: FLEET_USER, password: FLEET_PASSWORD, devices, groups };
  } finally {
    await storage.close();
  }
}
