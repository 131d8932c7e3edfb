/**
 * The queries of notices: a user's announcements and alarm notices with their read state, the
 * popover's feed, marking read, the administrators' announcements and each user's settings.
 *
 * An announcement is for everyone (tenant_id null) or for one tenant's users; who read it is a row
 * of announcement_reads. An alarm notice belongs to one user and carries its own read time.
 */
import { NOTICE_FEED_MAX, NOTICE_WINDOW_MS } from '@fieldlink/protocol';
import type {
  AdminAnnouncement,
  AlarmNoticeItem,
  AnnouncementItem,
  NoticeItem,
  NoticeKind,
  UnreadCounts,
} from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { iso } from '../http/iso.js';
import type { Database } from '../storage/schema.js';
import type { AlarmNotice, Announcement } from './schema.js';

/** Whom a user is, as notices see them: their id and tenant. */
export interface Reader {
  readonly id: number;
  readonly tenantId: number | null;
}

export interface Page {
  readonly offset: number;
  readonly limit: number;
  /** true: only unread; false: only read; undefined: both. */
  readonly unread?: boolean | undefined;
}

const count = (n: number | string | bigint | undefined): number => Number(n ?? 0);

export async function readerOf(db: Kysely<Database>, userId: number): Promise<Reader> {
  const row = await db.selectFrom('users').select('tenant_id').where('id', '=', userId).executeTakeFirst();
  return { id: userId, tenantId: row?.tenant_id ?? null };
}

/**
 * Announcements the reader sees, with their read time (null while unread): all of them, or only
 * the unread (true) or the read (false).
 */
function announcementsOf(db: Kysely<Database>, reader: Reader, unread?: boolean) {
  const query = db
    .selectFrom('announcements as a')
    .leftJoin('announcement_reads as r', (join) =>
      join.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', reader.id),
    )
    .where((eb) =>
      reader.tenantId === null
        ? eb('a.tenant_id', 'is', null)
        : eb.or([eb('a.tenant_id', 'is', null), eb('a.tenant_id', '=', reader.tenantId)]),
    );
  return unread === undefined ? query : query.where('r.read_at', unread ? 'is' : 'is not', null);
}

function announcementItem(row: Announcement & { read_at: number | null }): AnnouncementItem {
  return {
    kind: 'announcement',
    id: row.id,
    title: row.title,
    text: row.text,
    image: row.image,
    emailText: null,
    at: iso(row.created_at),
    read: row.read_at !== null,
  };
}

function alarmItem(row: AlarmNotice): AlarmNoticeItem {
  return {
    kind: 'alarm',
    id: row.id,
    title: `${row.equipment_name} ${row.channel}`,
    text: row.text,
    image: null,
    emailText: row.email_text,
    at: iso(row.at),
    read: row.read_at !== null,
    mail: row.mail,
    alarm: {
      equipmentId: row.equipment_id,
      equipmentName: row.equipment_name,
      unid: row.unid,
      channel: row.channel,
      level: row.level,
      value: row.value,
      name: row.channel_name,
      unit: row.unit,
      limit: row.alarm_limit,
    },
  };
}

export async function listAnnouncements(
  db: Kysely<Database>,
  reader: Reader,
  page: Page,
): Promise<{ items: AnnouncementItem[]; total: number }> {
  const query = announcementsOf(db, reader, page.unread);
  const [rows, total] = await Promise.all([
    query
      .selectAll('a')
      .select('r.read_at')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { items: rows.map(announcementItem), total: count(total?.n) };
}

function alarmsOf(db: Kysely<Database>, userId: number, unread: boolean | undefined) {
  let query = db.selectFrom('alarm_notices').where('user_id', '=', userId);
  if (unread !== undefined) query = query.where('read_at', unread ? 'is' : 'is not', null);
  return query;
}

export async function listAlarmNotices(
  db: Kysely<Database>,
  userId: number,
  page: Page,
): Promise<{ items: AlarmNoticeItem[]; total: number }> {
  const query = alarmsOf(db, userId, page.unread);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { items: rows.map(alarmItem), total: count(total?.n) };
}

export async function unreadCounts(db: Kysely<Database>, reader: Reader): Promise<UnreadCounts> {
  const [announcements, alarms] = await Promise.all([
    announcementsOf(db, reader, true)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
    alarmsOf(db, reader.id, true)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { announcement: count(announcements?.n), alarm: count(alarms?.n) };
}

/**
 * The popover's feed: unread notices of both kinds of the last 24 hours, newest first, at most
 * 2000 (§9's notice window); `total` counts all of the window's.
 */
export async function feed(
  db: Kysely<Database>,
  reader: Reader,
  now: number,
): Promise<{ items: NoticeItem[]; total: number }> {
  const since = now - NOTICE_WINDOW_MS;
  const announcements = announcementsOf(db, reader, true).where('a.created_at', '>=', since);
  const alarms = alarmsOf(db, reader.id, true).where('at', '>=', since);
  const [a, b, na, nb] = await Promise.all([
    announcements.selectAll('a').select('r.read_at').orderBy('a.id', 'desc').limit(NOTICE_FEED_MAX).execute(),
    alarms.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(NOTICE_FEED_MAX).execute(),
    announcements.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    alarms.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  const items: NoticeItem[] = [...a.map(announcementItem), ...b.map(alarmItem)];
  items.sort((x, y) => (x.at === y.at ? y.id - x.id : x.at < y.at ? 1 : -1));
  return { items: items.slice(0, NOTICE_FEED_MAX), total: count(na?.n) + count(nb?.n) };
}

/** The visible, unread announcements among `ids` (all of them when ids is undefined) become read. */
async function readAnnouncements(
  db: Kysely<Database>,
  reader: Reader,
  ids: readonly number[] | undefined,
  now: number,
): Promise<number> {
  let unread = announcementsOf(db, reader, true);
  if (ids !== undefined) unread = unread.where('a.id', 'in', ids);
  const rows = await unread.select('a.id').execute();
  if (rows.length === 0) return 0;
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('announcement_reads')
      .values(
        rows.slice(i, i + 500).map((r) => ({ announcement_id: r.id, user_id: reader.id, read_at: now })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'announcement_id']).doNothing())
      .execute();
  }
  return rows.length;
}

async function readAlarms(
  db: Kysely<Database>,
  userId: number,
  ids: readonly number[] | undefined,
  now: number,
): Promise<number> {
  let query = db
    .updateTable('alarm_notices')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== undefined) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks the caller's notices read: these ids of one kind, or every one of a kind (or of both). */
export async function markRead(
  db: Kysely<Database>,
  reader: Reader,
  kind: NoticeKind | undefined,
  ids: readonly number[] | undefined,
  now: number,
): Promise<number> {
  let marked = 0;
  if (kind !== 'alarm') marked += await readAnnouncements(db, reader, ids, now);
  if (kind !== 'announcement') marked += await readAlarms(db, reader.id, ids, now);
  return marked;
}

export async function createAnnouncement(
  db: Kysely<Database>,
  values: { title: string; text: string; image: string | null; tenantId: number | null; createdBy: number },
  now: number,
): Promise<Announcement> {
  return db
    .insertInto('announcements')
    .values({
      title: values.title,
      text: values.text,
      image: values.image,
      tenant_id: values.tenantId,
      created_by: values.createdBy,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function tenantExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The users of a tenant (whose consoles hear its announcements). */
export async function tenantUserIds(db: Kysely<Database>, tenantId: number): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => r.id);
}

/** Announcements as administrators see them: audience, author and how many read each. */
function adminAnnouncements(db: Kysely<Database>) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('tenants as t', 't.id', 'a.tenant_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .selectAll('a')
    .select((eb) => [
      't.name as tenant_name',
      'u.user_name as creator_name',
      eb
        .selectFrom('announcement_reads as r')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('r.announcement_id', '=', 'a.id')
        .as('read_count'),
    ]);
}

type AdminRow = Announcement & {
  tenant_name: string | null;
  creator_name: string | null;
  read_count: number | string | null;
};

function adminItem(row: AdminRow): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    image: row.image,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    createdBy:
      row.created_by === null || row.creator_name === null
        ? null
        : { id: row.created_by, name: row.creator_name },
    at: iso(row.created_at),
    readCount: count(row.read_count ?? 0),
  };
}

export async function listAdminAnnouncements(
  db: Kysely<Database>,
  page: { offset: number; limit: number },
): Promise<{ items: AdminAnnouncement[]; total: number }> {
  const [rows, total] = await Promise.all([
    adminAnnouncements(db).orderBy('a.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { items: rows.map(adminItem), total: count(total?.n) };
}

export async function adminAnnouncement(db: Kysely<Database>, id: number): Promise<AdminAnnouncement | null> {
  const row = await adminAnnouncements(db).where('a.id', '=', id).executeTakeFirst();
  return row ? adminItem(row) : null;
}

/** Deletes an announcement and who read it; false when there was none. */
export async function deleteAnnouncement(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const result = await tx.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
    await tx.deleteFrom('announcement_reads').where('announcement_id', '=', id).execute();
    return Number(result.numDeletedRows) > 0;
  });
}

export async function emailAlarmsOn(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notice_settings')
    .select('email_alarms')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.email_alarms === 1;
}

export async function setEmailAlarms(
  db: Kysely<Database>,
  userId: number,
  on: boolean,
  now: number,
): Promise<void> {
  const flag = on ? 1 : 0;
  await db
    .insertInto('notice_settings')
    .values({ user_id: userId, email_alarms: flag, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_alarms: flag, updated_at: now }))
    .execute();
}

/** Stores what became of the mails of these alarm notices (the mailer's MarkMail). */
export function markMail(db: Kysely<Database>) {
  return async (noticeIds: readonly number[], state: 'sent' | 'failed'): Promise<void> => {
    for (let i = 0; i < noticeIds.length; i += 500) {
      await db
        .updateTable('alarm_notices')
        .set({ mail: state })
        .where('id', 'in', noticeIds.slice(i, i + 500))
        .execute();
    }
  };
}
