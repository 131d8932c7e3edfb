/**
 * The REST contract of sharing (docs/api.md § Sharing) that server and console both import:
 * issuing a share code (`POST /equipment/:id/share-codes`) and redeeming one
 * (`POST /share-codes/redeem`), with the code's written form; the owner's lists of codes and
 * grants and the change to a grant. The server validates requests and documents its replies with
 * these schemas; the console types its calls with them and checks the replies in development.
 */
import { z } from 'zod';
import { pageOf } from './fields.js';

/** The tiers of §4, from read-only up to delete. */
export const SHARE_LEVELS = ['read', 'readwrite', 'operate', 'edit', 'delete'] as const;
export const SHARE_VALIDITIES = ['1h', '1d', '1w', '1m', 'permanent'] as const;

export const ShareLevel = z.enum(SHARE_LEVELS);
export type ShareLevel = z.infer<typeof ShareLevel>;
export const ShareValidity = z.enum(SHARE_VALIDITIES);
export type ShareValidity = z.infer<typeof ShareValidity>;

/** What each tier gives (docs/api.md § Tiers and rights); camera is a separate option. */
export interface TierRights {
  readonly read: boolean;
  readonly operate: boolean;
  readonly edit: boolean;
  readonly delete: boolean;
}

/** Not a ladder: `readwrite` configures without switching, `operate` switches without configuring. */
export const TIER_RIGHTS: Readonly<Record<ShareLevel, TierRights>> = {
  read: { read: true, operate: false, edit: false, delete: false },
  readwrite: { read: true, operate: false, edit: true, delete: false },
  operate: { read: true, operate: true, edit: false, delete: false },
  edit: { read: true, operate: true, edit: true, delete: false },
  delete: { read: true, operate: true, edit: true, delete: true },
};

/** Crockford's base32 alphabet: digits and letters without I, L, O and U. */
export const SHARE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 26 characters of 5 bits: 130 random bits. */
export const SHARE_CODE_LENGTH = 26;

const CANONICAL = new RegExp(`^[${SHARE_CODE_ALPHABET}]{${SHARE_CODE_LENGTH}}$`);

/**
 * The canonical form of a code as a person typed it: upper case, without spaces and dashes, with
 * O → 0 and I, L → 1 (the look-alikes a reader confuses). Null when what remains is not a code.
 */
export function canonicalShareCode(input: string): string | null {
  const code = input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return CANONICAL.test(code) ? code : null;
}

/** How many times one code may be redeemed at most. */
export const SHARE_MAX_COUNT = 1000;

export const ShareCodeCreate = z.strictObject({
  level: ShareLevel,
  validity: ShareValidity,
  /** How many users may redeem the code. */
  maxCount: z.number().int().min(1).max(SHARE_MAX_COUNT).default(1),
  /** The grants include the camera right. */
  camera: z.boolean().default(false),
  /** The grants cover the host's sub-devices too; hosts only. */
  slaves: z.boolean().default(false),
});
/** What a caller sends; the defaults fill what it leaves out. */
export type ShareCodeCreateRequest = z.input<typeof ShareCodeCreate>;

const iso = z.iso.datetime();

/** The reply to a new code: the only time the code itself is shown. */
export const ShareCodeCreated = z.object({
  id: z.number(),
  code: z.string(),
  /** The console's `/#/share?code=…` page for this code. */
  url: z.string(),
  expiresAt: iso.nullable(),
  level: ShareLevel,
  validity: ShareValidity,
  maxCount: z.number(),
  camera: z.boolean(),
  slaves: z.boolean(),
});
export type ShareCodeCreated = z.infer<typeof ShareCodeCreated>;

/** Any text up to a bound: the server tells a malformed code (400) from a wrong one (404). */
export const ShareCodeRedeem = z.strictObject({ code: z.string().min(1).max(128) });
export type ShareCodeRedeem = z.infer<typeof ShareCodeRedeem>;

/** The grant the caller now holds. */
export const ShareCodeRedeemed = z.object({
  equipmentId: z.number(),
  grantId: z.number(),
  level: ShareLevel,
  camera: z.boolean(),
  slaves: z.boolean(),
  /** When the access ends; null for a permanent share. */
  expiresAt: iso.nullable(),
});
export type ShareCodeRedeemed = z.infer<typeof ShareCodeRedeemed>;

/** One of the equipment's codes as its owner lists them (`GET /equipment/:id/share-codes`). */
export const ShareCodeItem = z.object({
  id: z.number(),
  level: ShareLevel,
  validity: ShareValidity,
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
export type ShareCodeItem = z.infer<typeof ShareCodeItem>;
export const ShareCodePage = pageOf(ShareCodeItem);
export type ShareCodePage = z.infer<typeof ShareCodePage>;

/** One user's grant on the equipment (`GET /equipment/:id/grants`, and the reply to a change). */
export const GrantItem = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  level: ShareLevel,
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
export type GrantItem = z.infer<typeof GrantItem>;
export const GrantPage = pageOf(GrantItem);
export type GrantPage = z.infer<typeof GrantPage>;

/**
 * A change to a grant (`PATCH /equipment/:id/grants/:grantId`, the specification's
 * EquipModifyAuthority); a field left out stays. Only `read` may have no end and `slaves` is for
 * hosts: the server checks those against the grant as changed.
 */
export const GrantPatch = z.strictObject({
  level: ShareLevel.optional(),
  camera: z.boolean().optional(),
  slaves: z.boolean().optional(),
  /** When the access ends; null for permanent (read level only). */
  expiresAt: iso.nullable().optional(),
});
export type GrantPatch = z.infer<typeof GrantPatch>;
