/**
 * Fills an empty, migrated database for the fleet benchmark straight through Kysely: one account
 * (FLEET_USER) owning, for each group, `count` devices of FLEET_TYPE whose serial numbers are the
 * simulator fleet's (the group's prefix and a six-digit index from 1), with no link secret, stored
 * with the settings a new record of that type gets. Groups are stored one after the other, so each
 * group's equipment ids are one ascending range.
 */
import type { Kysely } from 'kysely';
import { equipmentType } from '@fieldlink/protocol';
import type { Database, NewEquipment } from '@fieldlink/server';
import { fleetSerial } from '@fieldlink/simulator';
import { hashPassword } from '../../packages/server/src/accounts/passwords.js';
import { normaliseSettings } from '../../packages/server/src/equipment/settings.js';

export const FLEET_USER = 'fleet-owner';
export const FLEET_PASSWORD = 'fleet-password-1';
export const FLEET_TYPE = 'FL-R8';
/** Serial number prefix of the devices on DTU links. */
export const FLEET_PREFIX = 'FLT';
/** Serial number prefix of the devices on the MQTT broker. */
export const FLEET_MQTT_PREFIX = 'FLM';
const BATCH = 500;

export interface FleetGroup {
  readonly prefix: string;
  readonly count: number;
}

/** Seeds the account and its devices; returns the equipment id of each serial number. */
export async function seedFleet(
  db: Kysely<Database>,
  groups: readonly FleetGroup[],
  now: number,
): Promise<Map<string, number>> {
  const type = equipmentType(FLEET_TYPE);
  if (!type) throw new Error(`${FLEET_TYPE} is not in the equipment catalogue`);
  const settings = JSON.stringify(normaliseSettings(type.counts, {}, undefined, { image: type.image }));
  const passwordHash = await hashPassword(FLEET_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const owner = await trx
      .insertInto('users')
      .values({
        user_name: FLEET_USER,
        password_hash: passwordHash,
        phone: null,
        email: null,
        registered_at: now,
        updated_at: now,
        // Signed in before: the console's first-sign-in welcome does not cover the pages measured.
        first_sign_in_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const devices: NewEquipment[] = groups.flatMap(({ prefix, count }) =>
      Array.from({ length: count }, (_, i): NewEquipment => {
        const sn = fleetSerial(prefix, i + 1);
        return {
          owner_id: owner.id,
          parent_id: null,
          sn,
          unid: sn,
          address: null,
          type: FLEET_TYPE,
          name: `${FLEET_TYPE} ${sn}`,
          settings,
          camera_password: null,
          link_secret_hash: null,
          // The benchmark's simulated fleet registers with serials alone: open links (the opt-out).
          link_open: 1,
          link_host: null,
          link_port: null,
          online: 0,
          alarm: 0,
          soc: null,
          status_at: null,
          created_at: now,
          updated_at: now,
        };
      }),
    );
    for (let i = 0; i < devices.length; i += BATCH) {
      await trx
        .insertInto('equipment')
        .values(devices.slice(i, i + BATCH))
        .execute();
    }
    const rows = await trx
      .selectFrom('equipment')
      .select(['id', 'sn'])
      .where('owner_id', '=', owner.id)
      .execute();
    return new Map(rows.map((r) => [r.sn!, r.id]));
  });
}
