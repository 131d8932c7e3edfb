/**
 * Analog-input value generators for virtual devices. Each is a pure function of the time (ms)
 * and its parameters and returns a raw input-register value: an integer 0-65535 within the
 * waveform's [min, max]. The random walk draws its steps from a seeded hash, so the same seed
 * and time always give the same value, whichever order times are asked in.
 */

/** The largest raw register value. */
export const MAX_RAW = 0xffff;

/** A fixed value. */
export interface ConstantWave {
  readonly kind: 'constant';
  readonly value: number;
}

/** Shared by the periodic waveforms: the range, the period and where in it time 0 falls. */
interface Periodic {
  readonly min: number;
  readonly max: number;
  /** Length of one cycle in ms (> 0). */
  readonly periodMs: number;
  /** Fraction of a period added to the time, 0-1 (default 0). */
  readonly phase?: number;
}

/** min + (max - min) · (1 + sin 2π(t/period + phase)) / 2. */
export interface SineWave extends Periodic {
  readonly kind: 'sine';
}

/** A sawtooth: rises linearly from min to max over each period, then drops back to min. */
export interface RampWave extends Periodic {
  readonly kind: 'ramp';
}

/** max for the first `duty` fraction of each period (default 0.5), min for the rest. */
export interface SquareWave extends Periodic {
  readonly kind: 'square';
  readonly duty?: number;
}

/**
 * A bounded random walk: every `stepMs` the value moves by a seeded random step of at most
 * `maxStep`. The value is the middle of the range plus the last `window` steps (default 32),
 * folded back into [min, max] at the edges, so it wanders like a walk without drifting away.
 */
export interface RandomWalk {
  readonly kind: 'random-walk';
  readonly min: number;
  readonly max: number;
  /** Any integer; the same seed gives the same walk. */
  readonly seed: number;
  /** Time between steps in ms (> 0; default 1000). */
  readonly stepMs?: number;
  /** Largest step (≥ 0; default 1/64 of the range). */
  readonly maxStep?: number;
  /** Steps summed, 1-1024 (default 32). */
  readonly window?: number;
}

export type Waveform = ConstantWave | SineWave | RampWave | SquareWave | RandomWalk;

export type WaveformKind = Waveform['kind'];

export const WAVEFORM_KINDS: readonly WaveformKind[] = ['constant', 'sine', 'ramp', 'square', 'random-walk'];

function fail(kind: string, message: string): never {
  throw new RangeError(`${kind} waveform: ${message}`);
}

function checkRaw(kind: string, name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_RAW) {
    fail(kind, `${name} must be an integer 0-${MAX_RAW}, got ${String(value)}`);
  }
}

function checkRange(kind: string, min: number, max: number): void {
  checkRaw(kind, 'min', min);
  checkRaw(kind, 'max', max);
  if (min > max) fail(kind, `min ${min} is above max ${max}`);
}

function checkPositive(kind: string, name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) fail(kind, `${name} must be a positive number, got ${value}`);
}

function checkFraction(kind: string, name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 1) fail(kind, `${name} must be 0-1, got ${value}`);
}

function checkTime(t: number): void {
  if (!Number.isFinite(t)) throw new RangeError(`waveform time must be a finite number of ms, got ${t}`);
}

/** Throws a RangeError naming the first parameter out of bounds. */
export function checkWaveform(wave: Waveform): void {
  switch (wave.kind) {
    case 'constant':
      checkRaw(wave.kind, 'value', wave.value);
      return;
    case 'sine':
    case 'ramp':
    case 'square':
      checkRange(wave.kind, wave.min, wave.max);
      checkPositive(wave.kind, 'periodMs', wave.periodMs);
      checkFraction(wave.kind, 'phase', wave.phase ?? 0);
      if (wave.kind === 'square') checkFraction(wave.kind, 'duty', wave.duty ?? 0.5);
      return;
    case 'random-walk':
      checkRange(wave.kind, wave.min, wave.max);
      if (!Number.isSafeInteger(wave.seed)) fail(wave.kind, `seed must be an integer, got ${wave.seed}`);
      checkPositive(wave.kind, 'stepMs', wave.stepMs ?? 1000);
      if (wave.maxStep !== undefined && !(Number.isFinite(wave.maxStep) && wave.maxStep >= 0)) {
        fail(wave.kind, `maxStep must be a number ≥ 0, got ${wave.maxStep}`);
      }
      if (
        wave.window !== undefined &&
        !(Number.isInteger(wave.window) && wave.window >= 1 && wave.window <= 1024)
      ) {
        fail(wave.kind, `window must be an integer 1-1024, got ${wave.window}`);
      }
      return;
    default:
      return fail(String((wave as { kind: unknown }).kind), 'unknown kind');
  }
}

/** Position within the current period, 0 ≤ result < 1, for any finite (even negative) time. */
function cycle(t: number, periodMs: number, phase = 0): number {
  const f = (t / periodMs + phase) % 1;
  const positive = f < 0 ? f + 1 : f;
  return positive >= 1 ? 0 : positive;
}

/** Round into [min, max]; the clamp only absorbs floating-point error. */
function raw(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

export function constantWave(_t: number, wave: Omit<ConstantWave, 'kind'>): number {
  checkRaw('constant', 'value', wave.value);
  return wave.value;
}

export function sineWave(t: number, wave: Omit<SineWave, 'kind'>): number {
  checkWaveform({ kind: 'sine', ...wave });
  checkTime(t);
  const x = cycle(t, wave.periodMs, wave.phase);
  return raw(wave.min + ((wave.max - wave.min) * (1 + Math.sin(2 * Math.PI * x))) / 2, wave.min, wave.max);
}

export function rampWave(t: number, wave: Omit<RampWave, 'kind'>): number {
  checkWaveform({ kind: 'ramp', ...wave });
  checkTime(t);
  const x = cycle(t, wave.periodMs, wave.phase);
  return raw(wave.min + (wave.max - wave.min) * x, wave.min, wave.max);
}

export function squareWave(t: number, wave: Omit<SquareWave, 'kind'>): number {
  checkWaveform({ kind: 'square', ...wave });
  checkTime(t);
  return cycle(t, wave.periodMs, wave.phase) < (wave.duty ?? 0.5) ? wave.max : wave.min;
}

/** A 32-bit integer hash (the murmur3 finaliser) of a seed and a 53-bit step index. */
function hash(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index >>> 0, 0x9e3779b1)) >>> 0;
  h ^= Math.imul(Math.floor(index / 0x100000000), 0x85ebca6b);
  h ^= Math.floor(seed / 0x100000000);
  h >>>= 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Fold x back into [0, span] as if it bounced off both edges. */
function fold(x: number, span: number): number {
  if (span === 0) return 0;
  const m = ((x % (2 * span)) + 2 * span) % (2 * span);
  return m <= span ? m : 2 * span - m;
}

export function randomWalk(t: number, wave: Omit<RandomWalk, 'kind'>): number {
  checkWaveform({ kind: 'random-walk', ...wave });
  checkTime(t);
  const span = wave.max - wave.min;
  const maxStep = wave.maxStep ?? span / 64;
  const window = wave.window ?? 32;
  const step = Math.floor(t / (wave.stepMs ?? 1000));
  let sum = 0;
  for (let i = step - window + 1; i <= step; i++) {
    sum += (hash(wave.seed, i) / 0xffffffff) * 2 - 1;
  }
  return raw(wave.min + fold(span / 2 + sum * maxStep, span), wave.min, wave.max);
}

/** The value of any waveform at time t (ms). */
export function waveValue(wave: Waveform, t: number): number {
  switch (wave.kind) {
    case 'constant':
      return constantWave(t, wave);
    case 'sine':
      return sineWave(t, wave);
    case 'ramp':
      return rampWave(t, wave);
    case 'square':
      return squareWave(t, wave);
    case 'random-walk':
      return randomWalk(t, wave);
    default:
      return fail(String((wave as { kind: unknown }).kind), 'unknown kind');
  }
}

/**
 * The waveform of an AI channel left unconfigured: a gentle sine between 1024 and 3072 (inside
 * a 12-bit 0-4095 input) with a two-minute period, the channels of a device spread evenly over
 * the cycle so that no two move together.
 */
export function defaultWaveform(channel: number, channels: number): SineWave {
  return { kind: 'sine', min: 1024, max: 3072, periodMs: 120_000, phase: channel / Math.max(1, channels) };
}
