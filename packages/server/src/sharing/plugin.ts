/**
 * Sharing (spec §6): share codes that owners and grantees with the edit right issue, redeeming a
 * code into a grant, and the owner's lists of codes and grants, under /api/v1.
 *
 * A code never passes on more than its issuer holds: its rights must be among the issuer's, it
 * ends no later than the issuer's own access, and a code issued by a grantee stops working when
 * the grantee no longer holds those rights. Grants already made stay until they expire or the
 * owner removes them; revoking a code only stops further redemptions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AttemptCounter, RetryLater } from '../accounts/attempts.js';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { loadGrants, requireAccess, RIGHTS } from '../equipment/access.js';
import type { Access, Right, Rights } from '../equipment/access.js';
import {
  canonicalShareCode,
  equipmentType,
  GrantItem,
  GrantPage,
  GrantPatch,
  SHARE_CODE_LENGTH,
  ShareCodeCreate,
  ShareCodeCreated,
  ShareCodePage,
  ShareCodeRedeem,
  ShareCodeRedeemed,
  TIER_RIGHTS,
} from '@fieldlink/protocol';
import { ApiError } from '../http/errors.js';
import { setRetryAfter } from '../http/retry-after.js';
import type { Storage } from '../storage/open.js';
import type { Database, Equipment, ShareCode, ShareLevel } from '../storage/schema.js';
import { expiryOf, generateCode, hashCode, MAX_WRONG_CODES, REDEEM_WINDOW_MS } from './codes.js';
import {
  CodeParams,
  EquipmentParams,
  grantItem,
  GrantParams,
  isoOrNull,
  Page,
  shareCodeItem,
} from './fields.js';

export interface SharingOptions {
  readonly storage: Storage;
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
  /** The console's public origin for share URLs; by default the origin the request came to. */
  readonly publicUrl?: string | undefined;
}

/** One message for every code that cannot be redeemed, so codes cannot be probed. */
export const INVALID_CODE = 'share code invalid or expired';
export const NOT_MANAGER = 'only the owner manages sharing';
export const TOO_MUCH = 'you cannot share more than you hold';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** Devices hang under this equipment (so a share may include them). */
function isHost(equipment: Pick<Equipment, 'type'>): boolean {
  return (equipmentType(equipment.type)?.hostRole ?? null) !== null;
}

/** The rights a code of this level and camera option gives. */
export function codeRights(level: ShareLevel, camera: boolean): Rights {
  return { ...TIER_RIGHTS[level], camera };
}

function covers(held: Rights, wanted: Rights): boolean {
  return RIGHTS.every((right) => !wanted[right] || held[right]);
}

function intersect(a: Access, b: Access): Access {
  // fromEntries loses the keys' type; RIGHTS lists every key of Rights.
  const rights = Object.fromEntries(RIGHTS.map((r) => [r, a.rights[r] && b.rights[r]])) as Record<
    Right,
    boolean
  >;
  const until = a.until === null ? b.until : b.until === null ? a.until : Math.min(a.until, b.until);
  return { rights, owner: a.owner, admin: a.admin, until };
}

/**
 * What `user` may pass on in a code for `equipment`: their access to it, and with `slaves` only
 * what they also hold on its sub-devices through grants on this host that include them (a
 * direct grant on one sub-device does not count for the others). Null when they hold nothing.
 */
async function sharableAccess(
  db: Kysely<Database>,
  user: AuthUser,
  equipment: Equipment,
  slaves: boolean,
  now: number,
): Promise<Access | null> {
  const ids = equipment.parent_id === null ? [equipment.id] : [equipment.id, equipment.parent_id];
  const grants = await loadGrants(db, user.id, now, ids);
  const own = grants.accessTo(user, equipment);
  if (!slaves || own === null) return own;
  // A sub-device no grant names directly: what reaches it is the host's grants with `slaves`.
  const onSlaves = grants.accessTo(user, { id: 0, owner_id: equipment.owner_id, parent_id: equipment.id });
  return onSlaves === null ? null : intersect(own, onSlaves);
}

/** A code that may still be redeemed at `now`. */
function redeemable(code: ShareCode, now: number): boolean {
  return (
    code.revoked_at === null &&
    (code.expires_at === null || code.expires_at > now) &&
    code.used_count < code.max_count
  );
}

export const sharingPlugin: FastifyPluginAsyncZod<SharingOptions> = async (app, options) => {
  const db = options.storage.db;
  const now = options.now ?? Date.now;
  // An empty setting counts as none.
  const publicUrl = options.publicUrl?.replace(/\/+$/, '') || undefined;
  // Wrong codes per user, in the store so every node counts the same: each redemption reserves a
  // try before the code is looked up (atomically, so a burst cannot get past the limit) and gives
  // it back when the code was good. Once a user has MAX_WRONG_CODES wrong codes in the window that
  // began with the first, every redemption is refused until it ends, right or wrong, so a guess
  // then tells nothing. With 2^130 codes this is a second line of defence.
  const wrongCodes = new AttemptCounter(db);
  const redeemLimit = { limit: MAX_WRONG_CODES, windowMs: REDEEM_WINDOW_MS };
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };

  /** The equipment, when the caller owns it or is an administrator; 404 strangers, 403 other readers. */
  async function requireManager(user: AuthUser, id: number, at: number): Promise<Equipment> {
    const { equipment, access } = await requireAccess(db, user, id, 'read', at);
    if (!access.owner && !access.admin) throw new ApiError('forbidden', NOT_MANAGER);
    return equipment;
  }

  /** Whoever issued `code` still holds what it gives (always so for the owner). */
  async function issuerHolds(code: ShareCode, equipment: Equipment, at: number): Promise<boolean> {
    if (code.created_by === equipment.owner_id) return true;
    const issuer = await db
      .selectFrom('users')
      .select(['id', 'authority'])
      .where('id', '=', code.created_by)
      .executeTakeFirst();
    if (!issuer) return false;
    // Only the id and authority decide access; the issuer is not signed in on this request.
    const user: AuthUser = { id: issuer.id, authority: issuer.authority, familyId: '' };
    const held = await sharableAccess(db, user, equipment, code.slaves === 1, at);
    return held !== null && covers(held.rights, codeRights(code.level, code.camera === 1));
  }

  /** Every console that hears the equipment reads its lists of codes and grants anew. */
  function sharingChanged(equipmentId: number): void {
    app.live.publish(equipmentId, { infotype: 'EquipChanged', info: { reason: 'sharing', id: equipmentId } });
  }

  app.post(
    '/equipment/:id/share-codes',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: 'Issue a share code (edit right; never more than the caller holds)',
        security,
        params: EquipmentParams,
        body: ShareCodeCreate,
        response: { 201: ShareCodeCreated, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const at = now();
      const { equipment } = await requireAccess(db, user, request.params.id, 'edit', at);
      if (body.validity === 'permanent' && body.level !== 'read') {
        throw new ApiError('bad_request', 'only read-only codes may be permanent');
      }
      if (body.slaves && !isHost(equipment)) {
        throw new ApiError('bad_request', `a ${equipment.type} has no sub-devices to share`);
      }
      const held = await sharableAccess(db, user, equipment, body.slaves, at);
      if (held === null || !covers(held.rights, codeRights(body.level, body.camera))) {
        throw new ApiError('forbidden', TOO_MUCH);
      }
      if (body.validity === 'permanent' && held.until !== null) {
        throw new ApiError('bad_request', 'your own access ends, so you cannot issue a permanent code');
      }
      const expiresAt = expiryOf(body.validity, at, held.until);
      const code = generateCode();
      const row = await db
        .insertInto('share_codes')
        .values({
          equipment_id: equipment.id,
          created_by: user.id,
          code_hash: hashCode(code),
          level: body.level,
          validity: body.validity,
          camera: flag(body.camera),
          slaves: flag(body.slaves),
          max_count: body.maxCount,
          expires_at: expiresAt,
          revoked_at: null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sharingChanged(equipment.id);
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      reply.code(201);
      return {
        id: row.id,
        code,
        url: `${origin}/#/share?code=${code}`,
        expiresAt: isoOrNull(expiresAt),
        level: body.level,
        validity: body.validity,
        maxCount: body.maxCount,
        camera: body.camera,
        slaves: body.slaves,
      };
    },
  );

  app.post(
    '/share-codes/redeem',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: 'Redeem a share code: the caller gets a grant on its equipment',
        security,
        body: ShareCodeRedeem,
        response: { 200: ShareCodeRedeemed, 409: ErrorReply, 429: ErrorReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const at = now();
      const canonical = canonicalShareCode(request.body.code);
      if (canonical === null) {
        throw new ApiError('bad_request', `a share code is ${SHARE_CODE_LENGTH} letters and digits`);
      }
      const tried = await wrongCodes.take(
        [{ kind: 'share-code', key: String(user.id), limit: redeemLimit }],
        at,
      );
      if (!tried.granted) {
        // The console shows the message as it is: it says when, as the header does.
        const wait = new RetryLater('too many wrong share codes', tried.retryAt, at);
        setRetryAfter(reply, wait);
        throw wait;
      }
      const code = await db
        .selectFrom('share_codes')
        .selectAll()
        .where('code_hash', '=', hashCode(canonical))
        .executeTakeFirst();
      if (!code || !redeemable(code, at)) throw new ApiError('not_found', INVALID_CODE);
      await wrongCodes.giveBack(tried.slots);
      const equipment = await db
        .selectFrom('equipment')
        .selectAll()
        .where('id', '=', code.equipment_id)
        .executeTakeFirstOrThrow();
      if (equipment.owner_id === user.id) {
        throw new ApiError('conflict', 'this equipment is yours already');
      }
      if (!(await issuerHolds(code, equipment, at))) throw new ApiError('not_found', INVALID_CODE);
      const rights = TIER_RIGHTS[code.level];
      const grantId = await db.transaction().execute(async (trx) => {
        // The guard makes concurrent redemptions count one by one, never past max_count.
        const used = await trx
          .updateTable('share_codes')
          .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
          .where('id', '=', code.id)
          .where((eb) =>
            eb.and([
              eb('used_count', '<', eb.ref('max_count')),
              eb('revoked_at', 'is', null),
              eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]),
            ]),
          )
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw new ApiError('not_found', INVALID_CODE);
        const grant = await trx
          .insertInto('equipment_grants')
          .values({
            equipment_id: equipment.id,
            user_id: user.id,
            level: code.level,
            can_read: flag(rights.read),
            can_operate: flag(rights.operate),
            can_edit: flag(rights.edit),
            can_delete: flag(rights.delete),
            camera: code.camera,
            slaves: code.slaves,
            share_code_id: code.id,
            granted_by: code.created_by,
            expires_at: code.expires_at,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return grant.id;
      });
      await app.accessChanged([user.id]);
      sharingChanged(equipment.id);
      return {
        equipmentId: equipment.id,
        grantId,
        level: code.level,
        camera: code.camera === 1,
        slaves: code.slaves === 1,
        expiresAt: isoOrNull(code.expires_at),
      };
    },
  );

  app.get(
    '/equipment/:id/share-codes',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: "The equipment's share codes, revoked and expired ones too, by id (owner or admin)",
        security,
        params: EquipmentParams,
        querystring: Page,
        response: { 200: ShareCodePage, ...errors },
      },
    },
    async (request) => {
      const equipment = await requireManager(requireUser(request), request.params.id, now());
      const { offset, limit } = request.query;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('share_codes')
          .selectAll()
          .where('equipment_id', '=', equipment.id)
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('share_codes')
          .select((eb) => eb.fn.countAll().as('total'))
          .where('equipment_id', '=', equipment.id)
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(shareCodeItem), total: Number(count.total) };
    },
  );

  app.delete(
    '/equipment/:id/share-codes/:codeId',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: 'Revoke a share code; grants made from it stay (owner or admin)',
        security,
        params: CodeParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const at = now();
      const equipment = await requireManager(requireUser(request), request.params.id, at);
      const code = await db
        .selectFrom('share_codes')
        .select(['id', 'revoked_at'])
        .where('id', '=', request.params.codeId)
        .where('equipment_id', '=', equipment.id)
        .executeTakeFirst();
      if (!code) throw new ApiError('not_found', 'no such share code');
      if (code.revoked_at === null) {
        await db
          .updateTable('share_codes')
          .set({ revoked_at: at })
          .where('id', '=', code.id)
          .where('revoked_at', 'is', null)
          .execute();
        sharingChanged(equipment.id);
      }
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/equipment/:id/grants',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: 'Who holds access to the equipment, expired grants too, by id (owner or admin)',
        security,
        params: EquipmentParams,
        querystring: Page,
        response: { 200: GrantPage, ...errors },
      },
    },
    async (request) => {
      const at = now();
      const equipment = await requireManager(requireUser(request), request.params.id, at);
      const { offset, limit } = request.query;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('equipment_grants')
          .innerJoin('users', 'users.id', 'equipment_grants.user_id')
          .selectAll('equipment_grants')
          .select('users.user_name')
          .where('equipment_grants.equipment_id', '=', equipment.id)
          .orderBy('equipment_grants.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('equipment_grants')
          .select((eb) => eb.fn.countAll().as('total'))
          .where('equipment_id', '=', equipment.id)
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map((row) => grantItem(row, at)), total: Number(count.total) };
    },
  );

  app.patch(
    '/equipment/:id/grants/:grantId',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: "Change a user's grant: level, camera, sub-devices, end (owner or admin)",
        security,
        params: GrantParams,
        body: GrantPatch,
        response: { 200: GrantItem, ...errors },
      },
    },
    async (request) => {
      const at = now();
      const equipment = await requireManager(requireUser(request), request.params.id, at);
      const grant = await db
        .selectFrom('equipment_grants')
        .innerJoin('users', 'users.id', 'equipment_grants.user_id')
        .selectAll('equipment_grants')
        .select('users.user_name')
        .where('equipment_grants.id', '=', request.params.grantId)
        .where('equipment_grants.equipment_id', '=', equipment.id)
        .executeTakeFirst();
      if (!grant) throw new ApiError('not_found', 'no such grant');
      const body = request.body;
      const level = body.level ?? grant.level;
      const expiresAt =
        body.expiresAt === undefined
          ? grant.expires_at
          : body.expiresAt === null
            ? null
            : Date.parse(body.expiresAt);
      if (expiresAt === null && level !== 'read') {
        throw new ApiError('bad_request', 'only read access may be permanent: give expiresAt');
      }
      if (expiresAt !== null && body.expiresAt !== undefined && expiresAt <= at) {
        throw new ApiError('bad_request', 'expiresAt must be in the future');
      }
      const slaves = body.slaves ?? grant.slaves === 1;
      if (slaves && !isHost(equipment)) {
        throw new ApiError('bad_request', 'only a host has sub-devices to share');
      }
      const rights = TIER_RIGHTS[level];
      const changed = {
        level,
        can_read: flag(rights.read),
        can_operate: flag(rights.operate),
        can_edit: flag(rights.edit),
        can_delete: flag(rights.delete),
        camera: flag(body.camera ?? grant.camera === 1),
        slaves: flag(slaves),
        expires_at: expiresAt,
      };
      await db.updateTable('equipment_grants').set(changed).where('id', '=', grant.id).execute();
      await app.accessChanged([grant.user_id]);
      sharingChanged(equipment.id);
      return grantItem({ ...grant, ...changed }, at);
    },
  );

  app.delete(
    '/equipment/:id/grants/:grantId',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: "Remove a user's grant; the access it gave ends at once (owner or admin)",
        security,
        params: GrantParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const equipment = await requireManager(requireUser(request), request.params.id, now());
      const removed = await db
        .deleteFrom('equipment_grants')
        .where('id', '=', request.params.grantId)
        .where('equipment_id', '=', equipment.id)
        .returning('user_id')
        .executeTakeFirst();
      if (!removed) throw new ApiError('not_found', 'no such grant');
      await app.accessChanged([removed.user_id]);
      sharingChanged(equipment.id);
      reply.code(204);
      return null;
    },
  );

  app.delete(
    '/equipment/:id/access',
    {
      ...guarded,
      schema: {
        tags: ['sharing'],
        summary: "Give up one's own grants on the equipment (grantees)",
        security,
        params: EquipmentParams,
        response: { 204: z.null(), 409: ErrorReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { equipment, access } = await requireAccess(db, user, request.params.id, 'read', now());
      if (access.owner) throw new ApiError('conflict', 'owners delete the equipment instead');
      const removed = await db
        .deleteFrom('equipment_grants')
        .where('user_id', '=', user.id)
        .where('equipment_id', '=', equipment.id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        throw new ApiError(
          'conflict',
          equipment.parent_id !== null && !access.admin
            ? 'your access comes from a grant on the host; give that up instead'
            : 'you hold no grant on this equipment',
        );
      }
      await app.accessChanged([user.id]);
      sharingChanged(equipment.id);
      reply.code(204);
      return null;
    },
  );
};
