/**
 * The sharing routes' path and query shapes, and the mapping from stored rows to the replies. The
 * request and reply bodies are the shared contract in @fieldlink/protocol (api/sharing.ts).
 */
import type { GrantItem, ShareCodeItem } from '@fieldlink/protocol';
import { z } from 'zod';
import type { EquipmentGrant, ShareCode } from '../storage/schema.js';

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const EquipmentParams = z.strictObject({ id: Id });
export const CodeParams = z.strictObject({ id: Id, codeId: Id });
export const GrantParams = z.strictObject({ id: Id, grantId: Id });

export const Page = z.strictObject({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const isoOrNull = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString();

// The rows' level and validity are written from the contract's lists (the routes' bodies) and
// read back into them here, so the type check holds the stored types to the same lists.
export function shareCodeItem(row: ShareCode): ShareCodeItem {
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

export function grantItem(row: EquipmentGrant & { user_name: string }, now: number): GrantItem {
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
