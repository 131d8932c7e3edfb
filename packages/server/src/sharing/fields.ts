/**
 * Request and reply shapes of the sharing routes beyond the shared contract (issuing and redeeming
 * a code are in @fieldlink/protocol), and the mapping from stored rows.
 */
import { ShareLevel, ShareValidity } from '@fieldlink/protocol';
import { z } from 'zod';
import type { EquipmentGrant, ShareCode } from '../storage/schema.js';

// The contract's (protocol/api/sharing.ts): the rows' level and validity are written from these
// and read back into them, so the type check holds the stored types to the same lists.
export const Level = ShareLevel;
export const Validity = ShareValidity;

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const EquipmentParams = z.strictObject({ id: Id });
export const CodeParams = z.strictObject({ id: Id, codeId: Id });
export const GrantParams = z.strictObject({ id: Id, grantId: Id });

export const Page = z.strictObject({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** A change to a grant (the specification's EquipModifyAuthority); a field left out stays. */
export const GrantPatch = z.strictObject({
  level: Level.optional(),
  camera: z.boolean().optional(),
  slaves: z.boolean().optional(),
  /** When the access ends; null for permanent (read level only). */
  expiresAt: z.iso.datetime().nullable().optional(),
});

const iso = z.iso.datetime();

export const ShareCodeItem = z.object({
  id: z.number(),
  level: Level,
  validity: Validity,
  maxCount: z.number(),
  usedCount: z.number(),
  camera: z.boolean(),
  slaves: z.boolean(),
  expiresAt: iso.nullable(),
  revokedAt: iso.nullable(),
  createdAt: iso,
  /** The id of the user who issued the code. */
  createdBy: z.number(),
});

export const GrantItem = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  level: Level,
  read: z.boolean(),
  operate: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  camera: z.boolean(),
  slaves: z.boolean(),
  expiresAt: iso.nullable(),
  /** The grant has run out: it no longer gives access. */
  expired: z.boolean(),
  createdAt: iso,
  /** The code the grant was redeemed from; null once that code is gone. */
  shareCodeId: z.number().nullable(),
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

export const isoOrNull = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString();

export function shareCodeItem(row: ShareCode): z.infer<typeof ShareCodeItem> {
  return {
    id: row.id,
    level: row.level,
    validity: row.validity,
    maxCount: row.max_count,
    usedCount: row.used_count,
    camera: row.camera === 1,
    slaves: row.slaves === 1,
    expiresAt: isoOrNull(row.expires_at),
    revokedAt: isoOrNull(row.revoked_at),
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
  };
}

export function grantItem(
  row: EquipmentGrant & { user_name: string },
  now: number,
): z.infer<typeof GrantItem> {
  return {
    id: row.id,
    userId: row.user_id,
    userName: row.user_name,
    level: row.level,
    read: row.can_read === 1,
    operate: row.can_operate === 1,
    edit: row.can_edit === 1,
    delete: row.can_delete === 1,
    camera: row.camera === 1,
    slaves: row.slaves === 1,
    expiresAt: isoOrNull(row.expires_at),
    expired: row.expires_at !== null && row.expires_at <= now,
    createdAt: new Date(row.created_at).toISOString(),
    shareCodeId: row.share_code_id,
  };
}
