/**
 * What a diagram link serves of the equipment its document draws: only those its creator may still
 * read (checked anew each time the scope is read), their last values from history, kept current
 * by the live pushes, and each channel read through the protocol's view builders, the way the
 * console reads it (names, scaling, alarms). The words ('On', '12.5 m') are left to the display.
 */
import {
  aiChannelViews,
  anyAlarm,
  aoChannelViews,
  aoLimits,
  diChannelViews,
  doChannelViews,
  equipmentType,
  parseChannelValues,
  readChannelStates,
  scaleToDisplay,
} from '@fieldlink/protocol';
import type { ChannelCounts, ChannelView, Settings, WallEquipment, WallReading } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../accounts/authenticate.js';
import { loadGrants } from '../equipment/access.js';
import { readSettings } from '../equipment/settings.js';
import { resolveSpace } from '../files/spaces.js';
import type { DiagramProject } from '../storage/file-schema.js';
import type { Database } from '../storage/schema.js';

type Kind = 'do' | 'di' | 'ai' | 'ao';
const KINDS: readonly Kind[] = ['do', 'di', 'ai', 'ao'];

/** An equipment a link serves, as its record says now. */
export interface LinkedEquipment {
  readonly id: number;
  readonly unid: string;
  readonly name: string;
  readonly counts: ChannelCounts;
  readonly settings: Settings;
  /** Its link (a sub-device's host's) and alarm flags as stored. */
  readonly online: boolean;
  readonly alarm: boolean;
}

/** The creator of a link, when they still exist and still work in the project's space. */
async function creatorOf(
  db: Kysely<Database>,
  userId: number,
  project: Pick<DiagramProject, 'space'>,
  now: number,
): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'authority'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const user: AuthUser = { id: row.id, authority: row.authority, familyId: '' };
  const space = await resolveSpace(db, user, 'project', now);
  return space.key === project.space ? user : null;
}

/**
 * The equipment of the project's document (its stored list, so one taken out of the document is
 * no longer served) that `creatorId` may read now; none when the creator is gone or has left the
 * project's space.
 */
export async function linkedEquipment(
  db: Kysely<Database>,
  creatorId: number,
  project: Pick<DiagramProject, 'space' | 'equipment'>,
  now: number,
): Promise<Map<number, LinkedEquipment>> {
  const out = new Map<number, LinkedEquipment>();
  const ids = (JSON.parse(project.equipment) as unknown[]).filter(
    (id): id is number => typeof id === 'number' && Number.isSafeInteger(id),
  );
  if (ids.length === 0) return out;
  const creator = await creatorOf(db, creatorId, project, now);
  if (!creator) return out;
  const rows = await db.selectFrom('equipment').selectAll().where('id', 'in', ids).execute();
  const parents = [...new Set(rows.flatMap((r) => (r.parent_id === null ? [] : [r.parent_id])))];
  const hosts = new Map(
    parents.length === 0
      ? []
      : (await db.selectFrom('equipment').select(['id', 'online']).where('id', 'in', parents).execute()).map(
          (h) => [h.id, h.online === 1],
        ),
  );
  const grants = await loadGrants(db, creator.id, now, [...ids, ...parents]);
  for (const row of rows) {
    if (grants.accessTo(creator, row) === null) continue;
    const type = equipmentType(row.type);
    // A type no longer known is left out, as in every list (spec §3).
    if (!type) continue;
    out.set(row.id, {
      id: row.id,
      unid: row.unid,
      name: row.name,
      counts: type.counts,
      settings: readSettings(type.counts, row.settings, type.image),
      online: row.parent_id === null ? row.online === 1 : (hosts.get(row.parent_id) ?? false),
      alarm: row.alarm === 1,
    });
  }
  return out;
}

/** Channel values per kind: null until the kind is known; AI/AO scaled, as history keeps them. */
export interface ChannelState {
  online: boolean | null;
  do: (boolean | undefined)[] | null;
  di: (boolean | undefined)[] | null;
  ai: (number | undefined)[] | null;
  ao: (number | undefined)[] | null;
}

export const emptyState = (): ChannelState => ({ online: null, do: null, di: null, ai: null, ao: null });

/** The last value of every channel of these equipment that history holds. */
export async function latestValues(
  db: Kysely<Database>,
  equipment: ReadonlyMap<number, LinkedEquipment>,
): Promise<Map<number, ChannelState>> {
  const states = new Map<number, ChannelState>();
  const ids = [...equipment.keys()];
  for (const id of ids) states.set(id, emptyState());
  if (ids.length === 0) return states;
  const latest = db
    .selectFrom('telemetry')
    .select(['equipment_id', 'kind', 'channel'])
    .select((eb) => eb.fn.max('at').as('last_at'))
    .where('equipment_id', 'in', ids)
    .where('kind', 'in', KINDS)
    .groupBy(['equipment_id', 'kind', 'channel'])
    .as('m');
  const rows = await db
    .selectFrom('telemetry as t')
    .innerJoin(latest, (join) =>
      join
        .onRef('t.equipment_id', '=', 'm.equipment_id')
        .onRef('t.kind', '=', 'm.kind')
        .onRef('t.channel', '=', 'm.channel')
        .onRef('t.at', '=', 'm.last_at'),
    )
    .select(['t.equipment_id', 't.kind', 't.channel', 't.value'])
    .execute();
  for (const row of rows) {
    const e = equipment.get(row.equipment_id);
    const state = states.get(row.equipment_id);
    const kind = row.kind as Kind;
    if (!e || !state || !KINDS.includes(kind)) continue;
    const count = e.counts[kind];
    const channel = Number(row.channel);
    if (channel < 0 || channel >= count) continue;
    const value = Number(row.value);
    if (kind === 'do' || kind === 'di') {
      const list = (state[kind] ??= new Array<boolean | undefined>(count).fill(undefined));
      list[channel] = value !== 0;
    } else {
      const list = (state[kind] ??= new Array<number | undefined>(count).fill(undefined));
      list[channel] = value;
    }
  }
  return states;
}

/** The fields of a live push a link follows (PushInfo and EquipInfoNow infos). */
export interface PushedInfo {
  readonly IsOnline?: boolean;
  readonly regdo?: readonly number[] | string;
  readonly regdi?: readonly number[] | string;
  readonly regai?: readonly number[];
  readonly strregai?: readonly string[] | string;
  readonly regao?: readonly number[];
  readonly strregao?: readonly string[] | string;
}

function scaled(raw: readonly number[], lists: Settings['ai'] | Settings['ao']): number[] {
  return raw.map((value, i) =>
    scaleToDisplay(value, {
      x1: lists.x1[i] ?? 0,
      x2: lists.x2[i] ?? 0,
      y1: lists.y1[i] ?? 0,
      y2: lists.y2[i] ?? 0,
    }),
  );
}

/** A push applied over the state (later fields win, as in the console). True when it changed it. */
export function applyPush(state: ChannelState, e: LinkedEquipment, info: PushedInfo): boolean {
  let changed = false;
  if (info.IsOnline !== undefined && info.IsOnline !== state.online) {
    state.online = info.IsOnline;
    changed = true;
  }
  if (info.regdo !== undefined) {
    state.do = readChannelStates(info.regdo, e.counts.do);
    changed = true;
  }
  if (info.regdi !== undefined) {
    state.di = readChannelStates(info.regdi, e.counts.di);
    changed = true;
  }
  const ai = info.strregai ?? info.regai;
  if (ai !== undefined) {
    state.ai = scaled(parseChannelValues(ai, e.counts.ai), e.settings.ai);
    changed = true;
  }
  const ao = info.strregao ?? info.regao;
  if (ao !== undefined) {
    state.ao = scaled(parseChannelValues(ao, e.counts.ao), e.settings.ao);
    changed = true;
  }
  return changed;
}

function digital(view: ChannelView, known: boolean): WallReading {
  const base = { unit: '', alarm: known && view.alarm !== 0, name: view.name };
  return known ? { ...base, on: view.value !== 0 } : base;
}

function analog(view: ChannelView, known: boolean, range?: { min: number; max: number }): WallReading {
  const base = { unit: view.unit, alarm: known && view.alarm !== 0, name: view.name, ...range };
  return known ? { ...base, value: view.value } : base;
}

/** The AO range a write may take, in the shown unit (the console's displayRange). */
function aoRange(s: Settings['ao'], i: number): { min: number; max: number } {
  const raw = aoLimits(s.min[i] ?? 0, s.max[i] ?? 0);
  const points = { x1: s.x1[i] ?? 0, x2: s.x2[i] ?? 0, y1: s.y1[i] ?? 0, y2: s.y2[i] ?? 0 };
  const a = scaleToDisplay(raw.min, points);
  const b = scaleToDisplay(raw.max, points);
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** The equipment as a wall display shows it. */
export function wallEquipment(e: LinkedEquipment, state: ChannelState): WallEquipment {
  const s = e.settings;
  const { counts } = e;
  const zeros = (n: number) => new Array<number>(n).fill(0);
  const doViews = doChannelViews({ count: counts.do, names: s.do.names, states: state.do?.map(Boolean) });
  const diViews = diChannelViews({
    count: counts.di,
    names: s.di.names,
    states: state.di?.map(Boolean),
    alarmFlags: s.di.alarm,
    alarmOnHigh: s.di.alarmHigh,
  });
  // Values are kept scaled: the views leave them as they are.
  const aiViews = aiChannelViews({
    count: counts.ai,
    names: s.ai.names,
    raw: state.ai?.map((v) => v ?? 0) ?? zeros(counts.ai),
    units: s.ai.units,
    lows: s.ai.alarmLow,
    highs: s.ai.alarmHigh,
  });
  const aoViews = aoChannelViews({
    count: counts.ao,
    names: s.ao.names,
    raw: state.ao?.map((v) => v ?? 0) ?? zeros(counts.ao),
    units: s.ao.units,
  });
  const channels = {
    do: doViews.map((v) => digital(v, state.do?.[v.id] !== undefined && state.do !== null)),
    di: diViews.map((v) => digital(v, state.di?.[v.id] !== undefined && state.di !== null)),
    ai: aiViews.map((v) => analog(v, state.ai?.[v.id] !== undefined && state.ai !== null)),
    ao: aoViews.map((v) =>
      analog(v, state.ao?.[v.id] !== undefined && state.ao !== null, aoRange(s.ao, v.id)),
    ),
  };
  // As the console's tree: the inputs' own alarms once their values are known, else the stored flag.
  const known = state.ai !== null || state.di !== null;
  const alarm = known ? anyAlarm([...channels.ai, ...channels.di].map((r) => (r.alarm ? 1 : 0))) : e.alarm;
  return { id: e.id, name: e.name, online: state.online ?? e.online, alarm, channels };
}
