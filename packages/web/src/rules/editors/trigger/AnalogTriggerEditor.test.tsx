// @vitest-environment jsdom
// The analog trigger editor (docs/protocol.md § Analog trigger, § AI window): round trips, the
// window's thresholds in scaled units and their bounds, sources, read-only, languages.
import {
  ANALOG_TRIGGER_SOURCES,
  decodeRule,
  encodeRule,
  say,
  toHex,
  validateRule,
} from '@fieldlink/protocol';
import type { AnalogTriggerRule } from '@fieldlink/protocol';
import { cleanup, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelScale, RuleContext } from '../context';
import { renderEditor, sampleContext } from '../test-support';
import AnalogTriggerEditor from './AnalogTriggerEditor';
import { analogTriggerArb } from './test-arbitraries';
import { choose, click, editorOfMany, enabledControls, field, numberIn, typeNumber } from './test-driving';

afterEach(cleanup);

// AI raw 4000-20000 reads 0-5 m (sampleContext), so the AI range is 4-20 mA.
const context = sampleContext({ do: 8, di: 8, ai: 2, ao: 2 });
const RAW: ChannelScale = { unit: '', scaled: false, toShown: (raw) => raw, toRaw: (shown) => shown };
const decode = (bytes: readonly number[]): AnalogTriggerRule => {
  const rule = decodeRule('analogTrigger', Uint8Array.from(bytes));
  if (rule === null) throw new Error('short vector');
  return rule;
};
const bytesOf = (rule: AnalogTriggerRule): string => toHex(encodeRule('analogTrigger', rule));
const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));
const sourceName = (code: number): string => say(ANALOG_TRIGGER_SOURCES[code]!.name, 'en');
const Many = editorOfMany(AnalogTriggerEditor);

// The hand vectors of packages/protocol/src/rules/analog-trigger.test.ts.
const TAIL = [0x14, 0x3e, 0x80, 0x0f, 0xa0, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00];
const VECTORS: Record<string, readonly number[]> = {
  'AI1 outside 4000-16000 for 2 s opens DO1': [0x00, 0x20, 0x00, ...TAIL],
  disabled: [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
  'AO32 band, every flag, bounds': [
    0xff, 0x5c, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0x07, 0x00, 0x4e, 0x20, 0x01, 0x00,
  ],
  'AI33 (channel 32, one past)': [0x00, 0x20, 0x20, ...TAIL],
  'source 3 (cache register)': [0x00, 0x60, 0x00, ...TAIL],
  'source 4 (time register)': [0x00, 0x80, 0x00, ...TAIL],
  'source 5 (flow total)': [0x00, 0xa0, 0x00, ...TAIL],
  'source 6 (changed flow)': [0x00, 0xc0, 0x00, ...TAIL],
  'source 7 (read-only register), more': [0x00, 0xf0, 0x00, ...TAIL],
};
const AI1 = VECTORS['AI1 outside 4000-16000 for 2 s opens DO1']!;
const CACHE = VECTORS['source 3 (cache register)']!;

describe('AnalogTriggerEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const drawn = renderEditor(Many, Object.values(VECTORS).map(decode), context);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(Object.values(VECTORS).map(hex));
  });

  it('keeps the bytes when the window is changed and changed back', () => {
    const drawn = renderEditor(AnalogTriggerEditor, decode(AI1), context);
    click('rule-window-band', 'Inside: low ≤ value ≤ high');
    typeNumber(numberIn('rule-window-low'), 1);
    typeNumber(numberIn('rule-window-high'), 4.5);
    typeNumber(numberIn('rule-window-holdTime'), 5);
    expect(drawn.value().window).toEqual({
      band: true,
      holdTime: { value: 50, unit: 0 },
      low: 7200,
      high: 18400,
    });
    click('rule-window-band', 'Outside: value ≤ low or value ≥ high');
    typeNumber(numberIn('rule-window-low'), 0);
    typeNumber(numberIn('rule-window-high'), 3.75);
    typeNumber(numberIn('rule-window-holdTime'), 2);
    expect(bytesOf(drawn.value())).toBe(hex(AI1));
  });

  it('keeps the bytes of random analog triggers', () => {
    // Eight rules a render, three renders: 24 random rules.
    fc.assert(
      fc.property(fc.array(analogTriggerArb, { minLength: 8, maxLength: 8 }), (rules) => {
        const drawn = renderEditor(Many, rules, context);
        const same = drawn.changes() === 0 && drawn.value().map(bytesOf).join() === rules.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 3 },
    );
  });
});

describe('AnalogTriggerEditor window', () => {
  it('knows the range of a channel scaled over a full scale of 20000 or 10000', () => {
    expect(context.aiRange?.(0)).toBe('4-20mA');
    expect(sampleContext({ do: 0, di: 0, ai: 1, ao: 0 }).aiRange?.(1)).toBeNull();
  });

  it("types thresholds in the channel's unit, shows the raw values and bounds them by the 4-20 mA range", () => {
    const drawn = renderEditor(AnalogTriggerEditor, decode(AI1), context);
    expect(Number(numberIn('rule-window-low').value)).toBe(0);
    expect(Number(numberIn('rule-window-high').value)).toBe(3.75);
    expect(screen.getByTestId('rule-window-high-raw').textContent).toBe('raw value 16000');
    expect(field('rule-window-high').textContent).toContain('4-20 mA channel: raw 4000 to 20000');
    typeNumber(numberIn('rule-window-high'), 5);
    expect(drawn.value().window.high).toBe(20000);
    expect(drawn.problems()).toEqual([]);
    // One raw count past 20000, and one below 4000.
    typeNumber(numberIn('rule-window-high'), 5.0003125);
    typeNumber(numberIn('rule-window-low'), -0.0003125);
    expect(drawn.value().window).toMatchObject({ high: 20000, low: 4000 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 5', 'Out of range: 0 to 5']);
  });

  it('bounds raw thresholds of a register by their fields: low 1-32767, high 1-65535', () => {
    const drawn = renderEditor(AnalogTriggerEditor, decode(CACHE), context);
    typeNumber(numberIn('rule-window-low'), 32767);
    typeNumber(numberIn('rule-window-high'), 65535);
    expect(drawn.value().window).toMatchObject({ low: 32767, high: 65535 });
    typeNumber(numberIn('rule-window-low'), 32768);
    typeNumber(numberIn('rule-window-high'), 65536);
    expect(drawn.value().window).toMatchObject({ low: 32767, high: 65535 });
    expect(drawn.problems()).toEqual(['Out of range: 1 to 32767', 'Out of range: 1 to 65535']);
    // 0 is not a value to type: it is 'not set'.
    typeNumber(numberIn('rule-window-low'), 0);
    typeNumber(numberIn('rule-window-high'), 0);
    expect(drawn.value().window).toMatchObject({ low: 32767, high: 65535 });
    expect(drawn.problems()).toEqual(['Out of range: 1 to 32767', 'Out of range: 1 to 65535']);
    typeNumber(numberIn('rule-window-low'), 1);
    typeNumber(numberIn('rule-window-high'), 1);
    expect(drawn.value().window).toMatchObject({ low: 1, high: 1 });
    expect(drawn.problems()).toEqual([]);
  });

  it('bounds thresholds of a 0-10 V channel by 0-10000', () => {
    const volts: RuleContext = { ...context, scale: () => RAW, aiRange: () => '0-10V' };
    const drawn = renderEditor(AnalogTriggerEditor, decode(AI1), volts);
    typeNumber(numberIn('rule-window-high'), 10000);
    expect(drawn.value().window.high).toBe(10000);
    typeNumber(numberIn('rule-window-high'), 10001);
    expect(drawn.value().window.high).toBe(10000);
    expect(drawn.problems()).toEqual(['Out of range: 1 to 10000']);
  });

  it('clears a threshold to not set (0) and sets it again', () => {
    const drawn = renderEditor(AnalogTriggerEditor, decode(AI1), context);
    click('rule-window-low', 'Set');
    expect(drawn.value().window.low).toBe(0);
    expect(field('rule-window-low').textContent).toContain('Not set (stored as 0)');
    expect(within(field('rule-window-low')).queryByRole('spinbutton', { hidden: true })).toBeNull();
    expect(drawn.problems()).toEqual([]);
    click('rule-window-low', 'Set');
    // Set again, it waits for a value.
    expect(drawn.problems()).toEqual(['Fill in relevant content']);
    typeNumber(numberIn('rule-window-low'), 0.5);
    expect(drawn.value().window.low).toBe(5600);
    expect(drawn.problems()).toEqual([]);
  });

  it('names a low threshold above the high one and keeps it as given', () => {
    const drawn = renderEditor(AnalogTriggerEditor, decode(AI1), context);
    typeNumber(numberIn('rule-window-low'), 4);
    expect(drawn.value().window).toMatchObject({ low: 16800, high: 16000 });
    expect(screen.getByTestId('rule-window-order').textContent).toBe(
      'The low threshold must not be above the high one',
    );
    expect(drawn.problems()).toEqual(['The low threshold must not be above the high one']);
    typeNumber(numberIn('rule-window-high'), 4.5);
    expect(drawn.problems()).toEqual([]);
  });
});

describe('AnalogTriggerEditor sources', () => {
  it('keeps the window and output between sources and picks register indexes raw', async () => {
    const drawn = renderEditor(AnalogTriggerEditor, decode(AI1), context);
    await choose('rule-channel', 'AI2 Level 2');
    await choose('rule-source', sourceName(7));
    expect(drawn.value()).toMatchObject({ source: 7, channel: 0, window: { low: 4000, high: 16000 } });
    // A register reads raw: the thresholds show as stored.
    expect(numberIn('rule-window-high').value).toBe('16000');
    typeNumber(numberIn('rule-channel'), 255);
    typeNumber(numberIn('rule-dev'), 3);
    expect(drawn.value()).toMatchObject({ source: 7, channel: 255, dev: 3 });
    typeNumber(numberIn('rule-channel'), 256);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    typeNumber(numberIn('rule-channel'), 9);
    expect(validateRule('analogTrigger', drawn.value())).toEqual([]);
    await choose('rule-source', sourceName(0));
    expect(bytesOf(drawn.value())).toBe(hex([3, ...Array<number>(13).fill(0)]));
  });
});

describe('AnalogTriggerEditor read-only and languages', () => {
  it('disables every input when read-only', () => {
    const drawn = renderEditor(
      AnalogTriggerEditor,
      decode(AI1),
      sampleContext({ do: 8, di: 8, ai: 2, ao: 2 }, { readOnly: true }),
    );
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    renderEditor(AnalogTriggerEditor, decode(AI1), sampleContext(undefined, { lang: 'zh' }));
    expect(field('rule-source').textContent).toContain('AI通道');
    expect(field('rule-window-band').textContent).toContain('区间外：值 ≤ 下限 或 值 ≥ 上限');
    expect(field('rule-window-low').textContent).toContain('下限');
    expect(field('rule-window-high').textContent).toContain('原始值 16000');
  });

  it('speaks tc', () => {
    renderEditor(AnalogTriggerEditor, decode(CACHE), sampleContext(undefined, { lang: 'tc' }));
    expect(field('rule-source').textContent).toContain('快取暫存器');
    expect(field('rule-channel').textContent).toContain('暫存器序號');
    expect(field('rule-window-holdTime').textContent).toContain('持續時間');
  });
});
