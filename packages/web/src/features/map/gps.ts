/**
 * Where equipment stands: the `gps` text of its parameters (`settings.param.basicParam.gps`,
 * fParam in specification §3), written `lng, lat` in degrees, default '116.39, 39.9' (§9).
 */

export interface Position {
  readonly lat: number;
  readonly lng: number;
}

/** The server's default position, given to equipment nobody placed. */
export const DEFAULT_GPS = '116.39, 39.9';

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Reads `lng, lat`. Separators may be a comma (ASCII or full-width), a semicolon or spaces;
 * anything else, a missing or extra number, or a value outside -180…180 / -90…90 is null. Also
 * takes a `[lng, lat]` pair of numbers.
 */
export function parseGps(value: unknown): Position | null {
  let parts: unknown[];
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    parts = text.split(/\s*[,，;；]\s*|\s+/);
  } else if (Array.isArray(value)) {
    parts = value;
  } else {
    return null;
  }
  if (parts.length !== 2) return null;
  const [lng, lat] = parts.map((p) => {
    if (typeof p === 'number') return p;
    return typeof p === 'string' && NUMBER.test(p) ? Number(p) : NaN;
  }) as [number, number];
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return null;
  return { lat, lng };
}

const asRecord = (value: unknown): Readonly<Record<string, unknown>> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)
    : null;

/** The position in an equipment's parameters (`param.basicParam.gps`), or null. */
export function positionOf(param: Readonly<Record<string, unknown>> | null | undefined): Position | null {
  const basic = asRecord(param?.basicParam);
  return basic ? parseGps(basic.gps) : null;
}

export interface Placed<T> {
  readonly item: T;
  readonly position: Position;
}

/** Splits items into those with a position and those without. */
export function placeAll<T>(
  items: readonly T[],
  param: (item: T) => Readonly<Record<string, unknown>> | null | undefined,
): { readonly placed: Placed<T>[]; readonly unplaced: T[] } {
  const placed: Placed<T>[] = [];
  const unplaced: T[] = [];
  for (const item of items) {
    const position = positionOf(param(item));
    if (position) placed.push({ item, position });
    else unplaced.push(item);
  }
  return { placed, unplaced };
}

/**
 * Pixel offsets that fan out `count` markers standing on one spot around a circle, neighbours
 * about `spacingPx` apart, so each can be seen and clicked; a lone marker stays on its spot.
 */
export function fanOffsets(count: number, spacingPx: number): { readonly x: number; readonly y: number }[] {
  if (count <= 1) return count === 1 ? [{ x: 0, y: 0 }] : [];
  const radius = Math.max(spacingPx, (count * spacingPx) / (2 * Math.PI));
  return Array.from({ length: count }, (_, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / count;
    return { x: Math.round(radius * Math.cos(angle)), y: Math.round(radius * Math.sin(angle)) };
  });
}

/** Groups placed items standing on the same spot (to 6 decimals, about 0.1 m). */
export function bySpot<T>(placed: readonly Placed<T>[]): Placed<T>[][] {
  const spots = new Map<string, Placed<T>[]>();
  for (const p of placed) {
    const key = `${p.position.lat.toFixed(6)},${p.position.lng.toFixed(6)}`;
    const list = spots.get(key);
    if (list) list.push(p);
    else spots.set(key, [p]);
  }
  return [...spots.values()];
}
