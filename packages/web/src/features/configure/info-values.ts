/**
 * The info area's values: what the form starts from (a record), and what is sent back (only what
 * changed). `settings.param` is replaced whole by the server (docs/api.md § Settings input: JSON
 * fields take an object), so a new position is written into a copy of the stored param, keeping
 * every other key of it and of its basicParam.
 */
import type { Equipment, EquipmentChanges, EquipmentColors, JsonRecord } from '../../api/equipment';
import { parseGps } from '../map/gps';
import { backgroundPictureOf, withBackgroundPicture } from '../pictures/background-picture';

/** The server's bounds (protocol api/equipment.ts and api/settings.ts). */
export const INFO_BOUNDS = {
  name: 64,
  description: 512,
  group: 64,
  image: 512,
  cameraPassword: 128,
} as const;

/** Latitude and longitude bounds, in degrees. */
export const LAT_BOUND = 90;
export const LNG_BOUND = 180;

export const COLOR_KEYS = ['background', 'device', 'alarm', 'alarmHigh', 'alarmLow', 'title'] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

export interface InfoValues {
  readonly name: string;
  readonly description: string;
  readonly group: string;
  readonly image: string;
  readonly webBackground: string;
  /** The background picture: one item of settings.background (fBKImg), the others kept. */
  readonly background: string;
  readonly colors: Readonly<Record<ColorKey, string>>;
  readonly cameraPassword: string;
  /** null: no readable position stored and none entered. */
  readonly lat: number | null;
  readonly lng: number | null;
}

/** What the caller may change besides the plain fields. */
export interface InfoScope {
  /** The camera right: the camera password is shown and may be changed. */
  readonly camera: boolean;
  /** The record keeps a position (`param.basicParam.gps`). */
  readonly location: boolean;
}

const asRecord = (value: unknown): JsonRecord | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : null;

/** Whether the record keeps a position: its param's basicParam has a `gps` text. */
export function hasLocation(record: Pick<Equipment, 'settings'>): boolean {
  return typeof asRecord(record.settings.param.basicParam)?.gps === 'string';
}

export function valuesOf(record: Equipment): InfoValues {
  const position = parseGps(asRecord(record.settings.param.basicParam)?.gps);
  const colors = record.settings.colors;
  return {
    name: record.name,
    description: record.description,
    group: record.group,
    image: record.settings.image,
    webBackground: record.settings.webBackground,
    background: backgroundPictureOf(record.settings.background),
    colors: {
      background: colors.background,
      device: colors.device,
      alarm: colors.alarm,
      alarmHigh: colors.alarmHigh,
      alarmLow: colors.alarmLow,
      title: colors.title,
    },
    cameraPassword: record.cameraPassword ?? '',
    lat: position?.lat ?? null,
    lng: position?.lng ?? null,
  };
}

/** Six decimals: about 0.1 m, more than any GPS gives. */
export const roundDegrees = (value: number): number => Number(value.toFixed(6));

/** `lng, lat` as the record keeps it (spec §3, default '116.39, 39.9'). */
export function formatGps(lng: number, lat: number): string {
  return `${roundDegrees(lng)}, ${roundDegrees(lat)}`;
}

/** The stored param with a new position, every other key kept. */
export function withGps(param: JsonRecord, gps: string): JsonRecord {
  return { ...param, basicParam: { ...asRecord(param.basicParam), gps } };
}

type SettingsChanges = NonNullable<EquipmentChanges['settings']>;

/** The PATCH body for what differs between the record and the form; {} when nothing does. */
export function changesOf(record: Equipment, values: InfoValues, scope: InfoScope): EquipmentChanges {
  const before = valuesOf(record);
  const changes: { -readonly [K in keyof EquipmentChanges]: EquipmentChanges[K] } = {};
  const settings: { -readonly [K in keyof SettingsChanges]: SettingsChanges[K] } = {};
  if (values.name !== before.name) changes.name = values.name;
  if (values.description !== before.description) changes.description = values.description;
  if (values.group !== before.group) changes.group = values.group;
  if (values.image !== before.image) settings.image = values.image;
  if (values.webBackground !== before.webBackground) settings.webBackground = values.webBackground;
  if (values.background !== before.background) {
    settings.background = withBackgroundPicture(record.settings.background, values.background);
  }
  const colors: Partial<Record<ColorKey, string>> = {};
  for (const key of COLOR_KEYS) {
    if (values.colors[key] !== before.colors[key]) colors[key] = values.colors[key];
  }
  if (Object.keys(colors).length > 0) settings.colors = colors as Partial<EquipmentColors>;
  if (scope.camera && values.cameraPassword !== before.cameraPassword) {
    // An emptied password clears it.
    changes.cameraPassword = values.cameraPassword === '' ? null : values.cameraPassword;
  }
  if (scope.location && values.lat !== null && values.lng !== null) {
    const moved =
      before.lat === null ||
      before.lng === null ||
      roundDegrees(values.lat) !== roundDegrees(before.lat) ||
      roundDegrees(values.lng) !== roundDegrees(before.lng);
    if (moved) settings.param = withGps(record.settings.param, formatGps(values.lng, values.lat));
  }
  if (Object.keys(settings).length > 0) changes.settings = settings;
  return changes;
}

const TEXT_KEYS = [
  'name',
  'description',
  'group',
  'image',
  'webBackground',
  'background',
  'cameraPassword',
] as const;

/**
 * The form's values made whole: a field the form does not hold takes `base`'s value, a cleared
 * text is '' and a cleared number null.
 */
export function completeValues(
  partial: Readonly<Partial<Record<string, unknown>>> | undefined,
  base: InfoValues,
): InfoValues {
  const given = partial ?? {};
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(given, key);
  const text = (key: (typeof TEXT_KEYS)[number]): string => {
    const value = given[key];
    if (typeof value === 'string') return value;
    return has(key) ? '' : base[key];
  };
  const degrees = (key: 'lat' | 'lng'): number | null => {
    const value = given[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    return has(key) ? null : base[key];
  };
  const colorsGiven = (given.colors ?? {}) as Readonly<Partial<Record<ColorKey, unknown>>>;
  const colors = Object.fromEntries(
    COLOR_KEYS.map((key) => {
      const value = colorsGiven[key];
      return [key, typeof value === 'string' ? value : key in colorsGiven ? '' : base.colors[key]];
    }),
  ) as Record<ColorKey, string>;
  return {
    name: text('name'),
    description: text('description'),
    group: text('group'),
    image: text('image'),
    webBackground: text('webBackground'),
    background: text('background'),
    cameraPassword: text('cameraPassword'),
    colors,
    lat: degrees('lat'),
    lng: degrees('lng'),
  };
}

/** Whether two sets of values show the same thing. */
export function sameValues(a: InfoValues, b: InfoValues): boolean {
  return (
    TEXT_KEYS.every((key) => a[key] === b[key]) &&
    COLOR_KEYS.every((key) => a.colors[key] === b.colors[key]) &&
    a.lat === b.lat &&
    a.lng === b.lng
  );
}

/** The form field a server message names (docs/api.md error paths), or null. */
export function infoFieldOf(path: string): string | readonly string[] | null {
  if (path === 'name' || path === 'description' || path === 'group' || path === 'cameraPassword') return path;
  if (path === 'settings.image') return 'image';
  if (path === 'settings.webBackground') return 'webBackground';
  if (path === 'settings.background') return 'background';
  const color = /^settings\.colors\.(\w+)$/.exec(path)?.[1];
  if (color && (COLOR_KEYS as readonly string[]).includes(color)) return ['colors', color];
  if (path.startsWith('settings.param')) return 'lat';
  return null;
}
