/**
 * The queries of the cameras domain: the stream-address cameras a user entered (url_cameras) and
 * the camera linked to an equipment, kept in its settings under `camera` (spec fCamera). Settings
 * are one JSON document other routes write too, so a link is written by compare-and-set on the
 * text read, never by overwriting a newer edit.
 */
import { CameraLink } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../accounts/authenticate.js';
import { isAdmin, loadGrants, readableBy } from '../equipment/access.js';
import type { Rights } from '../equipment/access.js';
import { parseJson } from '../accounts/preferences.js';
import type { UrlCamera } from '../storage/file-schema.js';
import type { Database, Equipment } from '../storage/schema.js';

/** Stream-address cameras one user may keep. */
export const MAX_URL_CAMERAS = 100;

/** Every stored link starts so (settings are written by JSON.stringify); a filter before parsing. */
const LINKED = '%"camera":{"%';

/** The camera linked in an equipment's settings, or null (none, or not a link this server reads). */
export function readLink(settings: string): CameraLink | null {
  const parsed = parseJson(settings);
  if (typeof parsed !== 'object' || parsed === null) return null;
  const link = CameraLink.safeParse((parsed as Record<string, unknown>).camera);
  return link.success ? link.data : null;
}

export function sameLink(a: CameraLink, b: CameraLink): boolean {
  if ('cameraId' in a || 'cameraId' in b) {
    return 'cameraId' in a && 'cameraId' in b && a.cameraId === b.cameraId;
  }
  return a.deviceSerial === b.deviceSerial && a.channelNo === b.channelNo;
}

/**
 * Sets (or with null clears) the equipment's link; with `onlyIf`, only while that camera is the
 * one linked. Retries when another write changed the settings between the read and the write.
 * False when nothing was written (the equipment is gone, or another camera is linked).
 */
export async function writeLink(
  db: Kysely<Database>,
  equipmentId: number,
  link: CameraLink | null,
  now: number,
  onlyIf?: CameraLink,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .selectFrom('equipment')
      .select('settings')
      .where('id', '=', equipmentId)
      .executeTakeFirst();
    if (!row) return false;
    if (onlyIf !== undefined) {
      const current = readLink(row.settings);
      if (current === null || !sameLink(current, onlyIf)) return false;
    }
    const parsed = parseJson(row.settings);
    const settings = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    const text = JSON.stringify({ ...settings, camera: link ?? {} });
    const updated = await db
      .updateTable('equipment')
      .set({ settings: text, updated_at: now })
      .where('id', '=', equipmentId)
      .where('settings', '=', row.settings)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return true;
  }
  throw new Error(`the settings of equipment ${equipmentId} kept changing while its camera was linked`);
}

export function urlCamerasOf(db: Kysely<Database>, ownerId: number): Promise<UrlCamera[]> {
  return db.selectFrom('url_cameras').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute();
}

export function urlCamerasByIds(db: Kysely<Database>, ids: readonly number[]): Promise<UrlCamera[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('url_cameras').selectAll().where('id', 'in', ids).execute();
}

export function urlCamera(db: Kysely<Database>, id: number): Promise<UrlCamera | undefined> {
  return db.selectFrom('url_cameras').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUrlCameras(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('url_cameras')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Equipment whose settings link the stream-address camera `cameraId` (any owner). */
export async function equipmentLinking(db: Kysely<Database>, cameraId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('equipment')
    .select(['id', 'settings'])
    .where('settings', 'like', `%{"cameraId":${cameraId}}%`)
    .execute();
  return rows
    .filter((row) => {
      const link = readLink(row.settings);
      return link !== null && 'cameraId' in link && link.cameraId === cameraId;
    })
    .map((row) => row.id);
}

export interface LinkedEquipment {
  readonly id: number;
  readonly name: string;
  readonly ownerId: number;
  readonly parentId: number | null;
  readonly link: CameraLink;
  readonly rights: Rights;
  readonly owner: boolean;
}

/** The equipment the user may read that has a camera linked, with the user's rights on each. */
export async function linkedEquipment(
  db: Kysely<Database>,
  user: AuthUser,
  now: number,
): Promise<LinkedEquipment[]> {
  const rows = await readableBy(db, user, now)
    .select(['id', 'name', 'owner_id', 'parent_id', 'settings'])
    .where('settings', 'like', LINKED)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const grants = await loadGrants(db, user.id, now);
  const linked: LinkedEquipment[] = [];
  for (const row of rows) {
    const link = readLink(row.settings);
    const access = grants.accessTo(user, row);
    if (link === null || access === null) continue;
    linked.push({
      id: row.id,
      name: row.name,
      ownerId: row.owner_id,
      parentId: row.parent_id,
      link,
      rights: access.rights,
      owner: access.owner,
    });
  }
  return linked;
}

/**
 * Whether a stream-address camera plays on the equipment: it is the equipment owner's, or its
 * owner holds the edit right there (who linked it). A link to anyone else's camera, written
 * through the general settings edit, shows nothing: a camera is seen only where its owner put it.
 */
export async function urlLinkHolds(
  db: Kysely<Database>,
  camera: Pick<UrlCamera, 'owner_id'>,
  equipment: Pick<Equipment, 'id' | 'owner_id' | 'parent_id'>,
  now: number,
): Promise<boolean> {
  if (camera.owner_id === equipment.owner_id) return true;
  const owner = await db
    .selectFrom('users')
    .select(['id', 'authority'])
    .where('id', '=', camera.owner_id)
    .executeTakeFirst();
  if (!owner) return false;
  const user: AuthUser = { id: owner.id, authority: owner.authority, familyId: '' };
  if (isAdmin(user)) return true;
  const ids = equipment.parent_id === null ? [equipment.id] : [equipment.id, equipment.parent_id];
  const access = (await loadGrants(db, owner.id, now, ids)).accessTo(user, equipment);
  return access?.rights.edit ?? false;
}
