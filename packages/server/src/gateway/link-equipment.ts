/**
 * The equipment a device link belongs to, found by serial number: the DTU listener asks for the
 * serial a DTU registers with, the MQTT gateway for the serials whose online status it hears.
 * Only equipment with a link of its own is found; sub-devices are reached through their host.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

export interface LinkEquipment {
  readonly id: number;
  /** Upper case, as stored. */
  readonly sn: string;
  readonly type: string;
  readonly link_secret_hash: string | null;
}

/** Serials looked up per query. */
const CHUNK = 500;

/** The equipment of each serial (upper case, as stored) that has one; unknown serials are absent. */
export async function findLinkEquipment(
  db: Kysely<Database>,
  serials: readonly string[],
): Promise<Map<string, LinkEquipment>> {
  const found = new Map<string, LinkEquipment>();
  const unique = [...new Set(serials)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('equipment')
      .select(['id', 'sn', 'type', 'link_secret_hash'])
      .where('sn', 'in', unique.slice(i, i + CHUNK))
      .where('parent_id', 'is', null)
      .execute();
    for (const row of rows) {
      if (row.sn !== null) found.set(row.sn, { ...row, sn: row.sn });
    }
  }
  return found;
}
