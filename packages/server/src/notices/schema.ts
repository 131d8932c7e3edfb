/**
 * The tables of notices (migration 0020). See storage/schema.ts for the conventions (epoch
 * milliseconds, flags as 0/1). No foreign keys, as with history: rows of a deleted user or
 * equipment are left to the retention sweep (notices/retention.ts).
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from '../storage/schema.js';

/** An administrator's announcement, to everyone or to one tenant's users. */
export interface AnnouncementTable {
  id: Generated<number>;
  /** The tenant whose users see it; null for everyone. */
  tenant_id: number | null;
  title: string;
  text: string;
  /** An http(s) address or a path on the console's origin; null for none. */
  image: string | null;
  created_by: number | null;
  created_at: EpochMs;
}

/** Who read which announcement (announcements are read per user, their rows are shared). */
export interface AnnouncementReadTable {
  announcement_id: number;
  user_id: number;
  read_at: EpochMs;
}

/** What became of an alarm notice's mail (protocol AlarmMailState). */
export type AlarmMailColumn = 'off' | 'quiet' | 'pending' | 'sent' | 'failed';

/** One user's copy of an alarm raised on equipment they may read. */
export interface AlarmNoticeTable {
  id: Generated<number>;
  user_id: number;
  equipment_id: number;
  /** The equipment's name and unit id when the alarm was raised. */
  equipment_name: string;
  unid: string;
  /** 'AI2', 'DI1'. */
  channel: string;
  level: number;
  value: number;
  /** The channel's own name and unit; the limit crossed (AI only). */
  channel_name: string;
  unit: string;
  alarm_limit: number | null;
  /** The server's wording of the alarm (English). */
  text: string;
  /** The alarm's line in the user's mail, in their language. */
  email_text: string;
  mail: AlarmMailColumn;
  /**
   * While the mail is pending: the node that holds it and until when (migration 0025,
   * mail-claims.ts); null on both when no node holds it, and any node's sweep may take it.
   */
  mail_node: ColumnType<string | null, string | null | undefined, string | null>;
  mail_lease_until: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
  /** When the alarm was raised. */
  at: EpochMs;
  created_at: EpochMs;
  read_at: EpochMs | null;
}

/** A user's notice settings; a user without a row has e-mail alarms off. */
export interface NoticeSettingsTable {
  user_id: number;
  email_alarms: Flag;
  updated_at: EpochMs;
}

export interface NoticeTables {
  announcements: AnnouncementTable;
  announcement_reads: AnnouncementReadTable;
  alarm_notices: AlarmNoticeTable;
  notice_settings: NoticeSettingsTable;
}

export type Announcement = Selectable<AnnouncementTable>;
export type AlarmNotice = Selectable<AlarmNoticeTable>;
