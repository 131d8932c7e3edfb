/**
 * Who may do what on a device's Sharing tab (docs/api.md § Sharing), and the texts of the
 * server's refusals: issuing codes needs the edit right and passes on only rights the issuer
 * holds; the lists of codes and grants are the owner's and administrators'; a grantee may give
 * up their own access.
 */
import { SHARE_LEVELS, TIER_RIGHTS } from '@fieldlink/protocol';
import type { TFunction } from 'i18next';
import type { Permission } from '../../api/equipment';
import { ApiError } from '../../api/http';
import type { ShareCodeEntry, ShareLevel } from '../../api/sharing';
import { AUTHORITY_GROUPS } from '../../routes/access';
import { describeError } from '../auth/errors';
import type { MessageKey } from '../../i18n';

const ADMIN_AUTHORITY = AUTHORITY_GROUPS.find((g) => g.name === 'admin')?.min ?? 1000;

/** An administrator holds every right on every equipment and manages its sharing. */
export const isAdministrator = (authority: number | undefined): boolean =>
  (authority ?? -1) >= ADMIN_AUTHORITY;

/** The tiers whose rights are all among the caller's own: the ones a code of theirs may give. */
export function tiersWithin(permission: Permission): ShareLevel[] {
  const held = {
    read: permission.read,
    operate: permission.operate === 1,
    edit: permission.edit,
    delete: permission.delete,
  };
  return SHARE_LEVELS.filter((level) =>
    Object.entries(TIER_RIGHTS[level]).every(
      ([right, wanted]) => !wanted || held[right as keyof typeof held],
    ),
  );
}

/**
 * The tier a permission amounts to. A grantee's access is the union of their grants, and a union
 * of tiers is always a tier; null without the read right.
 */
export function tierOf(permission: Permission): ShareLevel | null {
  if (!permission.read) return null;
  if (permission.delete) return 'delete';
  const operate = permission.operate === 1;
  if (operate && permission.edit) return 'edit';
  if (operate) return 'operate';
  return permission.edit ? 'readwrite' : 'read';
}

export interface SharingRole {
  /** May issue share codes (the edit right). */
  readonly share: boolean;
  /** Sees and manages the codes and grants (owner or administrator). */
  readonly manage: boolean;
  /** Holds the device through grants, and may give them up. */
  readonly grantee: boolean;
}

export function sharingRole(permission: Permission, authority: number | undefined): SharingRole {
  const admin = isAdministrator(authority);
  return {
    share: permission.edit,
    manage: permission.owner || admin,
    grantee: permission.read && !permission.owner && !admin,
  };
}

/** The code in groups of four, to be read aloud or typed (the server ignores the spaces). */
export function groupCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

export type CodeState = 'active' | 'revoked' | 'expired' | 'usedUp';

/** Whether a listed code may still be redeemed, and if not, why (revoked first). */
export function codeState(code: ShareCodeEntry, now: number): CodeState {
  if (code.revokedAt !== null) return 'revoked';
  if (code.expiresAt !== null && Date.parse(code.expiresAt) <= now) return 'expired';
  if (code.usedCount >= code.maxCount) return 'usedUp';
  return 'active';
}

/** The server's sharing refusals (docs/api.md § Sharing, in its words) and their texts. */
const SERVER_MESSAGES: Readonly<Record<string, MessageKey>> = {
  'you cannot share more than you hold': 'sharing.serverErrors.tooMuch',
  'only the owner manages sharing': 'sharing.serverErrors.notManager',
  'only read-only codes may be permanent': 'sharing.serverErrors.permanentReadOnly',
  'your own access ends, so you cannot issue a permanent code': 'sharing.serverErrors.granteePermanent',
  'only read access may be permanent: give expiresAt': 'sharing.serverErrors.grantPermanent',
  'expiresAt must be in the future': 'sharing.serverErrors.endPast',
  'only a host has sub-devices to share': 'sharing.serverErrors.notHost',
  'owners delete the equipment instead': 'sharing.serverErrors.ownerGivesUp',
  'your access comes from a grant on the host; give that up instead': 'sharing.serverErrors.hostGrant',
  'you hold no grant on this equipment': 'sharing.serverErrors.noGrant',
  'no such grant': 'sharing.serverErrors.noGrantFound',
  'no such share code': 'sharing.serverErrors.noCodeFound',
};

/** What the server's refusal means, in the user's language; its own words when unknown. */
export function sharingErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const key = SERVER_MESSAGES[error.message];
    if (key) return t(key);
  }
  return describeError(error, t);
}
