// @vitest-environment jsdom
// The logic rule editor (docs/protocol.md § Logic rule): round trips, bounds, types, read-only, languages.
import { decodeRule, encodeRule, toHex, validateRule } from '@fieldlink/protocol';
import type { LogicRule } from '@fieldlink/protocol';
import { cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { logicRuleArb } from '../../../../../protocol/src/test-support/arbitraries';
import { renderEditor, sampleContext } from '../test-support';
import LogicEditor from './LogicEditor';
import { choose, editorOfMany, enabledControls, numberIn, optionsOf, typeNumber } from './test-driving';

afterEach(cleanup);

const decode = (bytes: readonly number[]): LogicRule => {
  const rule = decodeRule('logic', Uint8Array.from(bytes));
  if (rule === null) throw new Error('short vector');
  return rule;
};
const bytesOf = (rule: LogicRule): string => toHex(encodeRule('logic', rule));

// The hand vectors of packages/protocol/src/rules/logic.test.ts.
const VECTORS: Record<string, readonly number[]> = {
  disabled: [0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
  'OR of time rule 3, switch rule 5 and the constant, hold 2 s': [0x01, 0x20, 0xd0, 0x50, 0x00, 0x42],
  'NAND, every index 127, the top rule types, the longest hold': [0x08, 0xbf, 0xdf, 0xf9, 0xfc, 0xff],
  'AND of OR with the smallest non-zero fields': [0x03, 0x20, 0x08, 0x15, 0xfc, 0x00],
  'logicType 9, rule types 6 and 7 (unknown, kept)': [0x09, 0xc0, 0x3c, 0x00, 0x04, 0x81],
  'logicType 255 (unknown), hold 6.3 s': [0xff, 0x00, 0x00, 0x00, 0x00, 0x3f],
};

const OR_RULE = VECTORS['OR of time rule 3, switch rule 5 and the constant, hold 2 s']!;

describe('LogicEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const rules = Object.values(VECTORS).map(decode);
    const drawn = renderEditor(editorOfMany(LogicEditor), rules);
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(Object.values(VECTORS).map((b) => toHex(Uint8Array.from(b))));
  });

  it('keeps the bytes when a field is changed and changed back', async () => {
    const drawn = renderEditor(LogicEditor, decode(OR_RULE));
    typeNumber(numberIn('rule-x2'), 6);
    expect(drawn.value().inputs[1]).toEqual({ ruleType: 2, rule: 6 });
    typeNumber(numberIn('rule-x2'), 5);
    await choose('rule-x3', 'time rule');
    expect(drawn.value().inputs[2]).toEqual({ ruleType: 1, rule: 0 });
    await choose('rule-x3', 'always');
    expect(bytesOf(drawn.value())).toBe(toHex(Uint8Array.from(OR_RULE)));
  });

  it('keeps the bytes of random rules', () => {
    fc.assert(
      fc.property(fc.array(logicRuleArb, { minLength: 12, maxLength: 12 }), (rules) => {
        const drawn = renderEditor(editorOfMany(LogicEditor), rules);
        const same = drawn.changes() === 0 && drawn.value().map(bytesOf).join() === rules.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 2 },
    );
  });
});

describe('LogicEditor fields', () => {
  it('shows every type with its formula and an unknown type as err with its code', async () => {
    renderEditor(LogicEditor, decode(VECTORS['logicType 9, rule types 6 and 7 (unknown, kept)']!));
    const type = screen.getByTestId('rule-logicType');
    expect(type.textContent).toContain('err (code 9)');
    expect(type.textContent).toContain('Unknown logic type');
    // The unknown input types stay shown as err too.
    expect(screen.getByTestId('rule-x1').textContent).toContain('err (code 6)');
    expect(screen.getByTestId('rule-x2').textContent).toContain('err (code 7)');
    expect(await optionsOf('rule-logicType')).toEqual([
      'disabled',
      'OR (X1|X2|X3)',
      'AND (X1&X2&X3)',
      'AND of OR (X1&(X2|X3))',
      'OR of AND (X1|(X2&X3))',
      'XOR of OR (X1^(X2|X3))',
      'XOR of AND (X1^(X2&X3))',
      'NOR (!(X1|X2|X3))',
      'NAND (!(X1&X2&X3))',
      'err (code 9)',
    ]);
  });

  it('takes rule indexes 0 and 127 and refuses one past either', () => {
    const drawn = renderEditor(LogicEditor, decode(OR_RULE));
    typeNumber(numberIn('rule-x1'), 127);
    expect(drawn.value().inputs[0]).toEqual({ ruleType: 1, rule: 127 });
    expect(drawn.problems()).toEqual([]);
    typeNumber(numberIn('rule-x1'), 128);
    expect(drawn.value().inputs[0]).toEqual({ ruleType: 1, rule: 127 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 127']);
    expect(screen.getByTestId('rule-x1').textContent).toContain('Out of range: 0 to 127');
    typeNumber(numberIn('rule-x1'), 0);
    expect(drawn.value().inputs[0]).toEqual({ ruleType: 1, rule: 0 });
    expect(drawn.problems()).toEqual([]);
    typeNumber(numberIn('rule-x1'), -1);
    expect(drawn.value().inputs[0]).toEqual({ ruleType: 1, rule: 0 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 127']);
  });

  it('stores the hold time as the nearest time byte', () => {
    const drawn = renderEditor(LogicEditor, decode(OR_RULE));
    typeNumber(numberIn('rule-holdTime'), 5);
    expect(drawn.value().holdTime).toEqual({ value: 50, unit: 0 });
    expect(validateRule('logic', drawn.value())).toEqual([]);
  });
});

describe('LogicEditor types', () => {
  it('carries the inputs and hold time from one formula to another', async () => {
    const drawn = renderEditor(LogicEditor, decode(OR_RULE));
    await choose('rule-logicType', 'AND (X1&X2&X3)');
    const before = decode(OR_RULE);
    expect(drawn.value()).toEqual({ ...before, logicType: 2 });
    expect(screen.getByTestId('rule-logicType').textContent).toContain('Formula: X1&X2&X3');
  });

  it('writes a disabled rule as the empty slot and hides its inputs', async () => {
    const drawn = renderEditor(LogicEditor, decode(OR_RULE));
    await choose('rule-logicType', 'disabled');
    expect(bytesOf(drawn.value())).toBe('000000000000');
    expect(screen.queryByTestId('rule-x1')).toBeNull();
    expect(screen.queryByTestId('rule-holdTime')).toBeNull();
  });

  it('leaves an unknown type for a formula that validates and encodes', async () => {
    const drawn = renderEditor(LogicEditor, decode(VECTORS['logicType 255 (unknown), hold 6.3 s']!));
    await choose('rule-logicType', 'OR of AND (X1|(X2&X3))');
    expect(drawn.value().logicType).toBe(4);
    expect(validateRule('logic', drawn.value())).toEqual([]);
    expect(bytesOf(drawn.value())).toBe('04000000003F');
  });
});

describe('LogicEditor context', () => {
  it('disables every input when read-only', () => {
    const drawn = renderEditor(LogicEditor, decode(OR_RULE), sampleContext(undefined, { readOnly: true }));
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    renderEditor(LogicEditor, decode(OR_RULE), sampleContext(undefined, { lang: 'zh' }));
    expect(screen.getByText('逻辑类型')).toBeTruthy();
    expect(screen.getByText('输入 X1')).toBeTruthy();
    expect(screen.getByTestId('rule-logicType').textContent).toContain('或（X1|X2|X3）');
    expect(screen.getByTestId('rule-x1').textContent).toContain('定时规则');
  });

  it('speaks tc', () => {
    renderEditor(LogicEditor, decode(OR_RULE), sampleContext(undefined, { lang: 'tc' }));
    expect(screen.getByText('邏輯類型')).toBeTruthy();
    expect(screen.getByText('保持時間')).toBeTruthy();
    expect(screen.getByTestId('rule-x2').textContent).toContain('開關量規則');
  });
});
