/**
 * The table of feedback (migration 0023). See storage/schema.ts for the conventions (epoch
 * milliseconds, JSON documents as text). No foreign key: a deleted account's feedback stays for
 * the administrators, shown without its sender.
 */
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, JsonText } from '../storage/schema.js';

/** protocol FeedbackCategory. */
export type FeedbackCategoryColumn = 'problem' | 'suggestion' | 'other';

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  category: FeedbackCategoryColumn;
  text: string;
  contact: string | null;
  /** The browser's User-Agent header, cut; null when none was sent. */
  user_agent: string | null;
  /** The console's error log (protocol FeedbackErrorEntry[]) as JSON; null when not attached. */
  error_log: JsonText | null;
  created_at: EpochMs;
  /** When an administrator marked it read; null while unread. */
  read_at: EpochMs | null;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
}

export type Feedback = Selectable<FeedbackTable>;
