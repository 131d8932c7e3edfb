/**
 * Who may do what to a piece of equipment (spec §4 permission levels, §6 per-equipment rights).
 *
 * - An administrator (authority ≥ 1000) holds every right on every equipment.
 * - The owner holds every right. A sub-device belongs to its host's owner.
 * - Anyone else holds the union of their grants that have not expired: grants on the equipment
 *   itself, and grants on its host that include sub-devices (`slaves`).
 *
 * A user with no right at all is told the equipment does not exist (404), so ids cannot be
 * probed; a user who may read it but lacks the right a call needs gets 403.
 */
import { allEquipmentTypes, permissionLevel } from '@fieldlink/protocol';
import type { Permission } from '@fieldlink/protocol';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { ADMIN_AUTHORITY } from '../accounts/fields.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ApiError } from '../http/errors.js';
import type { Database, Equipment, EquipmentGrant } from '../storage/schema.js';

export const RIGHTS = ['read', 'operate', 'edit', 'delete', 'camera'] as const;
export type Right = (typeof RIGHTS)[number];

export type Rights = Readonly<Record<Right, boolean>>;

export const NO_RIGHTS: Rights = { read: false, operate: false, edit: false, delete: false, camera: false };
export const ALL_RIGHTS: Rights = { read: true, operate: true, edit: true, delete: true, camera: true };

export interface Access {
  readonly rights: Rights;
  /** The caller owns the equipment (or its host). */
  readonly owner: boolean;
  /** The caller holds the rights as an administrator. */
  readonly admin: boolean;
  /** When the last of the caller's grants ends; null when the access does not end. */
  readonly until: number | null;
}

export function isAdmin(user: AuthUser): boolean {
  return user.authority >= ADMIN_AUTHORITY;
}

/** The permission the console shows (levels 0-4, operate and camera flags). */
export function permissionOf(rights: Rights): Permission {
  return permissionLevel(rights);
}

const flag = (value: number): boolean => value === 1;

/** The rights one grant gives. */
export function grantRights(
  grant: Pick<EquipmentGrant, 'can_read' | 'can_operate' | 'can_edit' | 'can_delete' | 'camera'>,
): Rights {
  return {
    read: flag(grant.can_read),
    operate: flag(grant.can_operate),
    edit: flag(grant.can_edit),
    delete: flag(grant.can_delete),
    camera: flag(grant.camera),
  };
}

function union(a: Rights, b: Rights): Rights {
  return {
    read: a.read || b.read,
    operate: a.operate || b.operate,
    edit: a.edit || b.edit,
    delete: a.delete || b.delete,
    camera: a.camera || b.camera,
  };
}

type GrantRow = Pick<
  EquipmentGrant,
  'equipment_id' | 'can_read' | 'can_operate' | 'can_edit' | 'can_delete' | 'camera' | 'slaves' | 'expires_at'
>;

const GRANT_COLUMNS = [
  'equipment_id',
  'can_read',
  'can_operate',
  'can_edit',
  'can_delete',
  'camera',
  'slaves',
  'expires_at',
] as const;

/**
 * A user's grants that are still running, indexed for looking up many equipment at once (the
 * equipment list and the tree). Loaded with one query.
 */
export class GrantIndex {
  private readonly byEquipment = new Map<number, GrantRow[]>();

  constructor(rows: readonly GrantRow[]) {
    for (const row of rows) {
      const list = this.byEquipment.get(row.equipment_id);
      if (list) list.push(row);
      else this.byEquipment.set(row.equipment_id, [row]);
    }
  }

  /** The ids of equipment granted directly. */
  equipmentIds(): number[] {
    return [...this.byEquipment.keys()];
  }

  /** The ids of hosts whose grants include their sub-devices. */
  hostIdsWithSlaves(): number[] {
    return [...this.byEquipment].filter(([, rows]) => rows.some((r) => r.slaves === 1)).map(([id]) => id);
  }

  /** The caller's access to `equipment`, as its owner, an administrator or a grantee. */
  accessTo(user: AuthUser, equipment: Pick<Equipment, 'id' | 'owner_id' | 'parent_id'>): Access | null {
    if (equipment.owner_id === user.id) return { rights: ALL_RIGHTS, owner: true, admin: false, until: null };
    if (isAdmin(user)) return { rights: ALL_RIGHTS, owner: false, admin: true, until: null };
    const direct = this.byEquipment.get(equipment.id) ?? [];
    const viaHost =
      equipment.parent_id === null
        ? []
        : (this.byEquipment.get(equipment.parent_id) ?? []).filter((r) => r.slaves === 1);
    let rights = NO_RIGHTS;
    let until: number | null = 0;
    for (const row of [...direct, ...viaHost]) {
      rights = union(rights, grantRights(row));
      until = until === null || row.expires_at === null ? null : Math.max(until, row.expires_at);
    }
    return rights.read ? { rights, owner: false, admin: false, until } : null;
  }
}

/** The user's running grants (every one, or those touching the given equipment ids). */
export async function loadGrants(
  db: Kysely<Database>,
  userId: number,
  now: number,
  equipmentIds?: readonly number[],
): Promise<GrantIndex> {
  let query = db
    .selectFrom('equipment_grants')
    .select(GRANT_COLUMNS)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  if (equipmentIds !== undefined) {
    if (equipmentIds.length === 0) return new GrantIndex([]);
    query = query.where('equipment_id', 'in', equipmentIds);
  }
  return new GrantIndex(await query.execute());
}

export interface Resolved {
  readonly equipment: Equipment;
  readonly access: Access;
}

/**
 * The equipment and the caller's access to it; 404 when it does not exist or the caller may
 * not even read it, 403 when they may read it but not `need`.
 */
export async function requireAccess(
  db: Kysely<Database>,
  user: AuthUser,
  id: number,
  need: Right,
  now: number,
): Promise<Resolved> {
  const equipment = await db.selectFrom('equipment').selectAll().where('id', '=', id).executeTakeFirst();
  if (!equipment) throw new ApiError('not_found', 'no such equipment');
  const ids = equipment.parent_id === null ? [equipment.id] : [equipment.id, equipment.parent_id];
  const access =
    equipment.owner_id === user.id
      ? new GrantIndex([]).accessTo(user, equipment)
      : (await loadGrants(db, user.id, now, ids)).accessTo(user, equipment);
  if (access === null) throw new ApiError('not_found', 'no such equipment');
  if (!access.rights[need]) {
    throw new ApiError('forbidden', `you do not have the ${need} right on this equipment`);
  }
  return { equipment, access };
}

/** The model names of the catalogue and operators' types: records of others are left out of lists (spec §3). */
export function knownTypes(): string[] {
  return allEquipmentTypes().map((t) => t.type);
}

/**
 * Equipment the user may read: owned, granted, or behind a host granted with its sub-devices.
 * The three sets are found apart and united, so each uses its own index (an OR of the three
 * makes PostgreSQL scan the whole equipment table).
 */
export function readableBy(db: Kysely<Database>, user: AuthUser, now: number) {
  const running = (eb: ExpressionBuilder<Database, 'equipment_grants'>) =>
    eb.and([
      eb('equipment_grants.user_id', '=', user.id),
      eb('equipment_grants.can_read', '=', 1),
      eb.or([eb('equipment_grants.expires_at', 'is', null), eb('equipment_grants.expires_at', '>', now)]),
    ]);
  const ids = db
    .selectFrom('equipment')
    .select('equipment.id')
    .where('equipment.owner_id', '=', user.id)
    .union(db.selectFrom('equipment_grants').select('equipment_grants.equipment_id as id').where(running))
    .union(
      db
        .selectFrom('equipment_grants')
        .innerJoin('equipment as child', 'child.parent_id', 'equipment_grants.equipment_id')
        .select('child.id')
        .where(running)
        .where('equipment_grants.slaves', '=', 1),
    );
  return db.selectFrom('equipment').where('id', 'in', ids).where('type', 'in', knownTypes());
}
