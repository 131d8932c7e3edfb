// The rule a source switch gives (docs/protocol.md § Trigger, § Analog trigger): valid rules stay
// valid, the channel is kept only where it names the same kind of thing, disabling writes zeros.
import { ANALOG_TRIGGER_SOURCES, encodeRule, TRIGGER_SOURCES, validateRule } from '@fieldlink/protocol';
import type { AnalogTriggerRule, TriggerRule } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analogTriggerWithSource, channelAfterSwitch, triggerWithSource } from './sources';
import { validAnalogTriggerArb, validTriggerArb } from './test-arbitraries';

const counts = { do: 8, di: 4, ai: 2, ao: 0 };

describe('triggerWithSource', () => {
  it('gives a valid trigger that encodes for every source from every valid trigger', () => {
    const sources = fc.constantFrom(...TRIGGER_SOURCES.map((s) => s.code));
    fc.assert(
      fc.property(validTriggerArb, sources, (from, source) => {
        const next = triggerWithSource(from, source, counts);
        expect(next.source).toBe(source);
        expect(next.dev).toBe(from.dev);
        expect(validateRule('trigger', next)).toEqual([]);
        expect(encodeRule('trigger', next)).toHaveLength(14);
      }),
      { numRuns: 500 },
    );
  });

  const di3: TriggerRule = {
    dev: 4,
    source: 1,
    more: true,
    forced: true,
    repeat: false,
    channel: 2,
    level: 'inactive',
    holdTime: 10,
    unholdTime: 5,
    output: { mode: 1, channel: 1, value: 50, addr: 0 },
  };

  it('keeps everything but a channel the new source does not have', () => {
    expect(triggerWithSource(di3, 2, counts)).toEqual({ ...di3, source: 2 });
    expect(triggerWithSource({ ...di3, source: 2, channel: 6 }, 1, counts)).toEqual({ ...di3, channel: 0 });
    expect(triggerWithSource(di3, 3, counts)).toEqual({ ...di3, source: 3, channel: 0 });
    expect(triggerWithSource({ ...di3, source: 3, channel: 200 }, 7, counts)).toEqual({
      ...di3,
      source: 7,
      channel: 200,
    });
  });

  it('writes a disabled rule as zeros with its index, and enables one from that blank', () => {
    const off = triggerWithSource(di3, 0, counts);
    expect(Array.from(encodeRule('trigger', off))).toEqual([4, ...Array<number>(13).fill(0)]);
    expect(triggerWithSource({ ...off, channel: 9, holdTime: 7 }, 1, counts)).toEqual({ ...off, source: 1 });
  });

  it('leaves the reserved source as read only when another is picked', () => {
    const reserved = { ...di3, source: 4, channel: 32 };
    expect(triggerWithSource(reserved, 4, counts)).toBe(reserved);
    expect(triggerWithSource(reserved, 3, counts)).toEqual({ ...di3, source: 3, channel: 32 });
  });
});

describe('analogTriggerWithSource', () => {
  it('gives a valid analog trigger that encodes for every source from every valid one', () => {
    const sources = fc.constantFrom(...ANALOG_TRIGGER_SOURCES.map((s) => s.code));
    fc.assert(
      fc.property(validAnalogTriggerArb, sources, (from, source) => {
        const next = analogTriggerWithSource(from, source, counts);
        expect(next.source).toBe(source);
        expect(validateRule('analogTrigger', next)).toEqual([]);
        expect(encodeRule('analogTrigger', next)).toHaveLength(14);
      }),
      { numRuns: 500 },
    );
  });

  const ai2: AnalogTriggerRule = {
    dev: 1,
    source: 1,
    more: false,
    forced: true,
    repeat: true,
    channel: 1,
    window: { band: true, holdTime: { value: 20, unit: 0 }, high: 16000, low: 4000 },
    output: { mode: 2, channel: 0, value: 0, addr: 0 },
  };

  it('keeps the window and output, and the channel where the new source has it', () => {
    expect(analogTriggerWithSource(ai2, 2, counts)).toEqual({ ...ai2, source: 2, channel: 0 });
    expect(analogTriggerWithSource(ai2, 5, counts)).toEqual({ ...ai2, source: 5, channel: 0 });
    expect(analogTriggerWithSource({ ...ai2, source: 3, channel: 12 }, 7, counts)).toEqual({
      ...ai2,
      source: 7,
      channel: 12,
    });
    const off = analogTriggerWithSource(ai2, 0, counts);
    expect(Array.from(encodeRule('analogTrigger', off))).toEqual([1, ...Array<number>(13).fill(0)]);
  });
});

describe('channelAfterSwitch', () => {
  it.each([
    [3, 'di', 'do', 3],
    [7, 'do', 'di', 0],
    [3, 'di', 'index', 0],
    [200, 'index', 'index', 200],
    [200, 'index', 'ai', 0],
    [1, 'ai', 'ao', 0],
  ] as const)('channel %i from %s to %s is %i', (channel, before, after, kept) => {
    expect(channelAfterSwitch(channel, before, after, counts)).toBe(kept);
  });
});
