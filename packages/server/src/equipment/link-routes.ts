/**
 * The device's link secret (docs/api.md, `GET`/`POST /api/v1/equipment/:id/link-secret`): read it
 * again, or generate a new one. Link settings are the owner's and administrators' alone; the
 * equipment routes use the same checks for the link fields of PATCH.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { generateLinkSecret, openLinkSecret, storedLinkSecret } from '../gateway/dtu/secrets.js';
import { ApiError } from '../http/errors.js';
import type { Database, Equipment } from '../storage/schema.js';
import { requireAccess } from './access.js';
import type { Access } from './access.js';
import { LinkSecretReply } from '@fieldlink/protocol';
import { EquipmentId } from './fields.js';

export interface LinkRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  /** Seals link secrets for their owners to read again (gateway/dtu/secrets.ts linkSecretKey). */
  readonly linkKey: Uint8Array;
}

/**
 * Link settings (the link secret, the open-link opt-out, the Modbus TCP address) decide who can
 * speak for the device and where the server connects: its owner's and administrators' alone, not a
 * grantee's of any level.
 */
export function requireLinkAuthority(access: Access): void {
  if (!access.owner && !access.admin) {
    throw new ApiError(
      'forbidden',
      "the device's link settings (link secret, open link, Modbus TCP address) are for its owner only",
    );
  }
}

export function requireOwnLink(equipment: Pick<Equipment, 'parent_id'>): void {
  if (equipment.parent_id !== null) {
    throw new ApiError('bad_request', 'a sub-device has no link of its own, so no link secret');
  }
}

function linkSecretReply(row: Equipment, key: Uint8Array): LinkSecretReply {
  const sealed = row.link_secret_sealed ?? null;
  return {
    linkSecret: sealed === null || row.sn === null ? null : openLinkSecret(key, row.sn, sealed),
    hasLinkSecret: (row.link_secret_hash ?? null) !== null,
    openLink: row.link_open === 1,
  };
}

export const linkRoutes: FastifyPluginAsyncZod<LinkRoutesOptions> = async (app, { db, now, linkKey }) => {
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };

  /** The equipment of a link-secret call: a device with a link of its own, of the owner or an administrator. */
  async function ownLinkOf(user: AuthUser, id: number): Promise<Equipment> {
    const { equipment, access } = await requireAccess(db, user, id, 'read', now());
    requireLinkAuthority(access);
    requireOwnLink(equipment);
    return equipment;
  }

  app.get(
    '/equipment/:id/link-secret',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary: "The device's link secret, for its DTU's registration (SN:secret); owner and administrators",
        security,
        params: EquipmentId,
        response: { 200: LinkSecretReply, ...errors },
      },
    },
    async (request) => linkSecretReply(await ownLinkOf(requireUser(request), request.params.id), linkKey),
  );

  app.post(
    '/equipment/:id/link-secret',
    {
      ...guarded,
      schema: {
        tags: ['equipment'],
        summary:
          'Generate a new link secret; the old one no longer registers (the live link stays until it drops); owner and administrators',
        security,
        params: EquipmentId,
        response: { 200: LinkSecretReply, ...errors },
      },
    },
    async (request) => {
      const equipment = await ownLinkOf(requireUser(request), request.params.id);
      const secret = generateLinkSecret();
      const stored = storedLinkSecret(linkKey, equipment.sn ?? equipment.unid, secret);
      await db
        .updateTable('equipment')
        .set({ ...stored, updated_at: now() })
        .where('id', '=', equipment.id)
        .execute();
      return { linkSecret: secret, hasLinkSecret: true, openLink: equipment.link_open === 1 };
    },
  );
};
