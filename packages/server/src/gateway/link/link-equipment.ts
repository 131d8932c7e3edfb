/**
 * The equipment a device link belongs to, found by serial number: the DTU listener asks for the
 * serial a DTU registers with, the MQTT gateway for the serials whose online status it hears.
 * Only equipment with a link of its own is found; sub-devices are reached through their host.
 */
import type { Kysely } from 'kysely';
import type { Database, Flag } from '../../storage/schema.js';

export interface LinkEquipment {
  readonly id: number;
  /** Upper case, as stored. */
  readonly sn: string;
  readonly type: string;
  readonly link_secret_hash: string | null;
  /** 1: it may register without a secret. */
  readonly link_open: Flag;
  /** The slave address its owner set; null: its type's. */
  readonly slave_address: number | null;
}

/** Serials looked up per query. */
const CHUNK = 500;

/**
 * The query for one chunk of serials. It goes by the serial alone, through its unique index: with
 * `parent_id IS NULL` beside it, SQLite (without statistics) takes the (parent_id, address) index
 * instead and walks every host, tens of milliseconds per lookup at 20,000 devices. A serial
 * belongs to a host only (sub-devices have none); the rows of sub-devices are dropped after.
 */
export function linkEquipmentQuery(db: Kysely<Database>, serials: readonly string[]) {
  return db
    .selectFrom('equipment')
    .select(['id', 'sn', 'type', 'link_secret_hash', 'link_open', 'slave_address', 'parent_id'])
    .where('sn', 'in', serials);
}

/** The equipment of each serial (upper case, as stored) that has one; unknown serials are absent. */
export async function findLinkEquipment(
  db: Kysely<Database>,
  serials: readonly string[],
): Promise<Map<string, LinkEquipment>> {
  const found = new Map<string, LinkEquipment>();
  const unique = [...new Set(serials)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await linkEquipmentQuery(db, unique.slice(i, i + CHUNK)).execute();
    for (const { parent_id, sn, ...row } of rows) {
      if (sn !== null && parent_id === null) found.set(sn, { ...row, sn });
    }
  }
  return found;
}
