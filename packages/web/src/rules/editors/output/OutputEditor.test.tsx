// @vitest-environment jsdom
// The output editor (docs/protocol.md § Output, § Register operation): round trips, bounds, mode
// switches, targets on a slave, read-only, languages.
import { decodeRule, encodeRule, OUTPUT_MODES, say, toHex, validateRule } from '@fieldlink/protocol';
import type { OutputRule } from '@fieldlink/protocol';
import { cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { outputArb } from '../../../../../protocol/src/test-support/arbitraries';
import type { RuleContext } from '../context';
import { renderEditor, sampleContext } from '../test-support';
import { choose, editorOfMany, enabledControls, field, numberIn, typeNumber } from '../trigger/test-driving';
import OutputEditor from './OutputEditor';

afterEach(cleanup);

const context = sampleContext({ do: 8, di: 8, ai: 2, ao: 2 });
const decode = (bytes: readonly number[]): OutputRule => {
  const rule = decodeRule('output', Uint8Array.from(bytes));
  if (rule === null) throw new Error('short vector');
  return rule;
};
const bytesOf = (rule: OutputRule): string => toHex(encodeRule('output', rule));
const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));
const modeName = (code: number): string => say(OUTPUT_MODES[code]!.name, 'en');

// The hand vectors of packages/protocol/src/rules/output.test.ts.
const VECTORS: Record<string, readonly number[]> = {
  disabled: [0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
  'disabled keeps its fields': [0x00, 0x03, 0x01, 0x02, 0x07, 0x00],
  'close relay DO2, hold 5 s': [0x01, 0x01, 0x00, 0x32, 0x00, 0x00],
  'open relay DO32, stays, slave 249 (bounds)': [0x02, 0x1f, 0x00, 0x00, 0xf9, 0x00],
  'invert relay, hold 65535, addr 250 (one past)': [0x03, 0x00, 0xff, 0xff, 0xfa, 0x00],
  'invert relay DO33 (one past), hold 0.2 s (shortest)': [0x03, 0x20, 0x00, 0x02, 0x00, 0x00],
  'stop scene 0': [0x04, 0x00, 0x00, 0x00, 0x00, 0x00],
  'start scene 255 with a stray value': [0x05, 0xff, 0x00, 0x07, 0x00, 0x00],
  'register operation': [0x06, 0x41, 0x00, 0x64, 0x00, 0x05],
  'AO1 output 1200': [0x07, 0x00, 0x04, 0xb0, 0x00, 0x00],
  'AO32 output 20000 @ slave 12': [0x07, 0x1f, 0x4e, 0x20, 0x0c, 0x00],
  'mode 8 (one past) keeps its fields': [0x08, 0x01, 0x02, 0x03, 0x04, 0x00],
  'mode 15 (largest)': [0x0f, 0xff, 0xff, 0xff, 0xff, 0x00],
};
const CLOSE_DO2 = VECTORS['close relay DO2, hold 5 s']!;
const Many = editorOfMany(OutputEditor);

describe('OutputEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const drawn = renderEditor(Many, Object.values(VECTORS).map(decode), context);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(Object.values(VECTORS).map(hex));
  });

  it('keeps the bytes when fields are changed and changed back', async () => {
    const drawn = renderEditor(OutputEditor, decode(CLOSE_DO2), context);
    typeNumber(numberIn('rule-output-hold'), 12.5);
    expect(drawn.value()).toMatchObject({ value: 125 });
    typeNumber(numberIn('rule-output-hold'), 5);
    await choose('rule-output-channel', 'DO5 Pump 5');
    expect(drawn.value()).toMatchObject({ channel: 4 });
    await choose('rule-output-channel', 'DO2 Pump 2');
    expect(bytesOf(drawn.value())).toBe(hex(CLOSE_DO2));
  });

  it('keeps the bytes of random outputs', () => {
    // Eight outputs a render, three renders: 24 random outputs.
    fc.assert(
      fc.property(fc.array(outputArb, { minLength: 8, maxLength: 8 }), (rules) => {
        const drawn = renderEditor(Many, rules, context);
        const same = drawn.changes() === 0 && drawn.value().map(bytesOf).join() === rules.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 3 },
    );
  });
});

describe('OutputEditor bounds', () => {
  it('takes a relay hold of 0 (forever) or 0.2-6553.5 s and refuses 0.1 s and 6553.6 s', () => {
    const drawn = renderEditor(OutputEditor, decode(CLOSE_DO2), context);
    const hold = () => numberIn('rule-output-hold');
    typeNumber(hold(), 0);
    expect(drawn.value()).toMatchObject({ value: 0 });
    expect(field('rule-output-hold').textContent).toContain('Holds forever');
    expect(drawn.problems()).toEqual([]);
    typeNumber(hold(), 0.1);
    expect(drawn.value()).toMatchObject({ value: 0 });
    expect(drawn.problems()).toEqual(['0.2 to 6553.5 s, or 0 to hold forever']);
    typeNumber(hold(), 0.2);
    expect(drawn.value()).toMatchObject({ value: 2 });
    typeNumber(hold(), 6553.5);
    expect(drawn.value()).toMatchObject({ value: 65535 });
    typeNumber(hold(), 6553.6);
    expect(drawn.value()).toMatchObject({ value: 65535 });
    expect(drawn.problems()).toHaveLength(1);
    typeNumber(hold(), null);
    expect(drawn.problems()).toEqual(['Fill in relevant content']);
  });

  it('takes a target address of 0-249 and refuses 250', () => {
    const drawn = renderEditor(OutputEditor, decode(CLOSE_DO2), context);
    typeNumber(numberIn('rule-output-addr'), 249);
    expect(drawn.value()).toMatchObject({ addr: 249 });
    typeNumber(numberIn('rule-output-addr'), 250);
    expect(drawn.value()).toMatchObject({ addr: 249 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 249']);
  });

  it('shows a stored address past 249 with its problem and keeps it', () => {
    const drawn = renderEditor(
      OutputEditor,
      decode(VECTORS['invert relay, hold 65535, addr 250 (one past)']!),
      context,
    );
    expect(numberIn('rule-output-addr').value).toBe('250');
    expect(drawn.problems()).toEqual(['Out of range: 0 to 249']);
    expect(drawn.changes()).toBe(0);
  });

  it('takes a scene index of 0-255 and refuses 256', () => {
    const drawn = renderEditor(OutputEditor, decode(VECTORS['stop scene 0']!), context);
    typeNumber(numberIn('rule-output-scene'), 255);
    expect(drawn.value()).toMatchObject({ channel: 255 });
    typeNumber(numberIn('rule-output-scene'), 256);
    expect(drawn.value()).toMatchObject({ channel: 255 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
  });

  it('takes a raw AO value of 0-65535 and refuses 65536', () => {
    const drawn = renderEditor(OutputEditor, decode(VECTORS['AO1 output 1200']!), context);
    typeNumber(numberIn('rule-output-aoValue'), 65535);
    expect(drawn.value()).toMatchObject({ value: 65535 });
    typeNumber(numberIn('rule-output-aoValue'), 65536);
    expect(drawn.value()).toMatchObject({ value: 65535 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
  });

  it("types an AO value in the channel's scaled unit and shows the raw value", () => {
    // AO raw 0-65535 reads 0-655.35 mA here.
    const scaled: RuleContext = {
      ...context,
      scale: (kind, index) =>
        kind === 'ao'
          ? {
              unit: 'mA',
              scaled: true,
              toShown: (raw) => raw / 100,
              toRaw: (shown) => Math.round(shown * 100),
            }
          : context.scale(kind, index),
    };
    const drawn = renderEditor(OutputEditor, decode(VECTORS['AO1 output 1200']!), scaled);
    expect(Number(numberIn('rule-output-aoValue').value)).toBe(12);
    typeNumber(numberIn('rule-output-aoValue'), 16.5);
    expect(drawn.value()).toMatchObject({ value: 1650 });
    expect(screen.getByTestId('rule-output-aoValue-raw').textContent).toBe('raw value 1650');
    typeNumber(numberIn('rule-output-aoValue'), 655.36);
    expect(drawn.value()).toMatchObject({ value: 1650 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 655.35']);
  });

  it('bounds the register address and value, a holding s16 value signed', async () => {
    const drawn = renderEditor(OutputEditor, decode(VECTORS['register operation']!), context);
    typeNumber(numberIn('rule-output-regAddr'), 65535);
    typeNumber(numberIn('rule-output-regValue'), 65535);
    expect(drawn.value()).toMatchObject({ operation: { regAddr: 65535, value: 65535 } });
    typeNumber(numberIn('rule-output-regAddr'), 65536);
    typeNumber(numberIn('rule-output-regValue'), 65536);
    expect(drawn.value()).toMatchObject({ operation: { regAddr: 65535, value: 65535 } });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535', 'Out of range: 0 to 65535']);
    typeNumber(numberIn('rule-output-regAddr'), 100);
    await choose('rule-output-regType', 'holding register (s16)');
    // The stored 65535 reads -1 as a signed value.
    expect(numberIn('rule-output-regValue').value).toBe('-1');
    typeNumber(numberIn('rule-output-regValue'), -32768);
    expect(drawn.value()).toMatchObject({ operation: { regType: 2, value: 0x8000 } });
    typeNumber(numberIn('rule-output-regValue'), -32769);
    expect(drawn.problems()).toEqual(['Out of range: -32768 to 32767']);
    typeNumber(numberIn('rule-output-regValue'), 32767);
    expect(drawn.value()).toMatchObject({ operation: { value: 0x7fff } });
    typeNumber(numberIn('rule-output-regValue'), 32768);
    expect(drawn.value()).toMatchObject({ operation: { value: 0x7fff } });
    expect(drawn.problems()).toEqual(['Out of range: -32768 to 32767']);
  });
});

describe('OutputEditor modes', () => {
  it('keeps the channel and hold between relay modes and the address between acting modes', async () => {
    const drawn = renderEditor(OutputEditor, { mode: 1, channel: 3, value: 20, addr: 7 }, context);
    await choose('rule-output-mode', modeName(3));
    expect(drawn.value()).toEqual({ mode: 3, channel: 3, value: 20, addr: 7 });
    expect(validateRule('output', drawn.value())).toEqual([]);
    await choose('rule-output-mode', modeName(5));
    expect(drawn.value()).toEqual({ mode: 5, channel: 0, value: 0, addr: 7 });
    await choose('rule-output-mode', modeName(6));
    expect(drawn.value()).toEqual({ mode: 6, operation: { mathType: 0, regType: 0, regAddr: 0, value: 0 } });
  });

  it('shows an unknown mode as err with its code and keeps it', () => {
    const drawn = renderEditor(OutputEditor, decode(VECTORS['mode 8 (one past) keeps its fields']!), context);
    expect(field('rule-output-mode').textContent).toContain('err (code 8)');
    expect(field('rule-output-mode').textContent).toContain('Unknown output mode');
    expect(drawn.changes()).toBe(0);
  });

  it('shows an unknown math or register type as err and keeps it', () => {
    const drawn = renderEditor(
      OutputEditor,
      { mode: 6, operation: { mathType: 3, regType: 12, regAddr: 4, value: 9 } },
      context,
    );
    expect(field('rule-output-mathType').textContent).toContain('err (code 3)');
    expect(field('rule-output-regType').textContent).toContain('err (code 12)');
    expect(screen.getByText('Unknown operation or register type: kept as read')).toBeTruthy();
    expect(drawn.changes()).toBe(0);
  });

  it('names the channel of a slave by number and of this device by name', async () => {
    const drawn = renderEditor(OutputEditor, decode(CLOSE_DO2), context);
    expect(field('rule-output-channel').textContent).toContain('DO2 Pump 2');
    typeNumber(numberIn('rule-output-addr'), 12);
    expect(field('rule-output-channel').textContent).toContain("DO channel number (the target device's)");
    expect(numberIn('rule-output-channel').value).toBe('2');
    typeNumber(numberIn('rule-output-channel'), 32);
    expect(drawn.value()).toEqual({ mode: 1, channel: 31, value: 50, addr: 12 });
    typeNumber(numberIn('rule-output-channel'), 33);
    expect(drawn.problems()).toEqual(['Out of range: 1 to 32']);
  });

  it('shows a stored DO channel this model lacks and reports it', () => {
    const drawn = renderEditor(
      OutputEditor,
      decode(VECTORS['invert relay DO33 (one past), hold 0.2 s (shortest)']!),
      context,
    );
    expect(field('rule-output-channel').textContent).toContain('DO33 (not on this model)');
    expect(drawn.problems()).toEqual(['DO33 (not on this model)']);
    expect(drawn.changes()).toBe(0);
  });
});

describe('OutputEditor read-only and languages', () => {
  it.each([
    ['relay', CLOSE_DO2],
    ['AO', VECTORS['AO1 output 1200']!],
    ['register operation', VECTORS['register operation']!],
  ])('disables every input of a %s output when read-only', (_name, bytes) => {
    const drawn = renderEditor(
      OutputEditor,
      decode(bytes),
      sampleContext({ do: 8, di: 8, ai: 2, ao: 2 }, { readOnly: true }),
    );
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    renderEditor(
      OutputEditor,
      decode(CLOSE_DO2),
      sampleContext({ do: 8, di: 8, ai: 2, ao: 2 }, { lang: 'zh' }),
    );
    expect(field('rule-output-mode').textContent).toContain('输出方式');
    expect(field('rule-output-mode').textContent).toContain('闭合继电器');
    expect(field('rule-output-hold').textContent).toContain('保持时间');
    expect(field('rule-output-addr').textContent).toContain('目标地址');
  });

  it('speaks tc', () => {
    renderEditor(
      OutputEditor,
      decode(VECTORS['register operation']!),
      sampleContext({ do: 8, di: 8, ai: 2, ao: 2 }, { lang: 'tc' }),
    );
    expect(field('rule-output-mode').textContent).toContain('輸出方式');
    expect(field('rule-output-mode').textContent).toContain('擴展功能（寄存器操作）');
    expect(field('rule-output-regType').textContent).toContain('暫存器類型');
    expect(field('rule-output-mathType').textContent).toContain('加（+=）');
  });
});
