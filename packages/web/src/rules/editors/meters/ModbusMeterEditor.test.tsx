// @vitest-environment jsdom
// The Modbus list entry editor (docs/protocol.md § Modbus meter entry, § Poll delay): round trips,
// bounds, kinds and function codes, in use or not, read-only, languages.
import { decodeRule, encodeRule, toHex, validateRule } from '@fieldlink/protocol';
import type { ModbusMeterEntry } from '@fieldlink/protocol';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { modbusMeterArb } from '../../../../../protocol/src/test-support/arbitraries';
import {
  choose,
  editorOfMany,
  enabledControls,
  field,
  numberIn,
  optionsOf,
  switchIn,
  typeNumber,
} from '../logic/test-driving';
import { renderEditor, sampleContext } from '../test-support';
import ModbusMeterEditor from './ModbusMeterEditor';

afterEach(cleanup);

const decode = (bytes: readonly number[]): ModbusMeterEntry => {
  const entry = decodeRule('modbusMeter', Uint8Array.from(bytes));
  if (entry === null) throw new Error('short vector');
  return entry;
};
const bytesOf = (entry: ModbusMeterEntry): string => toHex(encodeRule('modbusMeter', entry));
const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));

// The hand vectors of packages/protocol/src/rules/modbus-meter.test.ts.
const DISABLED = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
// Slave 1, 10 holding registers from 0 as float into 100 every 1 s.
const HOLDING = [0x01, 0x03, 0x42, 0x0a, 0x00, 0x00, 0x00, 0x64];
const VECTORS: readonly (readonly number[])[] = [
  DISABLED,
  HOLDING,
  // The last valid value of every field.
  [0xf9, 0x08, 0x5d, 0xff, 0xff, 0xff, 0xff, 0xff],
  // One past: slave 250, regType 9, valueType 6, pollDelay 14.
  [0xfa, 0x09, 0x6e, 0x00, 0x00, 0x01, 0x00, 0x02],
  // Write holding register, nibbles at 15, slave 255.
  [0xff, 0x05, 0xff, 0x01, 0x9c, 0x41, 0x03, 0xe8],
  // Input registers as long every minute.
  [0x11, 0x04, 0x27, 0x02, 0x01, 0x00, 0x02, 0x00],
];

describe('ModbusMeterEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const drawn = renderEditor(editorOfMany(ModbusMeterEditor), VECTORS.map(decode));
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(VECTORS.map(hex));
  });

  it('keeps the bytes when fields are changed and changed back', async () => {
    const drawn = renderEditor(ModbusMeterEditor, decode(HOLDING));
    typeNumber(numberIn('rule-count'), 20);
    expect(drawn.value().count).toBe(20);
    typeNumber(numberIn('rule-count'), 10);
    await choose('rule-valueType', 'long inverse');
    expect(drawn.value().valueType).toBe(3);
    await choose('rule-valueType', 'float');
    expect(bytesOf(drawn.value())).toBe(hex(HOLDING));
  });

  it('keeps the bytes of random entries', () => {
    fc.assert(
      fc.property(fc.array(modbusMeterArb, { minLength: 10, maxLength: 10 }), (entries) => {
        const drawn = renderEditor(editorOfMany(ModbusMeterEditor), entries);
        const same =
          drawn.changes() === 0 && drawn.value().map(bytesOf).join() === entries.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 2 },
    );
  });
});

describe('ModbusMeterEditor bounds', () => {
  it('takes slave addresses 0-249 and refuses one past either end', () => {
    const drawn = renderEditor(ModbusMeterEditor, decode(HOLDING));
    expect(field('rule-slave').textContent).toContain('0 to 249');
    typeNumber(numberIn('rule-slave'), 249);
    expect(drawn.value().slave).toBe(249);
    typeNumber(numberIn('rule-slave'), 250);
    expect(drawn.value().slave).toBe(249);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 249']);
    typeNumber(numberIn('rule-slave'), -1);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 249']);
    typeNumber(numberIn('rule-slave'), 0);
    expect(drawn.value().slave).toBe(0);
    expect(drawn.problems()).toEqual([]);
  });

  it('takes register counts 0-255 and refuses 256', () => {
    const drawn = renderEditor(ModbusMeterEditor, decode(HOLDING));
    typeNumber(numberIn('rule-count'), 255);
    expect(drawn.value().count).toBe(255);
    typeNumber(numberIn('rule-count'), 256);
    expect(drawn.value().count).toBe(255);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    typeNumber(numberIn('rule-count'), 0);
    expect(drawn.value().count).toBe(0);
    expect(drawn.problems()).toEqual([]);
  });

  it('takes 16-bit start registers and refuses 65536', () => {
    const drawn = renderEditor(ModbusMeterEditor, decode(HOLDING));
    typeNumber(numberIn('rule-slaveStart'), 65535);
    typeNumber(numberIn('rule-masterStart'), 65536);
    expect(drawn.value()).toMatchObject({ slaveStart: 65535, masterStart: 100 });
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
    typeNumber(numberIn('rule-masterStart'), 0);
    expect(drawn.problems()).toEqual([]);
    expect(validateRule('modbusMeter', drawn.value())).toEqual([]);
  });
});

describe('ModbusMeterEditor kinds and use', () => {
  it('shows the function code and direction of the kind', async () => {
    const drawn = renderEditor(ModbusMeterEditor, decode(HOLDING));
    expect(field('rule-functionCode').textContent).toBe('Function codeFC03 · slave → master');
    await choose('rule-regType', 'write multiple holding registers (FC16)');
    expect(drawn.value().regType).toBe(7);
    expect(field('rule-functionCode').textContent).toContain('FC16 · master → slave');
  });

  it('offers the eight kinds, the six value types and the fourteen delays', async () => {
    renderEditor(ModbusMeterEditor, decode(HOLDING));
    const kinds = await optionsOf('rule-regType');
    expect(kinds).toHaveLength(8);
    expect(kinds[0]).toBe('read coils (DO) (FC01)');
    expect(kinds[7]).toBe('write multiple coils (DO) (FC15)');
    expect(await optionsOf('rule-valueType')).toEqual([
      'uint16',
      'sint16',
      'long',
      'long inverse',
      'float',
      'float inverse',
    ]);
    const delays = await optionsOf('rule-pollDelay');
    expect(delays).toHaveLength(14);
    expect(delays.slice(0, 3)).toEqual(['default', '0.5 s', '1 s']);
  });

  it('shows unknown kinds, value types and delays as err and keeps them until another is chosen', async () => {
    const drawn = renderEditor(ModbusMeterEditor, decode([0x01, 0x09, 0x6e, 0x01, 0, 0, 0, 0]));
    expect(field('rule-regType').textContent).toContain('err (code 9)');
    expect(field('rule-regType').textContent).toContain('Unknown register kind');
    expect(field('rule-valueType').textContent).toContain('err (code 6)');
    expect(field('rule-pollDelay').textContent).toContain('err (code 14)');
    expect(drawn.changes()).toBe(0);
    await choose('rule-regType', 'read input (read-only) registers (FC04)');
    await choose('rule-valueType', 'sint16');
    await choose('rule-pollDelay', '1 min');
    expect(validateRule('modbusMeter', drawn.value())).toEqual([]);
    expect(bytesOf(drawn.value())).toBe('0104170100000000');
  });

  it('writes an entry taken out of use as the empty slot', () => {
    const drawn = renderEditor(ModbusMeterEditor, decode(HOLDING));
    fireEvent.click(switchIn('rule-mode'));
    expect(bytesOf(drawn.value())).toBe(hex(DISABLED));
    expect(screen.queryByTestId('rule-slave')).toBeNull();
    expect(field('rule-mode').textContent).toContain('the gateway skips this entry');
  });

  it('puts an empty slot in use as a read of one holding register of slave 1', () => {
    const drawn = renderEditor(ModbusMeterEditor, decode(DISABLED));
    fireEvent.click(switchIn('rule-mode'));
    expect(validateRule('modbusMeter', drawn.value())).toEqual([]);
    expect(bytesOf(drawn.value())).toBe('0103000100000000');
  });

  it('shows the entry number when the page gives it', () => {
    renderEditor((props) => <ModbusMeterEditor {...props} index={13} />, decode(HOLDING));
    expect(field('rule-index').textContent).toContain('13');
  });
});

describe('ModbusMeterEditor context', () => {
  it('disables every input when read-only', () => {
    const drawn = renderEditor(
      ModbusMeterEditor,
      decode(HOLDING),
      sampleContext(undefined, { readOnly: true }),
    );
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    renderEditor(ModbusMeterEditor, decode(HOLDING), sampleContext(undefined, { lang: 'zh' }));
    expect(screen.getByText('从机地址')).toBeTruthy();
    expect(screen.getByText('寄存器数量')).toBeTruthy();
    expect(field('rule-regType').textContent).toContain('读保持寄存器（FC03）');
    expect(field('rule-functionCode').textContent).toContain('FC03 · 从机 → 主机');
    expect(field('rule-valueType').textContent).toContain('浮点数');
  });

  it('speaks tc', () => {
    renderEditor(ModbusMeterEditor, decode(HOLDING), sampleContext(undefined, { lang: 'tc' }));
    expect(screen.getByText('從機地址')).toBeTruthy();
    expect(screen.getByText('輪詢間隔')).toBeTruthy();
    expect(field('rule-valueType').textContent).toContain('每個值佔 2 個寄存器');
  });
});
