/**
 * Fills an empty, migrated benchmark database straight through Kysely: USERS accounts
 * (bench-u0000 …) sharing one argon2id hash of PASSWORD, DEVICES_PER_USER devices each of mixed
 * types in two groups, stored with the settings a new record of that type gets, and a read grant
 * for every GRANT_EVERY-th user on a neighbour's device, so the list and the tree also take the
 * shared path.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../../packages/server/src/accounts/passwords.js';
import { equipmentType } from '@fieldlink/protocol';
import type { EquipmentType } from '@fieldlink/protocol';
import { normaliseSettings } from '../../packages/server/src/equipment/settings.js';
import type { Database, NewEquipment, NewEquipmentGrant, NewUser } from '@fieldlink/server';

export const USERS = 1000;
export const DEVICES_PER_USER = 10;
/** Users u with u % GRANT_EVERY === GRANTEE_REMAINDER hold a grant on a device of user u + 1. */
export const GRANT_EVERY = 10;
export const GRANTEE_REMAINDER = 5;
export const PASSWORD = 'bench-password-1';

/** Device types with a link of their own, cycled so every user holds a mix. */
const TYPE_NAMES = [
  'FL-R8',
  'FL-R16',
  'FL-AI8',
  'FL-R4',
  'FL-AO4',
  'FL-R32',
  'FL-R8-2000',
  'FL-MBGW',
  'FL-JYTeam001',
  'FL-DLGW',
] as const;
const GROUPS = ['Pump house', 'Greenhouse'] as const;
const BATCH = 500;

export function userName(u: number): string {
  return `bench-u${String(u).padStart(4, '0')}`;
}

function serialNumber(u: number, k: number): string {
  return `BN${String(u).padStart(4, '0')}${String(k).padStart(2, '0')}`;
}

export function isGrantee(u: number): boolean {
  return u % GRANT_EVERY === GRANTEE_REMAINDER;
}

export interface Seeded {
  readonly users: number;
  readonly devices: number;
  readonly grants: number;
}

function typeOf(name: string): EquipmentType {
  const type = equipmentType(name);
  if (!type) throw new Error(`${name} is not in the equipment catalogue`);
  return type;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function seed(db: Kysely<Database>, now: number): Promise<Seeded> {
  const passwordHash = await hashPassword(PASSWORD);
  // One settings document per type, the same one insertDevice would store for a new record.
  const settings = new Map(
    TYPE_NAMES.map((name) => {
      const type = typeOf(name);
      return [name, JSON.stringify(normaliseSettings(type.counts, {}, undefined, { image: type.image }))];
    }),
  );

  return db.transaction().execute(async (trx) => {
    const users: NewUser[] = Array.from({ length: USERS }, (_, u) => ({
      user_name: userName(u),
      password_hash: passwordHash,
      phone: null,
      email: null,
      registered_at: now,
      updated_at: now,
    }));
    for (const batch of chunks(users, BATCH)) await trx.insertInto('users').values(batch).execute();
    const idRows = await trx
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('user_name', 'like', 'bench-u%')
      .execute();
    const idOf = new Map(idRows.map((r) => [r.user_name, r.id]));
    const userId = (u: number): number => {
      const id = idOf.get(userName(u));
      if (id === undefined) throw new Error(`${userName(u)} was not inserted`);
      return id;
    };

    const devices: NewEquipment[] = [];
    for (let u = 0; u < USERS; u++) {
      for (let k = 0; k < DEVICES_PER_USER; k++) {
        const type = TYPE_NAMES[(u + k) % TYPE_NAMES.length]!;
        const sn = serialNumber(u, k);
        devices.push({
          owner_id: userId(u),
          parent_id: null,
          sn,
          unid: sn,
          address: null,
          type,
          name: `${type} ${k + 1}`,
          description: '',
          group_name: GROUPS[k % GROUPS.length]!,
          settings: settings.get(type)!,
          camera_password: null,
          online: (u + k) % 3 === 0 ? 1 : 0,
          alarm: 0,
          soc: null,
          status_at: null,
          created_at: now,
          updated_at: now,
        });
      }
    }
    for (const batch of chunks(devices, BATCH)) await trx.insertInto('equipment').values(batch).execute();

    const grantees = Array.from({ length: USERS }, (_, u) => u).filter(isGrantee);
    const sharedSns = grantees.map((u) => serialNumber((u + 1) % USERS, 0));
    const shared = await trx
      .selectFrom('equipment')
      .select(['id', 'sn'])
      .where('sn', 'in', sharedSns)
      .execute();
    const deviceOf = new Map(shared.map((r) => [r.sn, r.id]));
    const grants: NewEquipmentGrant[] = grantees.map((u, i) => ({
      equipment_id: deviceOf.get(sharedSns[i]!)!,
      user_id: userId(u),
      level: 'read',
      can_read: 1,
      can_operate: 0,
      can_edit: 0,
      can_delete: 0,
      camera: 0,
      slaves: 0,
      share_code_id: null,
      granted_by: userId((u + 1) % USERS),
      expires_at: null,
      created_at: now,
    }));
    if (grants.length > 0) await trx.insertInto('equipment_grants').values(grants).execute();
    return { users: users.length, devices: devices.length, grants: grants.length };
  });
}
