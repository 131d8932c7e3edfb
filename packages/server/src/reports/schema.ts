/**
 * The tables of automatic reports (migration 0022). See storage/schema.ts for the conventions
 * (epoch milliseconds, flags as 0/1, JSON documents as text). Both go with their user.
 */
import type { Selectable } from 'kysely';
import type { EpochMs, Flag, JsonText } from '../storage/schema.js';

/** A user's report settings (protocol ReportSettingsInput); a user without a row has them off. */
export interface ReportSettingsTable {
  user_id: number;
  enabled: Flag;
  /** 'daily' or 'weekly'. */
  period: string;
  hour: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  /** A JSON array of equipment ids; null for every equipment the user may read. */
  equipment_ids: JsonText | null;
  /** A JSON object of channel labels by equipment id. */
  channels: JsonText;
  email: Flag;
  updated_at: EpochMs;
}

/** What became of a scheduled report (protocol ReportRunState). */
export type ReportRunColumn = 'sending' | 'sent' | 'generated' | 'failed';

/**
 * One scheduled report of a user for one period. The row is the claim: a node makes and mails the
 * report only after its insert (or its take-over of a failed or abandoned row) succeeded, so
 * several nodes never send the same report twice.
 */
export interface ReportRunTable {
  user_id: number;
  period: string;
  period_start: EpochMs;
  period_end: EpochMs;
  state: ReportRunColumn;
  /** Tries so far, the current one included. */
  attempts: number;
  /** The node that holds or held the claim (MQTT_NODE_ID). */
  node: string;
  claimed_at: EpochMs;
  finished_at: EpochMs | null;
  /** Devices, alarms and uptime of the report as JSON; null until it is made. */
  summary: JsonText | null;
}

export interface ReportTables {
  report_settings: ReportSettingsTable;
  report_runs: ReportRunTable;
}

export type ReportSettingsRow = Selectable<ReportSettingsTable>;
export type ReportRunRow = Selectable<ReportRunTable>;
