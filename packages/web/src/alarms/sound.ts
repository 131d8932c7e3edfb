/**
 * What an alarm sounds like (spec §4 "Alarm sound"): the user's `alarm.repeat` says how long it
 * plays (0 none, 1 once, 2 loop 10 s, 3 60 s, 4 600 s, 5 86400 s, any other value as 1),
 * `alarm.sound` which of ten tone patterns. The patterns are generated (Web Audio), so no sound files ship.
 */

export type SoundPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'once' }
  | { readonly kind: 'loop'; readonly durationMs: number };

const LOOP_SECONDS: Readonly<Record<number, number>> = { 2: 10, 3: 60, 4: 600, 5: 86_400 };

export function soundPlan(repeat: number): SoundPlan {
  if (repeat === 0) return { kind: 'none' };
  const seconds = LOOP_SECONDS[repeat];
  return seconds === undefined ? { kind: 'once' } : { kind: 'loop', durationMs: seconds * 1000 };
}

/** One tone: a frequency held for `ms`, then `gapMs` of silence. */
export interface Tone {
  readonly hz: number;
  readonly ms: number;
  readonly gapMs: number;
  readonly wave: 'sine' | 'square' | 'triangle' | 'sawtooth';
}

const beep = (hz: number, ms: number, gapMs: number, wave: Tone['wave'] = 'sine'): Tone => ({
  hz,
  ms,
  gapMs,
  wave,
});

/** Ten patterns, told apart by pitch, rhythm and timbre; each about a second long. */
export const TONE_PATTERNS: readonly (readonly Tone[])[] = [
  [beep(880, 200, 100), beep(880, 200, 100), beep(880, 200, 300)],
  [beep(660, 300, 50), beep(880, 300, 350)],
  [
    beep(1000, 120, 80, 'square'),
    beep(1000, 120, 80, 'square'),
    beep(1000, 120, 80, 'square'),
    beep(1000, 120, 280, 'square'),
  ],
  [beep(523, 160, 20), beep(659, 160, 20), beep(784, 160, 20), beep(1047, 300, 160)],
  [beep(1047, 160, 20), beep(784, 160, 20), beep(659, 160, 20), beep(523, 300, 160)],
  [beep(440, 450, 50, 'sawtooth'), beep(554, 450, 50, 'sawtooth')],
  [
    beep(1400, 60, 60, 'square'),
    beep(1400, 60, 60, 'square'),
    beep(1400, 60, 60, 'square'),
    beep(1400, 60, 60, 'square'),
    beep(1400, 60, 420, 'square'),
  ],
  [beep(950, 500, 50, 'triangle'), beep(700, 400, 50, 'triangle')],
  [beep(1200, 250, 250), beep(600, 250, 250)],
  [
    beep(740, 100, 40, 'square'),
    beep(990, 100, 40, 'square'),
    beep(740, 100, 40, 'square'),
    beep(990, 100, 40, 'square'),
    beep(740, 100, 340, 'square'),
  ],
];

/** The pattern of sound 0-9; anything else is the first. */
export function tonePattern(sound: number): readonly Tone[] {
  return (Number.isInteger(sound) && TONE_PATTERNS[sound]) || TONE_PATTERNS[0]!;
}

export function patternMs(pattern: readonly Tone[]): number {
  return pattern.reduce((sum, t) => sum + t.ms + t.gapMs, 0);
}

/** How many times a pattern is played for a plan: 1 for once, enough to fill a loop's duration. */
export function repetitions(plan: SoundPlan, pattern: readonly Tone[]): number {
  if (plan.kind === 'none') return 0;
  if (plan.kind === 'once') return 1;
  return Math.max(1, Math.ceil(plan.durationMs / patternMs(pattern)));
}

/**
 * Quiet hours (`param.quietHours`; start and end in minutes after midnight): the window may
 * run over midnight (19:00-08:01 by default). Start is inside, end is not.
 */
export function inQuietHours(
  quietHours: { readonly enabled: boolean; readonly start: number; readonly end: number },
  date: Date,
): boolean {
  if (!quietHours.enabled) return false;
  const minute = date.getHours() * 60 + date.getMinutes();
  const { start: begin, end } = quietHours;
  if (begin === end) return false;
  return begin < end ? minute >= begin && minute < end : minute >= begin || minute < end;
}
