/**
 * The queries of diagram share links: tokens (32 random bytes, only their SHA-256 stored), a link
 * found by its token with its project, whether it still answers, and its `last used` time.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { WallGoneReason } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { DiagramProject } from '../storage/file-schema.js';
import type { Database } from '../storage/schema.js';
import type { DiagramLink } from './links-schema.js';

/** `last used` is written at most this often per link. */
export const LAST_USED_EVERY_MS = 60_000;

/** A new token: 256 random bits, base64url. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A short, harmless name of a token for the log: the start of its hash. */
export function tokenTag(token: string): string {
  return `h:${tokenHash(token).slice(0, 12)}`;
}

export type LinkLookup =
  | { readonly ok: true; readonly link: DiagramLink; readonly project: DiagramProject }
  | { readonly ok: false; readonly gone: WallGoneReason | null };

/** The link a token opens, or why it opens nothing (gone: null for a token never made). */
export async function lookUpLink(db: Kysely<Database>, token: string, now: number): Promise<LinkLookup> {
  const link = await db
    .selectFrom('diagram_links')
    .selectAll()
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  return stillOpen(db, link, now);
}

/** The link by id, as lookUpLink checks it (a stream checking that its link still answers). */
export async function recheckLink(db: Kysely<Database>, id: number, now: number): Promise<LinkLookup> {
  const link = await db.selectFrom('diagram_links').selectAll().where('id', '=', id).executeTakeFirst();
  return stillOpen(db, link, now);
}

async function stillOpen(
  db: Kysely<Database>,
  link: DiagramLink | undefined,
  now: number,
): Promise<LinkLookup> {
  if (!link) return { ok: false, gone: null };
  if (link.revoked_at !== null) return { ok: false, gone: 'revoked' };
  if (link.expires_at !== null && link.expires_at <= now) return { ok: false, gone: 'expired' };
  const project = await db
    .selectFrom('diagram_projects')
    .selectAll()
    .where('id', '=', link.project_id)
    .executeTakeFirst();
  if (!project) return { ok: false, gone: 'deleted' };
  return { ok: true, link, project };
}

/** Notes that a display read the link (one write a minute at most). */
export async function touchLink(db: Kysely<Database>, link: DiagramLink, now: number): Promise<void> {
  if (link.last_used_at !== null && now - link.last_used_at < LAST_USED_EVERY_MS) return;
  await db
    .updateTable('diagram_links')
    .set({ last_used_at: now })
    .where('id', '=', link.id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - LAST_USED_EVERY_MS)]),
    )
    .execute();
}

/** The words of a 410. */
export const GONE_MESSAGES: Readonly<Record<WallGoneReason, string>> = {
  revoked: 'this diagram link was revoked',
  expired: 'this diagram link has expired',
  deleted: 'the diagram of this link was deleted',
};

export const UNKNOWN_LINK = 'no such diagram link';
