import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inQuietHours, patternMs, repetitions, soundPlan, tonePattern, TONE_PATTERNS } from './sound';

describe('soundPlan', () => {
  it('maps repeat 0-5 to none, once, and loops of 10 s, 60 s, 600 s and a day', () => {
    expect(soundPlan(0)).toEqual({ kind: 'none' });
    expect(soundPlan(1)).toEqual({ kind: 'once' });
    expect(soundPlan(2)).toEqual({ kind: 'loop', durationMs: 10_000 });
    expect(soundPlan(3)).toEqual({ kind: 'loop', durationMs: 60_000 });
    expect(soundPlan(4)).toEqual({ kind: 'loop', durationMs: 600_000 });
    expect(soundPlan(5)).toEqual({ kind: 'loop', durationMs: 86_400_000 });
  });
  it('plays any other value once', () => {
    for (const t of [6, -1, 1.5, Number.NaN, 99]) expect(soundPlan(t)).toEqual({ kind: 'once' });
  });
});

describe('tone patterns', () => {
  it('has ten patterns that differ from one another', () => {
    expect(TONE_PATTERNS).toHaveLength(10);
    expect(new Set(TONE_PATTERNS.map((p) => JSON.stringify(p))).size).toBe(10);
    for (let i = 0; i < 10; i++) expect(tonePattern(i)).toBe(TONE_PATTERNS[i]);
  });
  it('falls back to the first for a sound out of 0-9', () => {
    expect(tonePattern(10)).toBe(TONE_PATTERNS[0]);
    expect(tonePattern(-1)).toBe(TONE_PATTERNS[0]);
  });
  it('keeps each pattern around a second, so a loop stops close to its time', () => {
    for (const p of TONE_PATTERNS) {
      expect(patternMs(p)).toBeGreaterThanOrEqual(500);
      expect(patternMs(p)).toBeLessThanOrEqual(1500);
    }
  });
});

describe('repetitions', () => {
  it('fills a loop to at least its duration and less than one pattern more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 9 }), (type, sound) => {
        const plan = soundPlan(type);
        const pattern = tonePattern(sound);
        const total = repetitions(plan, pattern) * patternMs(pattern);
        if (plan.kind !== 'loop') throw new Error('loop expected');
        expect(total).toBeGreaterThanOrEqual(plan.durationMs);
        expect(total - plan.durationMs).toBeLessThan(patternMs(pattern));
      }),
    );
  });
  it('plays once for 1 and never for 0', () => {
    expect(repetitions(soundPlan(1), tonePattern(0))).toBe(1);
    expect(repetitions(soundPlan(0), tonePattern(0))).toBe(0);
  });
});

describe('inQuietHours', () => {
  const at = (h: number, m: number) => new Date(2026, 0, 5, h, m);
  const param = { enabled: true, start: 1140, end: 481 };
  it('runs over midnight from 19:00 to 08:01, the end not included', () => {
    expect(inQuietHours(param, at(18, 59))).toBe(false);
    expect(inQuietHours(param, at(19, 0))).toBe(true);
    expect(inQuietHours(param, at(3, 0))).toBe(true);
    expect(inQuietHours(param, at(8, 0))).toBe(true);
    expect(inQuietHours(param, at(8, 1))).toBe(false);
  });
  it('within one day when begin is before end', () => {
    const day = { enabled: true, start: 720, end: 780 };
    expect(inQuietHours(day, at(11, 59))).toBe(false);
    expect(inQuietHours(day, at(12, 0))).toBe(true);
    expect(inQuietHours(day, at(13, 0))).toBe(false);
  });
  it('never when disabled or empty', () => {
    expect(inQuietHours({ ...param, enabled: false }, at(3, 0))).toBe(false);
    expect(inQuietHours({ enabled: true, start: 600, end: 600 }, at(10, 0))).toBe(false);
  });
});
