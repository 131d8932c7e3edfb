/** Parsed settings shared by the online devices stored with the same text. */
import { equipmentType } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { normaliseSettings } from '../../equipment/settings.js';
import { SharedSettings } from './shared-settings.js';

const r8 = equipmentType('FL-R8-2000')!;
const text = (high: number): string =>
  JSON.stringify(normaliseSettings(r8.counts, { ai: { alarmHigh: [high] } }, undefined, { image: r8.image }));

describe('SharedSettings', () => {
  it('gives one frozen copy per type and text, and drops it when nobody holds it', () => {
    const shared = new SharedSettings();
    const a = shared.acquire(r8, text(10));
    const b = shared.acquire(r8, text(10));
    const c = shared.acquire(r8, text(20));
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(a.settings.ai.alarmHigh[0]).toBe(10);
    expect(c.settings.ai.alarmHigh[0]).toBe(20);
    expect(shared.size).toBe(2);
    expect(() => {
      (a.settings.ai.alarmHigh as number[])[0] = 99;
    }).toThrow(TypeError);

    shared.release(a);
    expect(shared.size).toBe(2);
    shared.release(b);
    expect(shared.size).toBe(1);
    // Acquired again after it was dropped: a fresh copy.
    expect(shared.acquire(r8, text(10))).not.toBe(a);
  });

  it('keeps types apart, reads a text it cannot parse as the type defaults, and ignores a stray release', () => {
    const shared = new SharedSettings();
    const other = equipmentType('FL-AI8')!;
    const mine = shared.acquire(r8, 'not json');
    const theirs = shared.acquire(other, 'not json');
    expect(theirs).not.toBe(mine);
    expect(mine.settings.ai.alarmHigh).toHaveLength(r8.counts.ai);
    expect(theirs.settings.ai.alarmHigh).toHaveLength(other.counts.ai);
    shared.release(mine);
    expect(shared.size).toBe(1);
    // Released once too often: the other type's entry stays.
    shared.release(mine);
    expect(shared.size).toBe(1);
    // An entry of another SharedSettings is not this one's to drop.
    shared.release(new SharedSettings().acquire(other, 'not json'));
    expect(shared.size).toBe(1);
  });
});
