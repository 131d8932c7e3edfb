/**
 * The tables of custom routes, user apps and value-added entries (migration 0021). See
 * storage/schema.ts for the conventions (epoch milliseconds, JSON documents as text).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { EpochMs, JsonText } from '../storage/schema.js';

/** A top-level menu entry with embedded micro-apps as children (protocol CustomRoute). */
export interface CustomRouteTable {
  id: Generated<number>;
  /** The tenant whose users see it; null for every user. Deleted with the tenant. */
  tenant_id: number | null;
  /** A path segment, unique in any case within the tenant scope. */
  name: string;
  title: string;
  icon: string | null;
  /** The user-id condition (protocol UserIdCondition) as JSON; null admits everyone. */
  condition: JsonText | null;
  sort: number;
  /** The children (protocol CustomRouteChild[]) as a JSON array. */
  children: JsonText;
  /** Who created it; null once that account is gone. */
  created_by: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** The review state of a user app (protocol AppStatus). */
export type AppStatusColumn = 'pending' | 'approved' | 'rejected';

/** A micro-app a user registered for themselves (protocol UserApp). Deleted with its owner. */
export interface UserAppTable {
  id: Generated<number>;
  owner_id: number;
  /** A path segment, unique in any case among the owner's apps. */
  name: string;
  title: string;
  url: string;
  default_url: string | null;
  icon: string | null;
  description: string;
  status: AppStatusColumn;
  review_note: string | null;
  /** The last reviewer; null while pending or once that account is gone. */
  reviewed_by: number | null;
  reviewed_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** An external page of §1's value-added services (protocol ValueAddedEntry). */
export interface ValueAddedEntryTable {
  id: Generated<number>;
  /** The tenant whose users see it; null for users of tenants without entries of their own. */
  tenant_id: number | null;
  /** protocol ValueAddedKind. */
  kind: string;
  title: string;
  icon: string | null;
  url: string;
  sort: number;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface AppTables {
  custom_routes: CustomRouteTable;
  user_apps: UserAppTable;
  value_added_entries: ValueAddedEntryTable;
}

export type CustomRouteRow = Selectable<CustomRouteTable>;
export type NewCustomRouteRow = Insertable<CustomRouteTable>;
export type CustomRouteUpdate = Updateable<CustomRouteTable>;
export type UserAppRow = Selectable<UserAppTable>;
export type UserAppUpdate = Updateable<UserAppTable>;
export type ValueAddedRow = Selectable<ValueAddedEntryTable>;
export type ValueAddedUpdate = Updateable<ValueAddedEntryTable>;
