// @vitest-environment jsdom
// The DL645 list entry editor (docs/protocol.md § DL645 meter entry): round trips, the meter
// address and data identifier as typed, bounds, modes, read-only, languages.
import { decodeRule, encodeRule, toHex, validateRule } from '@fieldlink/protocol';
import type { Dl645MeterEntry } from '@fieldlink/protocol';
import { cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { dl645MeterArb } from '../../../../../protocol/src/test-support/arbitraries';
import {
  choose,
  editorOfMany,
  enabledControls,
  field,
  numberIn,
  optionsOf,
  textIn,
  typeNumber,
  typeText,
} from '../logic/test-driving';
import { renderEditor, sampleContext } from '../test-support';
import Dl645MeterEditor from './Dl645MeterEditor';

afterEach(cleanup);

const decode = (bytes: readonly number[]): Dl645MeterEntry => {
  const entry = decodeRule('dl645Meter', Uint8Array.from(bytes));
  if (entry === null) throw new Error('short vector');
  return entry;
};
const bytesOf = (entry: Dl645MeterEntry): string => toHex(encodeRule('dl645Meter', entry));
const hex = (bytes: readonly number[]): string => toHex(Uint8Array.from(bytes));

// The hand vectors of packages/protocol/src/rules/dl645-meter.test.ts.
const DISABLED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
// 2007 meter 000012345678, forward active energy total 00-01-00-00 into 100, every minute.
const ENERGY = [0x01, 0x00, 0x00, 0x12, 0x34, 0x56, 0x78, 0x00, 0x01, 0x00, 0x00, 0x00, 0x64, 0x07];
// 1997 meter at the wildcard address, identifier 90-10 into 65535, every day.
const WILDCARD_1997 = [0x02, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0x00, 0x00, 0x90, 0x10, 0xff, 0xff, 0x0d];
// Mode 255, a non-BCD address, delay 255.
const UNKNOWN = [0xff, 0xab, 0xcd, 0xef, 0x01, 0x23, 0x45, 0x02, 0x01, 0x01, 0x00, 0x12, 0x34, 0xff];
const VECTORS: readonly (readonly number[])[] = [
  DISABLED,
  ENERGY,
  WILDCARD_1997,
  // One past: mode 3, pollDelay 14, the largest identifier.
  [0x03, 0x99, 0x99, 0x99, 0x99, 0x99, 0x99, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x0e],
  UNKNOWN,
];

describe('Dl645MeterEditor round trip', () => {
  it('keeps the bytes of every hand vector when nothing changes', () => {
    const drawn = renderEditor(editorOfMany(Dl645MeterEditor), VECTORS.map(decode));
    expect(drawn.changes()).toBe(0);
    expect(drawn.value().map(bytesOf)).toEqual(VECTORS.map(hex));
  });

  it('keeps the bytes when fields are changed and changed back', async () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(ENERGY));
    typeText(textIn('rule-address'), '000012345679');
    expect(drawn.value().address).toBe('000012345679');
    typeText(textIn('rule-address'), '12345678');
    typeText(textIn('rule-dataId'), '02-01-01-00');
    expect(drawn.value().dataId).toBe(0x02010100);
    typeText(textIn('rule-dataId'), '00010000');
    await choose('rule-pollDelay', '1 s');
    await choose('rule-pollDelay', '1 min');
    expect(bytesOf(drawn.value())).toBe(hex(ENERGY));
  });

  it('keeps the bytes of random entries', () => {
    fc.assert(
      fc.property(fc.array(dl645MeterArb, { minLength: 10, maxLength: 10 }), (entries) => {
        const drawn = renderEditor(editorOfMany(Dl645MeterEditor), entries);
        const same =
          drawn.changes() === 0 && drawn.value().map(bytesOf).join() === entries.map(bytesOf).join();
        drawn.unmount();
        return same;
      }),
      { numRuns: 2 },
    );
  });
});

describe('Dl645MeterEditor address', () => {
  it('takes the address as printed: leading zeros left out, spaces, lower case', () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(ENERGY));
    typeText(textIn('rule-address'), '87654321');
    expect(drawn.value().address).toBe('000087654321');
    expect(field('rule-address').textContent).toContain('Stored as 000087654321');
    typeText(textIn('rule-address'), '11 22 33 44 55 66');
    expect(drawn.value().address).toBe('112233445566');
    typeText(textIn('rule-address'), 'aaaaaa123456');
    expect(drawn.value().address).toBe('AAAAAA123456');
    expect(drawn.problems()).toEqual([]);
  });

  it('refuses a 13th digit, a byte that is not two decimal digits or AA, and an empty address', () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(ENERGY));
    typeText(textIn('rule-address'), '1234567890123');
    expect(drawn.problems()).toEqual(['At most 12 digits, each byte two digits or AA']);
    typeText(textIn('rule-address'), '1234567890AB');
    expect(drawn.problems()).toEqual(['Each byte must be two digits 0-9 or AA']);
    expect(field('rule-address').textContent).toContain('Each byte must be two digits 0-9 or AA');
    typeText(textIn('rule-address'), '12345G');
    expect(drawn.problems()).toEqual(['At most 12 digits, each byte two digits or AA']);
    typeText(textIn('rule-address'), '');
    expect(drawn.problems()).toEqual(['Fill in relevant content']);
    expect(drawn.changes()).toBe(0);
    typeText(textIn('rule-address'), '999999999999');
    expect(drawn.value().address).toBe('999999999999');
    expect(drawn.problems()).toEqual([]);
  });

  it('shows a stored address that is not BCD as it is and reports it', () => {
    const drawn = renderEditor(Dl645MeterEditor, { ...decode(ENERGY), address: 'ABCDEF012345' });
    expect(textIn('rule-address').value).toBe('ABCDEF012345');
    expect(drawn.problems()).toEqual(['Each byte must be two digits 0-9 or AA']);
    expect(drawn.changes()).toBe(0);
  });
});

describe('Dl645MeterEditor data identifier and bounds', () => {
  it('takes 8 hex digits in DL/T 645-2007 and refuses a 9th', () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(ENERGY));
    expect(textIn('rule-dataId').value).toBe('00-01-00-00');
    typeText(textIn('rule-dataId'), 'ff-ff-ff-ff');
    expect(drawn.value().dataId).toBe(0xffffffff);
    typeText(textIn('rule-dataId'), '1FFFFFFFF');
    expect(drawn.value().dataId).toBe(0xffffffff);
    expect(drawn.problems()).toEqual(['Enter 8 hex digits (0-9, A-F)']);
    typeText(textIn('rule-dataId'), '0001000G');
    expect(drawn.problems()).toEqual(['Enter 8 hex digits (0-9, A-F)']);
    typeText(textIn('rule-dataId'), '00 00 00 00');
    expect(drawn.value().dataId).toBe(0);
    expect(drawn.problems()).toEqual([]);
  });

  it('takes 4 hex digits in DL/T 645-1997', () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(WILDCARD_1997));
    expect(textIn('rule-dataId').value).toBe('90-10');
    typeText(textIn('rule-dataId'), 'B611');
    expect(drawn.value().dataId).toBe(0xb611);
    typeText(textIn('rule-dataId'), '00-01-00-00');
    expect(drawn.problems()).toEqual(['Enter 4 hex digits (0-9, A-F)']);
    expect(drawn.value().dataId).toBe(0xb611);
  });

  it('takes master start 0-65535 and refuses 65536', () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(ENERGY));
    typeNumber(numberIn('rule-masterStart'), 65535);
    expect(drawn.value().masterStart).toBe(65535);
    typeNumber(numberIn('rule-masterStart'), 65536);
    expect(drawn.value().masterStart).toBe(65535);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 65535']);
  });
});

describe('Dl645MeterEditor modes', () => {
  it('offers the three modes and the fourteen delays', async () => {
    renderEditor(Dl645MeterEditor, decode(ENERGY));
    expect(await optionsOf('rule-mode')).toEqual(['disabled', 'DL/T 645-2007', 'DL/T 645-1997']);
    expect(await optionsOf('rule-pollDelay')).toHaveLength(14);
  });

  it('drops a 4-byte identifier for DL/T 645-1997 and widens a 2-byte one back', async () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(ENERGY));
    await choose('rule-mode', 'DL/T 645-1997');
    expect(drawn.value()).toMatchObject({ mode: 2, dataId: 0, address: '000012345678' });
    expect(textIn('rule-dataId').value).toBe('00-00');
    typeText(textIn('rule-dataId'), '9010');
    await choose('rule-mode', 'DL/T 645-2007');
    expect(drawn.value()).toMatchObject({ mode: 1, dataId: 0x9010 });
    expect(textIn('rule-dataId').value).toBe('00-00-90-10');
    expect(validateRule('dl645Meter', drawn.value())).toEqual([]);
  });

  it('writes a disabled entry as the empty slot', async () => {
    const drawn = renderEditor(Dl645MeterEditor, decode(ENERGY));
    await choose('rule-mode', 'disabled');
    expect(bytesOf(drawn.value())).toBe(hex(DISABLED));
    expect(screen.queryByTestId('rule-address')).toBeNull();
  });

  it('shows an unknown mode and delay as err and keeps them until another is chosen', async () => {
    const drawn = renderEditor(Dl645MeterEditor, { ...decode(UNKNOWN), address: '000000000001' });
    expect(field('rule-mode').textContent).toContain('err (code 255)');
    expect(field('rule-pollDelay').textContent).toContain('err (code 255)');
    expect(drawn.changes()).toBe(0);
    await choose('rule-mode', 'DL/T 645-2007');
    await choose('rule-pollDelay', 'default');
    expect(validateRule('dl645Meter', drawn.value())).toEqual([]);
    expect(bytesOf(drawn.value())).toBe('0100000000000102010100123400');
  });
});

describe('Dl645MeterEditor context', () => {
  it('disables every input when read-only', () => {
    const drawn = renderEditor(
      Dl645MeterEditor,
      decode(ENERGY),
      sampleContext(undefined, { readOnly: true }),
    );
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh', () => {
    renderEditor(Dl645MeterEditor, decode(ENERGY), sampleContext(undefined, { lang: 'zh' }));
    expect(screen.getByText('电表地址')).toBeTruthy();
    expect(screen.getByText('数据标识（DI3-DI0）')).toBeTruthy();
    expect(field('rule-pollDelay').textContent).toContain('1分钟');
  });

  it('speaks tc', () => {
    renderEditor(Dl645MeterEditor, decode(ENERGY), sampleContext(undefined, { lang: 'tc' }));
    expect(screen.getByText('電錶地址')).toBeTruthy();
    expect(screen.getByText('主機起始寄存器（m_start）')).toBeTruthy();
  });
});
