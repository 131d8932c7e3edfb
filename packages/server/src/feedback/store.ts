/**
 * The queries of feedback: storing what a user sends, the administrators' list (newest first,
 * paged, unread ones only on request) and marking one read or unread.
 */
import { FeedbackErrorEntry } from '@fieldlink/protocol';
import type { AdminFeedback, FeedbackCategory } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { iso } from '../http/iso.js';
import type { Database } from '../storage/schema.js';

/** What the browser's User-Agent header keeps: enough to tell the browser and system. */
export const USER_AGENT_MAX = 300;

export interface NewFeedback {
  readonly userId: number;
  readonly category: FeedbackCategory;
  readonly text: string;
  readonly contact: string | null;
  readonly userAgent: string | null;
  readonly errorLog: readonly FeedbackErrorEntry[] | null;
}

export async function createFeedback(
  db: Kysely<Database>,
  feedback: NewFeedback,
  now: number,
): Promise<{ id: number; at: number }> {
  const row = await db
    .insertInto('feedback')
    .values({
      user_id: feedback.userId,
      category: feedback.category,
      text: feedback.text,
      contact: feedback.contact,
      user_agent: feedback.userAgent,
      error_log: feedback.errorLog === null ? null : JSON.stringify(feedback.errorLog),
      created_at: now,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, at: now };
}

const count = (n: number | string | bigint | undefined): number => Number(n ?? 0);

const StoredLog = z.array(FeedbackErrorEntry);

/** The stored log as written; a row that does not read back (edited by hand) shows none. */
function errorLogOf(text: string | null): FeedbackErrorEntry[] | null {
  if (text === null) return null;
  try {
    const parsed = StoredLog.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function listed(db: Kysely<Database>) {
  return db
    .selectFrom('feedback as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'f.id',
      'f.user_id',
      'f.category',
      'f.text',
      'f.contact',
      'f.user_agent',
      'f.error_log',
      'f.created_at',
      'f.read_at',
      'u.user_name',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>;

function item(row: Row): AdminFeedback {
  return {
    id: row.id,
    category: row.category,
    text: row.text,
    contact: row.contact,
    user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
    userAgent: row.user_agent,
    errorLog: errorLogOf(row.error_log),
    at: iso(row.created_at),
    readAt: row.read_at === null ? null : iso(row.read_at),
  };
}

export async function listFeedback(
  db: Kysely<Database>,
  page: { offset: number; limit: number; unread?: boolean | undefined },
): Promise<{ items: AdminFeedback[]; total: number; unread: number }> {
  const only = page.unread;
  const [rows, total, unread] = await Promise.all([
    listed(db)
      .$if(only !== undefined, (q) => q.where('f.read_at', only ? 'is' : 'is not', null))
      .orderBy('f.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$if(only !== undefined, (q) => q.where('read_at', only ? 'is' : 'is not', null))
      .executeTakeFirst(),
    db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('read_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return { items: rows.map(item), total: count(total?.n), unread: count(unread?.n) };
}

export async function feedbackItem(db: Kysely<Database>, id: number): Promise<AdminFeedback | null> {
  const row = await listed(db).where('f.id', '=', id).executeTakeFirst();
  return row ? item(row) : null;
}

/** Marks one read (keeping the first time it was read) or unread; false when there is none. */
export async function setFeedbackRead(
  db: Kysely<Database>,
  id: number,
  read: boolean,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('feedback')
    .set((eb) => ({ read_at: read ? eb.fn.coalesce('read_at', eb.val(now)) : null }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
