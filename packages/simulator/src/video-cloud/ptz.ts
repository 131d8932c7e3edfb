/**
 * Pan, tilt and zoom of one simulated cloud camera. A move runs from its start until a stop, so
 * the position is a function of the start position, the start time and now: nothing ticks, and a
 * test that moves the clock sees the camera where it would be.
 */

/** PTZ commands of the video cloud (EZVIZ numbering); 8 and 9 zoom, the rest pan and tilt. */
export const PTZ_DIRECTION = {
  up: 0,
  down: 1,
  left: 2,
  right: 3,
  upLeft: 4,
  downLeft: 5,
  upRight: 6,
  downRight: 7,
  zoomIn: 8,
  zoomOut: 9,
} as const;

export type PtzDirectionCode = (typeof PTZ_DIRECTION)[keyof typeof PTZ_DIRECTION];

/** Unit steps per direction: pan (+ right), tilt (+ up), zoom (+ in). */
const STEPS: Record<PtzDirectionCode, readonly [number, number, number]> = {
  0: [0, 1, 0],
  1: [0, -1, 0],
  2: [-1, 0, 0],
  3: [1, 0, 0],
  4: [-1, 1, 0],
  5: [-1, -1, 0],
  6: [1, 1, 0],
  7: [1, -1, 0],
  8: [0, 0, 1],
  9: [0, 0, -1],
};

/** Cloud speeds 0 slow, 1 medium, 2 fast, as multiples of the medium rate. */
const SPEED_FACTOR = [0.5, 1, 2] as const;

export const TILT_LIMIT = 30;
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;

export interface PtzRates {
  /** Pan and tilt in degrees per second at speed 1 (default 20). */
  readonly degreesPerSecond: number;
  /** Zoom steps per second at speed 1 (default 1). */
  readonly zoomPerSecond: number;
}

export const DEFAULT_PTZ_RATES: PtzRates = { degreesPerSecond: 20, zoomPerSecond: 1 };

export interface PtzPosition {
  /** Heading of the picture's centre, 0 ≤ pan < 360 degrees. */
  readonly pan: number;
  /** -TILT_LIMIT … TILT_LIMIT degrees, up positive. */
  readonly tilt: number;
  /** ZOOM_MIN … ZOOM_MAX, the picture's magnification. */
  readonly zoom: number;
}

export interface PtzState extends PtzPosition {
  /** The direction moving now, or null when still. */
  readonly moving: PtzDirectionCode | null;
  readonly speed: number;
}

export function isPtzDirection(value: number): value is PtzDirectionCode {
  return Number.isInteger(value) && value >= 0 && value <= 9;
}

export function isPtzSpeed(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < SPEED_FACTOR.length;
}

function wrapPan(pan: number): number {
  const wrapped = pan % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The PTZ head of one camera channel. */
export class PtzHead {
  private origin: PtzPosition;
  private move: { direction: PtzDirectionCode; speed: number; since: number } | null = null;

  constructor(
    start: Partial<PtzPosition> = {},
    private readonly rates: PtzRates = DEFAULT_PTZ_RATES,
  ) {
    this.origin = {
      pan: wrapPan(start.pan ?? 0),
      tilt: clamp(start.tilt ?? 0, -TILT_LIMIT, TILT_LIMIT),
      zoom: clamp(start.zoom ?? ZOOM_MIN, ZOOM_MIN, ZOOM_MAX),
    };
  }

  /** Where the head is at `now` (ms). */
  position(now: number): PtzPosition {
    const move = this.move;
    if (!move) return this.origin;
    const seconds = Math.max(0, now - move.since) / 1000;
    const factor = SPEED_FACTOR[move.speed] ?? 1;
    const [pan, tilt, zoom] = STEPS[move.direction];
    const angle = seconds * this.rates.degreesPerSecond * factor;
    return {
      pan: wrapPan(this.origin.pan + pan * angle),
      tilt: clamp(this.origin.tilt + tilt * angle, -TILT_LIMIT, TILT_LIMIT),
      zoom: clamp(this.origin.zoom + zoom * seconds * this.rates.zoomPerSecond * factor, ZOOM_MIN, ZOOM_MAX),
    };
  }

  state(now: number): PtzState {
    return { ...this.position(now), moving: this.move?.direction ?? null, speed: this.move?.speed ?? 0 };
  }

  /** Starts moving (a running move ends where it got to, as a real head turns to the new command). */
  start(direction: PtzDirectionCode, speed: number, now: number): void {
    this.origin = this.position(now);
    this.move = { direction, speed, since: now };
  }

  stop(now: number): void {
    this.origin = this.position(now);
    this.move = null;
  }
}
