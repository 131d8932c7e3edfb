/**
 * The typed shape of the database, shared by SQLite and PostgreSQL. Column names are the SQL names
 * (snake_case). Every timestamp is epoch milliseconds as a JS number: PostgreSQL keeps them in
 * BIGINT and the pool is told to hand BIGINT back as a number (see open.ts), SQLite stores them as
 * INTEGER. JSON documents are TEXT so both dialects hold the same bytes; the domain code parses them.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { FileStoreTables } from './file-schema.js';
import type { DiagramLinkTables } from '../diagrams/links-schema.js';
import type { NoticeTables } from '../notices/schema.js';
import type { AppTables } from '../apps/schema.js';
import type { ReportTables } from '../reports/schema.js';
import type { FeedbackTables } from '../feedback/schema.js';

/** Epoch milliseconds. */
export type EpochMs = number;

/** A JSON document serialised as text. */
export type JsonText = string;

export type VerificationPurpose = 'register' | 'recover' | 'bind';

/**
 * What a failed attempt is counted against: a sign-in's account name or client address, or the
 * user id of a wrong share code.
 */
export type LoginAttemptKind = 'account' | 'address' | 'share-code';

export interface TenantTable {
  id: Generated<number>;
  /** The sub-domain key the console is reached under. */
  key: string;
  name: string;
  logo: string | null;
  login_title_image: string | null;
  page_title: string | null;
  /** Prepended to user names registered under this tenant. */
  user_name_prefix: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface UserTable {
  id: Generated<number>;
  /** Unique and case-sensitive, kept exactly as given. */
  user_name: string;
  password_hash: string;
  phone: string | null;
  email: string | null;
  /** 0 visitor … 4 user (default) … 1000 admin. */
  authority: Generated<number>;
  tenant_id: number | null;
  /** Console preferences (sleep hours, confirmations, alarm sound …); defaults to '{}'. */
  param: Generated<JsonText>;
  /** 'zh' (default), 'en' or 'tc'. */
  language: Generated<string>;
  city: string | null;
  camera_param: JsonText | null;
  /** Chart filter names keyed by equipment; defaults to '{}'. */
  chart_filters: Generated<JsonText>;
  /** Role names (spec §6), a JSON array; defaults to '[]'. Read through accounts/access.ts. */
  roles: Generated<JsonText>;
  /** Abilities (READ, WRITE, OPR, DELETE), a JSON array; defaults to all four. */
  abilities: Generated<JsonText>;
  /** When an administrator disabled the account; null while it may sign in. */
  disabled_at: EpochMs | null;
  /** When the console's first-sign-in call was made; null while its welcome is due (§4). */
  first_sign_in_at: EpochMs | null;
  registered_at: EpochMs;
  updated_at: EpochMs;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  /** A phone number or an e-mail address. */
  target: string;
  purpose: VerificationPurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: EpochMs;
  used_at: EpochMs | null;
  created_at: EpochMs;
}

/** One refresh token; the rows of a family are the rotations of one login. */
export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: EpochMs;
  revoked_at: EpochMs | null;
  /** The session row that took over when this token was rotated. */
  replaced_by: number | null;
  created_at: EpochMs;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  kind: LoginAttemptKind;
  key: string;
  at: EpochMs;
}

/**
 * What an attempt counter counts: sign-ins per account and address pair, per account (the growing
 * delay) and per address, the pairs that signed in (trusted), verification codes per client address
 * and per target, wrong share codes per user, reports a user mails themselves, and feedback sent.
 */
export type AttemptKind =
  | 'login-pair'
  | 'login-account'
  | 'login-address'
  | 'login-trusted'
  | 'code-address'
  | 'code-address-day'
  | 'code-target'
  | 'code-target-hour'
  | 'share-code'
  | 'report-send'
  | 'feedback';

/** One counter; a row whose expires_at has passed counts as absent. */
export interface AttemptCounterTable {
  kind: AttemptKind;
  key: string;
  /** Attempts reserved in the current window or delay streak. */
  attempts: number;
  /** The wait a delay streak asks before the next attempt; 0 for windows. */
  delay_ms: Generated<number>;
  /** The earliest next attempt of a delay streak; 0 for windows. */
  next_at: Generated<EpochMs>;
  /** When the window ends or the streak is forgotten. */
  expires_at: EpochMs;
}

/** A person's id at a social sign-in provider, linked to one account. */
export interface SocialIdentityTable {
  id: Generated<number>;
  user_id: number;
  /** The provider's id ('qq', 'wechat', 'dingtalk', …). */
  provider: string;
  /** The provider's stable id for the person. */
  external_id: string;
  created_at: EpochMs;
}

/** Share-code and grant levels (spec §6 sharing tiers). */
export type ShareLevel = 'read' | 'readwrite' | 'operate' | 'edit' | 'delete';
export type ShareValidity = '1h' | '1d' | '1w' | '1m' | 'permanent';

/** 0 or 1: booleans are integers in both dialects. */
export type Flag = 0 | 1;

export interface EquipmentTable {
  id: Generated<number>;
  owner_id: number;
  /** The host a sub-device is reached through; null for a device with a link of its own. */
  parent_id: number | null;
  /** The serial number a device registers its link with; null for sub-devices. */
  sn: string | null;
  /** The serial number for a host, `<host unid>_<address>` for a sub-device. */
  unid: string;
  /** A sub-device's address under its parent (slave id, LoRa address or DL645 address). */
  address: string | null;
  type: string;
  name: string;
  description: Generated<string>;
  group_name: Generated<string>;
  /** Normalised channel, appearance and mode settings (see equipment/settings.ts). */
  settings: Generated<JsonText>;
  camera_password: string | null;
  /** SHA-256 (hex) of the secret the device's link registration must carry; null when none is set. */
  link_secret_hash: string | null;
  /**
   * The same secret sealed for its owner to read again (gateway/dtu/secrets.ts); null when none is set
   * or it was set before secrets were kept (migration 0010).
   */
  link_secret_sealed: string | null;
  /** 1: the device may register without a secret (the owner's opt-out, shown as a warning). */
  link_open: Generated<Flag>;
  /** Host name or IP literal of a device the server dials over Modbus TCP; null for a DTU link. */
  link_host: string | null;
  /** TCP port of that Modbus TCP device; null for a DTU link. */
  link_port: number | null;
  /** The Modbus slave address of a device with a link of its own; null: its type's. */
  slave_address: number | null;
  /** 1: the server sets its clock, 0: it does not; null: as its type says (`clock`). */
  clock_sync: Flag | null;
  /**
   * The slave address the device did not answer at while its link was up; null while it answers,
   * before its first read and while it is offline.
   */
  unanswered_address: number | null;
  /**
   * The register blocks the online device refused, as JSON of block to Modbus exception code
   * (`{"ai":2}`); null when it refused none, and while it is offline.
   */
  unsupported_blocks: string | null;
  online: Generated<Flag>;
  /** The server node holding the link while online (MQTT_NODE_ID); null when offline. */
  link_node: string | null;
  alarm: Generated<Flag>;
  /** Battery level in percent; null until the device reports one. */
  soc: number | null;
  status_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface ShareCodeTable {
  id: Generated<number>;
  equipment_id: number;
  created_by: number;
  /** SHA-256 of the code, hex; the code itself is shown once and never stored. */
  code_hash: string;
  level: ShareLevel;
  validity: ShareValidity;
  camera: Flag;
  slaves: Flag;
  max_count: number;
  used_count: Generated<number>;
  /** null for a permanent code. */
  expires_at: EpochMs | null;
  revoked_at: EpochMs | null;
  created_at: EpochMs;
}

/** Access a user holds to equipment they do not own. */
export interface EquipmentGrantTable {
  id: Generated<number>;
  equipment_id: number;
  user_id: number;
  level: ShareLevel;
  can_read: Flag;
  can_operate: Flag;
  can_edit: Flag;
  can_delete: Flag;
  camera: Flag;
  /** The grant covers the equipment's sub-devices too. */
  slaves: Flag;
  share_code_id: number | null;
  granted_by: number | null;
  /** null for permanent access. */
  expires_at: EpochMs | null;
  created_at: EpochMs;
}

/** What a telemetry row records: a channel value, the link state (1/0) or the battery level. */
export type TelemetryKind = 'do' | 'di' | 'ai' | 'ao' | 'online' | 'soc';

/**
 * One change of a value, kept until the retention period ends (no foreign key: deleting the
 * equipment leaves it). DO/DI/online values are 1 or 0; AI/AO values are the scaled values shown.
 */
export interface TelemetryTable {
  equipment_id: number;
  kind: TelemetryKind;
  /** Counted from 0; 0 for online and soc. */
  channel: number;
  value: number;
  at: EpochMs;
}

export type HistoryEventKind = 'alarm' | 'alarm_clear' | 'operation' | 'online' | 'offline';

/** An alarm raised or cleared, an operation, or a link change of an equipment. */
export interface HistoryEventTable {
  id: Generated<number>;
  equipment_id: number;
  /** Who operated; null for what the equipment did by itself. */
  user_id: number | null;
  kind: HistoryEventKind;
  /** 'do', 'di', 'ai' or 'ao' for channel events. */
  channel_kind: string | null;
  /** Counted from 0. */
  channel: number | null;
  /** -1 low, 1 high for alarms. */
  level: number | null;
  value: number | null;
  message: Generated<string>;
  detail: Generated<JsonText>;
  at: EpochMs;
}

/** Who acknowledged a stored alarm event, and when (migration 0026); one row per event. */
export interface AlarmAckTable {
  event_id: number;
  equipment_id: number;
  user_id: number;
  /** The user's name when they acknowledged. */
  user_name: string;
  at: EpochMs;
  /** The alarm's own time, for the retention. */
  event_at: EpochMs;
}

/** An alarm a user cleared from their alarm list (migration 0026). */
export interface AlarmClearTable {
  user_id: number;
  event_id: number;
  event_at: EpochMs;
}

export interface Database
  extends FileStoreTables, DiagramLinkTables, NoticeTables, AppTables, ReportTables, FeedbackTables {
  tenants: TenantTable;
  users: UserTable;
  verification_codes: VerificationCodeTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  attempt_counters: AttemptCounterTable;
  social_identities: SocialIdentityTable;
  equipment: EquipmentTable;
  share_codes: ShareCodeTable;
  equipment_grants: EquipmentGrantTable;
  telemetry: TelemetryTable;
  events: HistoryEventTable;
  alarm_acks: AlarmAckTable;
  alarm_clears: AlarmClearTable;
  equipment_types: EquipmentTypeTable;
}

/** An equipment type an operator added as data (migration 0015). */
export interface EquipmentTypeTable {
  type: string;
  /** The contract's CustomTypeInput, as JSON. */
  definition: string;
  created_by: number | null;
  updated_at: EpochMs;
}

export type Tenant = Selectable<TenantTable>;
export type NewTenant = Insertable<TenantTable>;
export type TenantUpdate = Updateable<TenantTable>;

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

export type VerificationCode = Selectable<VerificationCodeTable>;
export type NewVerificationCode = Insertable<VerificationCodeTable>;

export type Session = Selectable<SessionTable>;
export type NewSession = Insertable<SessionTable>;

export type LoginAttempt = Selectable<LoginAttemptTable>;
export type NewLoginAttempt = Insertable<LoginAttemptTable>;

export type Equipment = Selectable<EquipmentTable>;
export type NewEquipment = Insertable<EquipmentTable>;
export type EquipmentUpdate = Updateable<EquipmentTable>;

export type ShareCode = Selectable<ShareCodeTable>;
export type NewShareCode = Insertable<ShareCodeTable>;

export type EquipmentGrant = Selectable<EquipmentGrantTable>;
export type NewEquipmentGrant = Insertable<EquipmentGrantTable>;

export type TelemetryRow = Selectable<TelemetryTable>;
export type HistoryEvent = Selectable<HistoryEventTable>;
export type NewHistoryEvent = Insertable<HistoryEventTable>;
