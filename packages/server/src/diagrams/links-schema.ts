/**
 * The table of diagram share links (migration 0018). See storage/schema.ts for the conventions
 * (epoch milliseconds, JSON as text).
 */
import type { Generated, Selectable } from 'kysely';
import type { EpochMs } from '../storage/schema.js';

/** A read-only link to a diagram project for wall displays. */
export interface DiagramLinkTable {
  id: Generated<number>;
  /** The project (diagram_projects.id); a link of a deleted project answers 410. */
  project_id: string;
  /** SHA-256 (hex) of the token; the token itself is given once and never stored. */
  token_hash: string;
  label: string;
  /** Who made it: the values it serves are those this user may still read. */
  created_by: number;
  created_at: EpochMs;
  /** Null: never expires. */
  expires_at: EpochMs | null;
  /** Set when revoked; the row stays so its displays are told so. */
  revoked_at: EpochMs | null;
  /** When a display last read it (written at most once a minute). */
  last_used_at: EpochMs | null;
}

export interface DiagramLinkTables {
  diagram_links: DiagramLinkTable;
}

export type DiagramLink = Selectable<DiagramLinkTable>;
