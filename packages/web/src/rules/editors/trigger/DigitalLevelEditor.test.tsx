// @vitest-environment jsdom
// The digital level editor (docs/protocol.md § Digital level): round trips, the 0.01 s times and
// the channel bound, read-only, languages.
import { decodeRule, encodeRule, toHex } from '@fieldlink/protocol';
import type { DigitalLevelRule } from '@fieldlink/protocol';
import { cleanup } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEditor, sampleContext } from '../test-support';
import DigitalLevelEditor from './DigitalLevelEditor';
import { click, editorOfMany, enabledControls, field, numberIn, typeNumber } from './test-driving';

afterEach(cleanup);

const decode = (bytes: readonly number[]): DigitalLevelRule => {
  const rule = decodeRule('digitalLevel', Uint8Array.from(bytes));
  if (rule === null) throw new Error('short vector');
  return rule;
};
const bytesOf = (rule: DigitalLevelRule): string => toHex(encodeRule('digitalLevel', rule));
const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));
const Many = editorOfMany(DigitalLevelEditor);

// The hand vectors of packages/protocol/src/rules/digital-level.test.ts.
const VECTORS: Record<string, readonly number[]> = {
  'channel 1 high, hold 1.5 s, release 0.5 s': [0x00, 0x00, 0x00, 0x96, 0x00, 0x32],
  'channel 32 low, longest times (bounds)': [0x01, 0x1f, 0xff, 0xff, 0xff, 0xff],
  'channel 32 (one past), hold 0.05 s': [0x00, 0x20, 0x00, 0x05, 0x00, 0x00],
  'all zero': [0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
  'channel 255 low, hold 1 min, release 0.01 s': [0x01, 0xff, 0x17, 0x70, 0x00, 0x01],
};
const FIRST = VECTORS['channel 1 high, hold 1.5 s, release 0.5 s']!;

const levelArb: fc.Arbitrary<DigitalLevelRule> = fc.record({
  level: fc.constantFrom('high' as const, 'low' as const),
  channel: fc.integer({ min: 0, max: 255 }),
  holdTime: fc.integer({ min: 0, max: 65535 }),
  unholdTime: fc.integer({ min: 0, max: 65535 }),
});

describe('DigitalLevelEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const drawn = renderEditor(Many, Object.values(VECTORS).map(decode));
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(Object.values(VECTORS).map(hex));
  });

  it('keeps the bytes when every field is changed and changed back', () => {
    const drawn = renderEditor(DigitalLevelEditor, decode(FIRST));
    typeNumber(numberIn('rule-channel'), 7);
    click('rule-level', 'Low (inactive)');
    typeNumber(numberIn('rule-holdTime'), 0.07);
    typeNumber(numberIn('rule-unholdTime'), 300);
    expect(drawn.value()).toEqual({ level: 'low', channel: 6, holdTime: 7, unholdTime: 30000 });
    typeNumber(numberIn('rule-channel'), 1);
    click('rule-level', 'High (active)');
    typeNumber(numberIn('rule-holdTime'), 1.5);
    typeNumber(numberIn('rule-unholdTime'), 0.5);
    expect(bytesOf(drawn.value())).toBe(hex(FIRST));
  });

  it('keeps the bytes of random rules', () => {
    fc.assert(
      fc.property(fc.array(levelArb, { minLength: 8, maxLength: 8 }), (rules) => {
        const drawn = renderEditor(Many, rules);
        const same = drawn.changes() === 0 && drawn.value().map(bytesOf).join() === rules.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 3 },
    );
  });
});

describe('DigitalLevelEditor bounds', () => {
  it('takes times of 0-655.35 s in hundredths and refuses 655.36 s and a thousandth', () => {
    const drawn = renderEditor(DigitalLevelEditor, decode(FIRST));
    typeNumber(numberIn('rule-holdTime'), 655.35);
    typeNumber(numberIn('rule-unholdTime'), 0);
    expect(drawn.value()).toMatchObject({ holdTime: 65535, unholdTime: 0 });
    typeNumber(numberIn('rule-holdTime'), 655.36);
    typeNumber(numberIn('rule-unholdTime'), 0.005);
    expect(drawn.value()).toMatchObject({ holdTime: 65535, unholdTime: 0 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 655.35', 'Out of range: 0 to 655.35']);
  });

  it('takes channels 1-32, refuses 33 and shows a stored channel past 32 with its problem', () => {
    const drawn = renderEditor(DigitalLevelEditor, decode(FIRST));
    typeNumber(numberIn('rule-channel'), 32);
    expect(drawn.value().channel).toBe(31);
    typeNumber(numberIn('rule-channel'), 33);
    expect(drawn.value().channel).toBe(31);
    expect(drawn.problems()).toEqual(['Out of range: 1 to 32']);
    drawn.unmount();
    const stored = renderEditor(DigitalLevelEditor, decode(VECTORS['channel 32 (one past), hold 0.05 s']!));
    expect(numberIn('rule-channel').value).toBe('33');
    expect(Number(numberIn('rule-holdTime').value)).toBe(0.05);
    expect(stored.problems()).toEqual(['Out of range: 1 to 32']);
    expect(stored.changes()).toBe(0);
  });
});

describe('DigitalLevelEditor read-only and languages', () => {
  it('disables every input when read-only', () => {
    const drawn = renderEditor(
      DigitalLevelEditor,
      decode(FIRST),
      sampleContext(undefined, { readOnly: true }),
    );
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    renderEditor(DigitalLevelEditor, decode(FIRST), sampleContext(undefined, { lang: 'zh' }));
    expect(field('rule-level').textContent).toContain('高电平（有效）');
    expect(field('rule-holdTime').textContent).toContain('以 0.01 秒计');
  });

  it('speaks tc', () => {
    renderEditor(DigitalLevelEditor, decode(FIRST), sampleContext(undefined, { lang: 'tc' }));
    expect(field('rule-level').textContent).toContain('低電平（無效）');
    expect(field('rule-unholdTime').textContent).toContain('釋放時間');
  });
});
