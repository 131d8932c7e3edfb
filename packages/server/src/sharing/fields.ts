/** Request and reply shapes of the sharing routes, and the mapping from stored rows. */
import { z } from 'zod';
import type { EquipmentGrant, ShareCode, ShareLevel, ShareValidity } from '../storage/schema.js';

export const SHARE_LEVELS = [
  'read',
  'readwrite',
  'operate',
  'edit',
  'delete',
] as const satisfies readonly ShareLevel[];
export const SHARE_VALIDITIES = [
  '1h',
  '1d',
  '1w',
  '1m',
  'permanent',
] as const satisfies readonly ShareValidity[];

export const Level = z.enum(SHARE_LEVELS);
export const Validity = z.enum(SHARE_VALIDITIES);

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const EquipmentParams = z.strictObject({ id: Id });
export const CodeParams = z.strictObject({ id: Id, codeId: Id });
export const GrantParams = z.strictObject({ id: Id, grantId: Id });

export const Page = z.strictObject({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ShareCodeCreate = z.strictObject({
  level: Level,
  validity: Validity,
  /** How many users may redeem the code. */
  maxCount: z.number().int().min(1).max(1000).default(1),
  /** The grants include the camera right. */
  camera: z.boolean().default(false),
  /** The grants cover the host's sub-devices too; hosts only. */
  slaves: z.boolean().default(false),
});

/** Any text up to a bound: the route tells a malformed code from a wrong one. */
/** A change to a grant (the specification's EquipModifyAuthority); a field left out stays. */
export const GrantPatch = z.strictObject({
  level: Level.optional(),
  camera: z.boolean().optional(),
  slaves: z.boolean().optional(),
  /** When the access ends; null for permanent (read level only). */
  expiresAt: z.iso.datetime().nullable().optional(),
});

export const RedeemBody = z.strictObject({ code: z.string().min(1).max(128) });

const iso = z.iso.datetime();

/** The reply to a new code: the only time the code itself is shown. */
export const ShareCodeCreated = z.object({
  id: z.number(),
  code: z.string(),
  url: z.string(),
  expiresAt: iso.nullable(),
  level: Level,
  validity: Validity,
  maxCount: z.number(),
  camera: z.boolean(),
  slaves: z.boolean(),
});

export const RedeemReply = z.object({
  equipmentId: z.number(),
  grantId: z.number(),
  level: Level,
  camera: z.boolean(),
  slaves: z.boolean(),
  expiresAt: iso.nullable(),
});

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
