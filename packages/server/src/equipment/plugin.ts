/**
 * Equipment (spec §3, §4): the type catalogue, equipment records with every field, sub-devices
 * behind hosts, and the tree with its counters. Every equipment-scoped route checks the caller's
 * rights through access.ts; adding and changing equipment also need the account's WRITE ability,
 * deleting its DELETE ability (spec §6; administrators pass).
 */
import { isIP } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireAbility } from '../accounts/access.js';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { DialPolicy, refusalMessage } from '../gateway/modbus-tcp/dial-policy.js';
import { generateLinkSecret, storedLinkSecret } from '../gateway/dtu/secrets.js';
import { ApiError } from '../http/errors.js';
import { containsPattern, lowerLike } from '../storage/like.js';
import type { Storage } from '../storage/open.js';
import type { Database, Equipment } from '../storage/schema.js';
import type { GrantIndex } from './access.js';
import { isAdmin, knownTypes, loadGrants, readableBy, requireAccess } from './access.js';
import {
  allEquipmentTypes,
  EquipmentCreate,
  EquipmentCreatedReply,
  EquipmentPatch,
  EquipmentReply,
  EquipmentTypeReply,
  equipmentType,
  PermissionReply,
  SubDeviceCreate,
  TreeReply,
} from '@fieldlink/protocol';
import type { EquipmentType } from '@fieldlink/protocol';
import {
  EquipmentId,
  equipmentReply,
  Format,
  ListQuery,
  permissionReply,
  WireRecord,
  wireRecord,
} from './fields.js';
import { normaliseSettings, readSettings } from './settings.js';
import { customTypeRoutes } from './custom-types.js';
import { linkRoutes, requireLinkAuthority, requireOwnLink } from './link-routes.js';
import { insertDevice, insertSubDevice, PRODUCT_MODEL_ERROR } from './store.js';
import { buildTree } from './tree.js';
import { typeReply } from './type-reply.js';

export interface EquipmentOptions {
  readonly storage: Storage;
  /** Seals link secrets for their owners to read again (gateway/dtu/secrets.ts linkSecretKey). */
  readonly linkSecretKey: Uint8Array;
  /** Which Modbus TCP addresses may be set (IP literals are checked here, names when dialled). */
  readonly dialPolicy?: DialPolicy;
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
}

/** The catalogue entry of a stored record; a record of a type no longer shipped cannot be served. */
export function typeOfRecord(row: Pick<Equipment, 'type'>): EquipmentType {
  const type = equipmentType(row.type);
  // A model taken out of the catalogue: its records are skipped in lists (spec §3) and cannot be
  // shown or edited, but can still be deleted.
  if (!type) throw new ApiError('not_found', `unknown device: type ${row.type} is not in the catalogue`);
  return type;
}

/** The link state of the hosts of these rows' sub-devices, by host id. */
async function hostStatus(
  db: Kysely<Database>,
  rows: readonly Equipment[],
): Promise<Map<number, Pick<Equipment, 'online' | 'soc' | 'unanswered_address'>>> {
  const ids = [...new Set(rows.flatMap((r) => (r.parent_id === null ? [] : [r.parent_id])))];
  if (ids.length === 0) return new Map();
  const hosts = await db
    .selectFrom('equipment')
    .select(['id', 'online', 'soc', 'unanswered_address'])
    .where('id', 'in', ids)
    .execute();
  return new Map(hosts.map((h) => [h.id, h]));
}

export const equipmentPlugin: FastifyPluginAsyncZod<EquipmentOptions> = async (app, options) => {
  const db = options.storage.db;
  const now = options.now ?? Date.now;
  const linkKey = options.linkSecretKey;
  const dialPolicy = options.dialPolicy ?? new DialPolicy();
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };

  /** The owner and every grantee of the equipment or of its host (whose grant may cover it). */
  async function usersWithAccess(
    equipment: Pick<Equipment, 'id' | 'owner_id' | 'parent_id'>,
  ): Promise<number[]> {
    const ids = equipment.parent_id === null ? [equipment.id] : [equipment.id, equipment.parent_id];
    const rows = await db
      .selectFrom('equipment_grants')
      .select('user_id')
      .distinct()
      .where('equipment_id', 'in', ids)
      .execute();
    return [equipment.owner_id, ...rows.map((r) => r.user_id)];
  }

  function replyOf(
    row: Equipment,
    grants: GrantIndex,
    user: AuthUser,
    hosts: Map<number, Pick<Equipment, 'online' | 'soc' | 'unanswered_address'>>,
  ): EquipmentReply {
    const access = grants.accessTo(user, row);
    if (!access) throw new ApiError('not_found', 'no such equipment');
    return equipmentReply(
      row,
      typeOfRecord(row),
      access,
      row.parent_id === null ? undefined : hosts.get(row.parent_id),
    );
  }

  async function replyFor(user: AuthUser, id: number, format: 'array' | 'wire') {
    const { equipment, access } = await requireAccess(db, user, id, 'read', now());
    const hosts = await hostStatus(db, [equipment]);
    const reply = equipmentReply(
      equipment,
      typeOfRecord(equipment),
      access,
      equipment.parent_id === null ? undefined : hosts.get(equipment.parent_id),
    );
    return format === 'wire' ? wireRecord(reply) : reply;
  }

  app.get(
    '/equipment-types',
    {
      schema: {
        tags: ['equipment'],
        summary: 'The equipment type catalogue',
        response: { 200: z.object({ items: z.array(EquipmentTypeReply), total: z.number() }) },
      },
    },
    async () => {
      const types = allEquipmentTypes();
      return { items: types.map(typeReply), total: types.length };
    },
  );

  app.get(
    '/equipment-types/:type',
    {
      schema: {
        tags: ['equipment'],
        summary: 'One type, with the settings a new record of it starts with',
        params: z.strictObject({ type: z.string().min(1).max(64) }),
        response: { 200: EquipmentTypeReply, 400: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const type = equipmentType(request.params.type);
      if (!type) throw new ApiError('not_found', PRODUCT_MODEL_ERROR);
      return typeReply(type);
    },
  );

  app.get(
    '/equipment',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary: 'Equipment the caller may read (owned and shared), by id',
        security,
        querystring: ListQuery,
        response: {
          200: z.object({ items: z.array(z.union([EquipmentReply, WireRecord])), total: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { offset, limit, group, q, format, scope } = request.query;
      if (scope === 'all' && !isAdmin(user)) {
        throw new ApiError('forbidden', 'only administrators may list all equipment');
      }
      const t = now();
      let query =
        scope === 'all'
          ? db.selectFrom('equipment').where('type', 'in', knownTypes())
          : readableBy(db, user, t);
      if (group !== undefined) query = query.where('group_name', '=', group);
      if (q !== undefined) {
        const pattern = containsPattern(q);
        query = query.where((eb) =>
          eb.or((['name', 'sn', 'unid'] as const).map((column) => lowerLike(eb.ref(column), pattern))),
        );
      }
      const [rows, count, grants] = await Promise.all([
        query.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
        query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
        loadGrants(db, user.id, t),
      ]);
      const hosts = await hostStatus(db, rows);
      const items = rows.map((row) => {
        const reply = replyOf(row, grants, user, hosts);
        return format === 'wire' ? wireRecord(reply) : reply;
      });
      return { items, total: Number(count.total) };
    },
  );

  app.get(
    '/equipment/tree',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary: 'Groups, devices and sub-devices the caller may read, with the counters',
        security,
        response: { 200: TreeReply, 401: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const t = now();
      const [rows, grants] = await Promise.all([
        readableBy(db, user, t).selectAll().execute(),
        loadGrants(db, user.id, t),
      ]);
      return buildTree(rows, (row) => grants.accessTo(user, row));
    },
  );

  app.post(
    '/equipment',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary:
          'Add equipment by serial number and type (WRITE ability); the caller owns it. The reply carries the link secret its DTU must send (SN:secret)',
        security,
        body: EquipmentCreate,
        response: { 201: EquipmentCreatedReply, 409: ErrorReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireAbility(user, 'WRITE', 'add equipment');
      const body = request.body;
      const linkSecret = generateLinkSecret();
      const link = storedLinkSecret(linkKey, body.sn, linkSecret);
      const id = await insertDevice(db, { ...body, ownerId: user.id, link }, now());
      await app.accessChanged([user.id]);
      reply.code(201);
      return { ...((await replyFor(user, id, 'array')) as EquipmentReply), linkSecret };
    },
  );

  app.get(
    '/equipment/:id',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary: 'One equipment record (format=wire for the specification field names)',
        security,
        params: EquipmentId,
        querystring: z.strictObject({ format: Format }),
        response: { 200: z.union([EquipmentReply, WireRecord]), ...errors },
      },
    },
    async (request) => replyFor(requireUser(request), request.params.id, request.query.format),
  );

  app.get(
    '/equipment/:id/permission',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary: "The caller's rights on this equipment",
        security,
        params: EquipmentId,
        response: { 200: PermissionReply, ...errors },
      },
    },
    async (request) => {
      const { access } = await requireAccess(db, requireUser(request), request.params.id, 'read', now());
      return permissionReply(access);
    },
  );

  app.patch(
    '/equipment/:id',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary:
          'Change names, group, appearance, channel settings and modes (edit right, WRITE ability), or the link settings: link secret, open link, Modbus TCP address, slave address, clock sync (owner and administrators)',
        security,
        params: EquipmentId,
        body: EquipmentPatch,
        response: { 200: EquipmentReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      requireAbility(user, 'WRITE', 'change equipment');
      const { equipment, access } = await requireAccess(db, user, request.params.id, 'edit', now());
      const body = request.body;
      const type = typeOfRecord(equipment);
      if (
        body.linkSecret !== undefined ||
        body.openLink !== undefined ||
        body.modbusTcp !== undefined ||
        body.slaveAddress !== undefined ||
        body.clockSync !== undefined
      ) {
        requireLinkAuthority(access);
      }
      const changes: Partial<Equipment> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description;
      if (body.group !== undefined) changes.group_name = body.group;
      if (body.cameraPassword !== undefined) changes.camera_password = body.cameraPassword;
      if (body.linkSecret !== undefined || body.openLink !== undefined) {
        requireOwnLink(equipment);
        if (body.linkSecret === null) {
          if (body.openLink === false) {
            throw new ApiError(
              'bad_request',
              'a link without a secret must be open: openLink false needs a secret',
            );
          }
          // Without a secret the device can only register on an open link.
          Object.assign(changes, { link_secret_hash: null, link_secret_sealed: null, link_open: 1 });
        } else if (body.linkSecret !== undefined) {
          Object.assign(changes, storedLinkSecret(linkKey, equipment.sn ?? equipment.unid, body.linkSecret));
        }
        if (body.openLink !== undefined) {
          const secretAfter = body.linkSecret !== undefined ? body.linkSecret : equipment.link_secret_hash;
          if (!body.openLink && secretAfter === null) {
            throw new ApiError(
              'bad_request',
              'the device has no link secret: generate one (POST /equipment/{id}/link-secret) before closing its link',
            );
          }
          changes.link_open = body.openLink ? 1 : 0;
        }
      }
      if (body.modbusTcp !== undefined) {
        if (equipment.parent_id !== null) {
          throw new ApiError('bad_request', 'a sub-device is reached through its host, not over Modbus TCP');
        }
        const host = body.modbusTcp?.host;
        // A host name is checked when it is dialled, against every address it resolves to then.
        const refused = host !== undefined && isIP(host) !== 0 ? dialPolicy.refusal(host) : null;
        if (host !== undefined && refused !== null) {
          throw new ApiError('bad_request', `modbusTcp.host: ${refusalMessage(host, refused)}`);
        }
        changes.link_host = body.modbusTcp?.host ?? null;
        changes.link_port = body.modbusTcp?.port ?? null;
      }
      if (body.slaveAddress !== undefined && body.slaveAddress !== equipment.slave_address) {
        if (equipment.parent_id !== null) {
          throw new ApiError(
            'bad_request',
            'a sub-device answers at its address under its host (address), not at a slave address of its own',
          );
        }
        changes.slave_address = body.slaveAddress;
        // Whether it answers at the new address is known at its next read (within seconds while online).
        changes.unanswered_address = null;
      }
      if (body.clockSync !== undefined) {
        if (equipment.parent_id !== null) {
          throw new ApiError('bad_request', 'a sub-device has no clock the server sets: its host has');
        }
        changes.clock_sync = body.clockSync === null ? null : body.clockSync ? 1 : 0;
      }
      if (body.settings !== undefined) {
        const stored = readSettings(type.counts, equipment.settings, type.image);
        changes.settings = JSON.stringify(
          normaliseSettings(type.counts, body.settings, stored, { image: type.image }),
        );
      }
      if (Object.keys(changes).length > 0) {
        await db
          .updateTable('equipment')
          .set({ ...changes, updated_at: now() })
          .where('id', '=', equipment.id)
          .execute();
        // Every console showing it reads the record again (names, settings, link state).
        app.live.publish(equipment.id, {
          infotype: 'EquipChanged',
          info: { reason: 'record', id: equipment.id },
        });
      }
      return (await replyFor(user, equipment.id, 'array')) as EquipmentReply;
    },
  );

  await app.register(linkRoutes, { db, now, linkKey });
  await app.register(customTypeRoutes, { db, now });

  app.delete(
    '/equipment/:id',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary:
          'Delete equipment with its sub-devices, grants and share codes (delete right, DELETE ability)',
        security,
        params: EquipmentId,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireAbility(user, 'DELETE', 'delete equipment');
      const { equipment } = await requireAccess(db, user, request.params.id, 'delete', now());
      const affected = await usersWithAccess(equipment);
      const subDevices = await db
        .selectFrom('equipment')
        .select('id')
        .where('parent_id', '=', equipment.id)
        .execute();
      // Foreign keys cascade to sub-devices, grants and share codes in both dialects.
      await db.deleteFrom('equipment').where('id', '=', equipment.id).execute();
      await app.accessChanged(affected);
      // Their files go with them (the file store is not bound by foreign keys: its bytes may be in S3).
      await app.fileStore.removeSpaces(
        [equipment.id, ...subDevices.map((row) => row.id)].map((id) => `e:${id}`),
      );
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/equipment/:id/sub-devices',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary: "A host's sub-devices the caller may read, by address",
        security,
        params: EquipmentId,
        querystring: z.strictObject({ format: Format }),
        response: {
          200: z.object({ items: z.array(z.union([EquipmentReply, WireRecord])), total: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const t = now();
      const { equipment: host } = await requireAccess(db, user, request.params.id, 'read', t);
      const rows = await db
        .selectFrom('equipment')
        .selectAll()
        .where('parent_id', '=', host.id)
        .where('type', 'in', knownTypes())
        .execute();
      const grants = await loadGrants(db, user.id, t, [host.id, ...rows.map((r) => r.id)]);
      const hosts = new Map([[host.id, host]]);
      const items = rows
        .filter((row) => grants.accessTo(user, row) !== null)
        .sort((a, b) => compareAddress(a.address, b.address))
        .map((row) => {
          const reply = replyOf(row, grants, user, hosts);
          return request.query.format === 'wire' ? wireRecord(reply) : reply;
        });
      return { items, total: items.length };
    },
  );

  app.post(
    '/equipment/:id/sub-devices',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary:
          'Add a wireless slave, Modbus meter or DL645 meter behind a host (edit right on the host, WRITE ability)',
        security,
        params: EquipmentId,
        body: SubDeviceCreate,
        response: { 201: EquipmentReply, 409: ErrorReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireAbility(user, 'WRITE', 'add equipment');
      const t = now();
      const { equipment: host } = await requireAccess(db, user, request.params.id, 'edit', t);
      // The new sub-device is covered by the caller's access only when that reaches sub-devices.
      const child = { id: 0, owner_id: host.owner_id, parent_id: host.id };
      const grants = await loadGrants(db, user.id, t, [host.id]);
      if (!grants.accessTo(user, child)?.rights.edit) {
        throw new ApiError('forbidden', 'your share of this host does not include its sub-devices');
      }
      const id = await insertSubDevice(db, host, request.body, t);
      await app.accessChanged(await usersWithAccess(host));
      reply.code(201);
      return (await replyFor(user, id, 'array')) as EquipmentReply;
    },
  );
};

/** Slave ids in numeric order, DL645 addresses as text. */
function compareAddress(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}
