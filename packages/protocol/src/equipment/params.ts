/**
 * fParam, the equipment's JSON parameters: basicParam (network type, gateway flag, map
 * position) and the PC and mobile page styles. See docs/protocol.md § fParam.
 */
import { field, otherKeys, readJsonObject } from './json.js';
import type { JsonObject } from './json.js';
import { parseDecimal } from './lists.js';

/** The map position used when an equipment has none (longitude, latitude). */
export const DEFAULT_GPS = '116.39, 39.9';

export interface BasicParam {
  /** NetType: the link the equipment reports over (0 unless set). */
  readonly netType: number;
  /** isGateWay: the equipment is a gateway for other devices. */
  readonly isGateway: boolean;
  /** 'longitude, latitude' as stored. */
  readonly gps: string;
  readonly extra: JsonObject;
}

export interface EquipmentParam {
  readonly basic: BasicParam;
  /** pcstyles and wapstyles: kept as they came; {} when missing. */
  readonly pcStyles: unknown;
  readonly wapStyles: unknown;
  readonly extra: JsonObject;
}

export const DEFAULT_EQUIPMENT_PARAM: EquipmentParam = {
  basic: { netType: 0, isGateway: false, gps: DEFAULT_GPS, extra: {} },
  pcStyles: {},
  wapStyles: {},
  extra: {},
};

const TOP_KEYS = ['basicParam', 'pcstyles', 'wapstyles'];
const BASIC_KEYS = ['NetType', 'isGateWay', 'gps'];

function wholeNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseDecimal(value) : null;
  return n !== null && Number.isInteger(n) ? n : 0;
}

function truthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return !['', '0', 'false'].includes(value.trim().toLowerCase());
  return false;
}

function styles(value: unknown): unknown {
  return value === undefined || value === null ? {} : value;
}

/**
 * fParam text (or parsed JSON) → parameters with the defaults merged in: NetType 0 unless a
 * whole number is given, isGateWay false unless 1/true/'1', gps '116.39, 39.9' unless a
 * non-empty string, missing or null styles {}. Invalid JSON gives the defaults; never throws.
 */
export function parseEquipmentParam(text: unknown): EquipmentParam {
  const o = readJsonObject(text);
  if (o === null) return DEFAULT_EQUIPMENT_PARAM;
  const basic = readJsonObject(field(o, 'basicParam')) ?? {};
  const gps = field(basic, 'gps');
  return {
    basic: {
      netType: wholeNumber(field(basic, 'NetType')),
      isGateway: truthy(field(basic, 'isGateWay')),
      gps: typeof gps === 'string' && gps.trim() !== '' ? gps : DEFAULT_GPS,
      extra: otherKeys(basic, BASIC_KEYS),
    },
    pcStyles: styles(field(o, 'pcstyles')),
    wapStyles: styles(field(o, 'wapstyles')),
    extra: otherKeys(o, TOP_KEYS),
  };
}

/** Parameters → fParam JSON text (isGateWay written 1/0). */
export function formatEquipmentParam(param: EquipmentParam): string {
  return JSON.stringify({
    ...param.extra,
    basicParam: {
      ...param.basic.extra,
      NetType: param.basic.netType,
      isGateWay: param.basic.isGateway ? 1 : 0,
      gps: param.basic.gps,
    },
    pcstyles: param.pcStyles,
    wapstyles: param.wapStyles,
  });
}

export interface GeoPoint {
  readonly lng: number;
  readonly lat: number;
}

/** 'longitude, latitude' → the point; null unless both are numbers within range. */
export function parseGps(text: string): GeoPoint | null {
  const parts = typeof text === 'string' ? text.split(',') : [];
  if (parts.length !== 2) return null;
  const lng = parseDecimal(parts[0]!);
  const lat = parseDecimal(parts[1]!);
  if (lng === null || lat === null || Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  return { lng, lat };
}

/** A point → the stored form 'lng, lat'. */
export function formatGps(point: GeoPoint): string {
  return `${point.lng}, ${point.lat}`;
}
