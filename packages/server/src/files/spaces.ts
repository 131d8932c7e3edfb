/**
 * Who may read and write which file space (docs/api.md § Files):
 * - `me`: the caller's own files;
 * - `equipment-{id}`: read with the equipment's read right, written with its edit right;
 * - `project`: the project files of the caller's tenant when they have one (spec §6: the tenant id
 *   decides whether project paths use the tenant or the user), else their own;
 * - `admin`: the platform's files, read by every signed-in user, written by administrators.
 * An equipment the caller has no right on answers 404, as everywhere (equipment/access.ts).
 */
import type { FileSpace } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../accounts/authenticate.js';
import { isAdmin, requireAccess } from '../equipment/access.js';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';

export interface ResolvedSpace {
  /** The name in the API. */
  readonly name: FileSpace;
  /** The stored form (storage/file-schema.ts FileTable.space). */
  readonly key: string;
  readonly writable: boolean;
  /** Uploads here count against the uploader's quota (not the platform's files). */
  readonly quota: boolean;
}

export const READ_ONLY = 'you may read these files but not change them';

export async function resolveSpace(
  db: Kysely<Database>,
  user: AuthUser,
  name: FileSpace,
  now: number,
): Promise<ResolvedSpace> {
  if (name === 'me') return { name, key: `u:${user.id}`, writable: true, quota: true };
  if (name === 'admin') return { name, key: 'a', writable: isAdmin(user), quota: false };
  if (name === 'project') {
    const row = await db.selectFrom('users').select('tenant_id').where('id', '=', user.id).executeTakeFirst();
    const tenant = row?.tenant_id ?? null;
    return { name, key: tenant === null ? `p:${user.id}` : `t:${tenant}`, writable: true, quota: true };
  }
  const id = Number(name.slice('equipment-'.length));
  const { access } = await requireAccess(db, user, id, 'read', now);
  return { name, key: `e:${id}`, writable: access.rights.edit, quota: true };
}

/** The space, refused with 403 when the caller may only read it. */
export async function writableSpace(
  db: Kysely<Database>,
  user: AuthUser,
  name: FileSpace,
  now: number,
): Promise<ResolvedSpace> {
  const space = await resolveSpace(db, user, name, now);
  if (!space.writable) throw new ApiError('forbidden', READ_ONLY);
  return space;
}

/** The API name of a stored space for a caller (null when the API has no name for it). */
export function spaceName(key: string): FileSpace | null {
  if (key === 'a') return 'admin';
  if (key.startsWith('u:')) return 'me';
  if (key.startsWith('t:') || key.startsWith('p:')) return 'project';
  if (key.startsWith('e:')) return `equipment-${key.slice(2)}`;
  return null;
}
