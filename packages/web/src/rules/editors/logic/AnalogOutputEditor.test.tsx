// @vitest-environment jsdom
// The analog-output rule editor (docs/protocol.md § Analog-output rule): round trips, bounds, the
// AI range, the AO default range, in use or not, read-only, languages.
import { decodeRule, encodeRule, toHex, validateRule } from '@fieldlink/protocol';
import type { AnalogOutputRule } from '@fieldlink/protocol';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { analogOutputArb } from '../../../../../protocol/src/test-support/arbitraries';
import { renderEditor, sampleContext } from '../test-support';
import AnalogOutputEditor from './AnalogOutputEditor';
import {
  checkboxIn,
  choose,
  editorOfMany,
  enabledControls,
  field,
  numberIn,
  switchIn,
  typeNumber,
} from './test-driving';

afterEach(cleanup);

const COUNTS = { do: 8, di: 8, ai: 2, ao: 2 };
const context = (options: Parameters<typeof sampleContext>[1] = {}) => sampleContext(COUNTS, options);

const decode = (bytes: readonly number[]): AnalogOutputRule => {
  const rule = decodeRule('analogOutput', Uint8Array.from(bytes));
  if (rule === null) throw new Error('short vector');
  return rule;
};
const bytesOf = (rule: AnalogOutputRule): string => toHex(encodeRule('analogOutput', rule));
const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));

// The hand vectors of packages/protocol/src/rules/analog-output.test.ts.
const EMPTY = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
// 4-20 mA AI1 4000-20000 to AO2 at the default range while time rule 3 holds.
const CURRENT = [0x00, 0x0f, 0xa0, 0x4e, 0x20, 0x00, 0x00, 0x00, 0x00, 0x21, 0x03, 0x00];
const VECTORS: readonly (readonly number[])[] = [
  EMPTY,
  CURRENT,
  // 0-10 V, channels 31, scene B rule 127, the longest hold.
  [0x3f, 0x00, 0x00, 0x27, 0x10, 0x00, 0x00, 0x03, 0xe8, 0xbf, 0x7f, 0xff],
  // ruleType 7 (unknown), rule 64, u16 maxima.
  [0x05, 0xff, 0xff, 0x00, 0x01, 0xff, 0xff, 0xff, 0xff, 0xe0, 0x40, 0x4a],
  // ruleType 6, only aoLow stored.
  [0x30, 0x00, 0x64, 0x26, 0xac, 0x01, 0xf4, 0x00, 0x00, 0xc2, 0x00, 0x01],
];

describe('AnalogOutputEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const drawn = renderEditor(editorOfMany(AnalogOutputEditor), VECTORS.map(decode), context());
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(VECTORS.map(hex));
  });

  it('keeps the bytes when a field is changed and changed back', () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(CURRENT), context());
    typeNumber(numberIn('rule-aiLow'), 5000);
    expect(drawn.value().aiLow).toBe(5000);
    typeNumber(numberIn('rule-aiLow'), 4000);
    fireEvent.click(checkboxIn('rule-aoDefault'));
    expect(drawn.value()).toMatchObject({ aoLow: 400, aoHigh: 2000 });
    fireEvent.click(checkboxIn('rule-aoDefault'));
    expect(bytesOf(drawn.value())).toBe(hex(CURRENT));
  });

  it('keeps the bytes of random rules', () => {
    fc.assert(
      fc.property(fc.array(analogOutputArb, { minLength: 8, maxLength: 8 }), (rules) => {
        const drawn = renderEditor(editorOfMany(AnalogOutputEditor), rules, context());
        const same = drawn.changes() === 0 && drawn.value().map(bytesOf).join() === rules.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 2 },
    );
  });
});

describe('AnalogOutputEditor bounds', () => {
  it('bounds the AI values by the 4-20 mA range, one past each end refused', () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(CURRENT), context());
    expect(field('rule-aiLow').textContent).toContain('4000 to 20000');
    typeNumber(numberIn('rule-aiLow'), 3999);
    expect(drawn.value().aiLow).toBe(4000);
    expect(drawn.problems()).toEqual(['Out of range: 4000 to 20000']);
    typeNumber(numberIn('rule-aiLow'), 4000);
    typeNumber(numberIn('rule-aiHigh'), 20001);
    expect(drawn.value().aiHigh).toBe(20000);
    expect(drawn.problems()).toEqual(['Out of range: 4000 to 20000']);
    typeNumber(numberIn('rule-aiHigh'), 20000);
    expect(drawn.problems()).toEqual([]);
    expect(drawn.changes()).toBe(2);
  });

  it('bounds the AI values by the 0-10 V range', () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(CURRENT), context());
    fireEvent.click(screen.getByLabelText('0-10 V (full scale 10000)'));
    expect(drawn.value()).toMatchObject({ aiRange: '0-10V', aiLow: 0, aiHigh: 10000 });
    expect(validateRule('analogOutput', drawn.value())).toEqual([]);
    typeNumber(numberIn('rule-aiHigh'), 10001);
    expect(drawn.value().aiHigh).toBe(10000);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 10000']);
    typeNumber(numberIn('rule-aiHigh'), 10000);
    typeNumber(numberIn('rule-aiLow'), -1);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 10000']);
    typeNumber(numberIn('rule-aiLow'), 0);
    expect(drawn.problems()).toEqual([]);
  });

  it('keeps AI bounds the new range holds when the range changes', () => {
    const rule: AnalogOutputRule = { ...decode(CURRENT), aiLow: 5000, aiHigh: 9000 };
    const drawn = renderEditor(AnalogOutputEditor, rule, context());
    fireEvent.click(screen.getByLabelText('0-10 V (full scale 10000)'));
    expect(drawn.value()).toMatchObject({ aiRange: '0-10V', aiLow: 5000, aiHigh: 9000 });
  });

  it('reports AI low not below AI high', () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(CURRENT), context());
    typeNumber(numberIn('rule-aiLow'), 20000);
    expect(drawn.problems()).toEqual(['AI low must be below AI high']);
    expect(field('rule-aiHigh').textContent).toContain('AI low must be below AI high');
    typeNumber(numberIn('rule-aiLow'), 19999);
    expect(drawn.problems()).toEqual([]);
  });

  it('bounds the AO values by 16 bits and reports a falling range', () => {
    const drawn = renderEditor(
      AnalogOutputEditor,
      { ...decode(CURRENT), aoLow: 400, aoHigh: 2000 },
      context(),
    );
    typeNumber(numberIn('rule-aoHigh'), 65535);
    expect(drawn.value().aoHigh).toBe(65535);
    typeNumber(numberIn('rule-aoHigh'), 65536);
    expect(drawn.value().aoHigh).toBe(65535);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
    typeNumber(numberIn('rule-aoHigh'), 300);
    expect(drawn.problems()).toEqual(['AO low must not be above AO high']);
    typeNumber(numberIn('rule-aoHigh'), 400);
    expect(drawn.problems()).toEqual([]);
    expect(validateRule('analogOutput', drawn.value())).toEqual([]);
  });
});

describe('AnalogOutputEditor ranges and use', () => {
  it('shows the default AO range the device applies when both bounds are 0', () => {
    renderEditor(AnalogOutputEditor, decode(CURRENT), context());
    expect(checkboxIn('rule-aoDefault')).toHaveProperty('checked', true);
    expect(field('rule-aoDefault').textContent).toContain('The device applies 400-2000');
    expect(screen.queryByTestId('rule-aoLow')).toBeNull();
  });

  it('shows the scaled AI value and unit beside the raw one', () => {
    renderEditor(AnalogOutputEditor, { ...decode(CURRENT), aiLow: 12000 }, context());
    // Raw 4000-20000 reads 0-5 m on the sample's AI channels.
    expect(field('rule-aiLow').textContent).toContain('≈ 2.5 m');
    expect(field('rule-aiHigh').textContent).toContain('≈ 5 m');
  });

  it('writes a rule taken out of use as the empty slot', () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(CURRENT), context());
    fireEvent.click(switchIn('rule-inUse'));
    expect(bytesOf(drawn.value())).toBe(hex(EMPTY));
    expect(screen.queryByTestId('rule-aiLow')).toBeNull();
    expect(field('rule-inUse').textContent).toContain('not in use');
  });

  it('puts an empty slot in use with the full 4-20 mA span', async () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(EMPTY), context());
    expect(screen.queryByTestId('rule-aiLow')).toBeNull();
    fireEvent.click(switchIn('rule-inUse'));
    expect(drawn.value()).toMatchObject({ aiLow: 4000, aiHigh: 20000, aoLow: 0, aoHigh: 0 });
    await choose('rule-aoChannel', 'AO2');
    await choose('rule-condition', 'analog rule');
    typeNumber(numberIn('rule-condition'), 12);
    expect(validateRule('analogOutput', drawn.value())).toEqual([]);
    expect(bytesOf(drawn.value())).toBe('000FA04E2000000000610C00');
  });

  it('shows a stored AO channel the model lacks and reports it', () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(CURRENT), sampleContext({ ...COUNTS, ao: 1 }));
    expect(field('rule-aoChannel').textContent).toContain('AO2 (not on this model)');
    expect(drawn.problems()).toEqual(['AO2 (not on this model)']);
    expect(drawn.changes()).toBe(0);
  });
});

describe('AnalogOutputEditor context', () => {
  it('disables every input when read-only', () => {
    const drawn = renderEditor(AnalogOutputEditor, decode(CURRENT), context({ readOnly: true }));
    fireEvent.click(checkboxIn('rule-aoDefault'));
    expect(enabledControls(drawn.container)).toEqual([]);
    expect(drawn.changes()).toBe(0);
  });

  it('speaks zh', () => {
    renderEditor(AnalogOutputEditor, decode(CURRENT), context({ lang: 'zh' }));
    expect(screen.getByText('AI 下限（aiL）')).toBeTruthy();
    expect(screen.getByText('条件规则')).toBeTruthy();
    expect(screen.getByLabelText('4-20 mA（满量程 20000）')).toBeTruthy();
    expect(field('rule-aoDefault').textContent).toContain('设备使用 400-2000');
  });

  it('speaks tc', () => {
    renderEditor(AnalogOutputEditor, decode(CURRENT), context({ lang: 'tc' }));
    expect(screen.getByText('AO 通道')).toBeTruthy();
    expect(screen.getByText('條件規則')).toBeTruthy();
    expect(field('rule-condition').textContent).toContain('定時規則');
  });
});
