/**
 * The map is drawn without tiles (it must work with no tile server): a plain background with a
 * latitude/longitude grid. This picks the grid for the part of the world in view.
 */

export interface Bounds {
  readonly south: number;
  readonly west: number;
  readonly north: number;
  readonly east: number;
}

export interface Graticule {
  /** Degrees between lines. */
  readonly step: number;
  /** Longitudes of the meridians in view. */
  readonly meridians: number[];
  /** Latitudes of the parallels in view. */
  readonly parallels: number[];
  /** The latitude span the meridians are drawn over. */
  readonly south: number;
  readonly north: number;
  /** The longitude span the parallels are drawn over. */
  readonly west: number;
  readonly east: number;
}

/** Web Mercator ends here. */
export const MAX_LATITUDE = 85;

const STEPS = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001];

/** The coarsest step that still puts at least `minLines` lines across the narrower side. */
export function graticuleStep(bounds: Bounds, minLines = 4): number {
  const span = Math.min(bounds.north - bounds.south, bounds.east - bounds.west);
  return STEPS.find((s) => span / s >= minLines) ?? STEPS[STEPS.length - 1]!;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Multiples of `step` from `lo` to `hi`, rounded so 0.1 steps do not drift. */
function multiples(lo: number, hi: number, step: number): number[] {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const out: number[] = [];
  for (let i = Math.ceil(lo / step); i * step <= hi + 1e-12; i++)
    out.push(Number((i * step).toFixed(digits)));
  return out;
}

export function graticule(bounds: Bounds, minLines = 4): Graticule {
  const south = clamp(bounds.south, -MAX_LATITUDE, MAX_LATITUDE);
  const north = clamp(bounds.north, -MAX_LATITUDE, MAX_LATITUDE);
  const west = clamp(bounds.west, -180, 180);
  const east = clamp(bounds.east, -180, 180);
  const step = graticuleStep({ south, west, north, east }, minLines);
  return {
    step,
    meridians: multiples(west, east, step),
    parallels: multiples(south, north, step),
    south,
    north,
    west,
    east,
  };
}

/** A grid label: 121.5°E, 31.2°N, 0°. */
export function degreeLabel(value: number, axis: 'lat' | 'lng', step: number): string {
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return '0°';
  const hemisphere = axis === 'lat' ? (value > 0 ? 'N' : 'S') : value > 0 ? 'E' : 'W';
  return `${text}°${hemisphere}`;
}
