// Checks docs/protocol.md § DL645 meter entry (14 bytes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../bytes.js';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { dl645MeterCodec, formatDataId, isValidDl645Address } from './dl645-meter.js';
import type { Dl645MeterEntry } from './dl645-meter.js';

const disabled: Dl645MeterEntry = {
  mode: 0,
  address: '000000000000',
  dataId: 0,
  masterStart: 0,
  pollDelay: 0,
};

const energy: Dl645MeterEntry = {
  mode: 1,
  address: '000012345678',
  dataId: 0x00010000,
  masterStart: 100,
  pollDelay: 7,
};

const wildcard1997: Dl645MeterEntry = {
  mode: 2,
  address: 'AAAAAAAAAAAA',
  dataId: 0x9010,
  masterStart: 0xffff,
  pollDelay: 13,
};

describe('dl645Meter vectors', () => {
  testVector(dl645MeterCodec, 'all zero: disabled', disabled, [
    0x00, // byte 0: mode=0 (disabled)
    0x00, // byte 1: address digits 1-2
    0x00, // byte 2: address digits 3-4
    0x00, // byte 3: address digits 5-6
    0x00, // byte 4: address digits 7-8
    0x00, // byte 5: address digits 9-10
    0x00, // byte 6: address digits 11-12
    0x00, // byte 7: dataId DI3
    0x00, // byte 8: dataId DI2
    0x00, // byte 9: dataId DI1
    0x00, // byte 10: dataId DI0
    0x00, // byte 11: masterStart high byte
    0x00, // byte 12: masterStart low byte (0)
    0x00, // byte 13: pollDelay=0 (default)
  ]);

  testVector(dl645MeterCodec, '2007 meter, forward active energy total, every minute', energy, [
    0x01, // byte 0: mode=1 (DL/T 645-2007)
    0x00, // byte 1: address '00'
    0x00, // byte 2: address '00'
    0x12, // byte 3: address '12'
    0x34, // byte 4: address '34'
    0x56, // byte 5: address '56'
    0x78, // byte 6: address '78'
    0x00, // byte 7: dataId DI3=00
    0x01, // byte 8: dataId DI2=01
    0x00, // byte 9: dataId DI1=00
    0x00, // byte 10: dataId DI0=00 (00-01-00-00)
    0x00, // byte 11: masterStart high byte
    0x64, // byte 12: masterStart low byte (100)
    0x07, // byte 13: pollDelay=7 (1 min)
  ]);

  testVector(dl645MeterCodec, '1997 meter at the wildcard address, last poll delay', wildcard1997, [
    0x02, // byte 0: mode=2 (DL/T 645-1997, last valid)
    0xaa, // byte 1: address 'AA' wildcard
    0xaa, // byte 2: address 'AA'
    0xaa, // byte 3: address 'AA'
    0xaa, // byte 4: address 'AA'
    0xaa, // byte 5: address 'AA'
    0xaa, // byte 6: address 'AA'
    0x00, // byte 7: dataId 0 for a 1997 identifier
    0x00, // byte 8: dataId 0 for a 1997 identifier
    0x90, // byte 9: dataId DI1=90
    0x10, // byte 10: dataId DI0=10 (90-10)
    0xff, // byte 11: masterStart high byte
    0xff, // byte 12: masterStart low byte (65535)
    0x0d, // byte 13: pollDelay=13 (1 day, last valid)
  ]);

  testVector(
    dl645MeterCodec,
    'one past: mode 3, pollDelay 14, the largest identifier',
    { mode: 3, address: '999999999999', dataId: 0xffffffff, masterStart: 0, pollDelay: 14 },
    [
      0x03, // byte 0: mode=3 (unknown)
      0x99, // byte 1: address '99'
      0x99, // byte 2: address '99'
      0x99, // byte 3: address '99'
      0x99, // byte 4: address '99'
      0x99, // byte 5: address '99'
      0x99, // byte 6: address '99'
      0xff, // byte 7: dataId DI3=FF
      0xff, // byte 8: dataId DI2=FF
      0xff, // byte 9: dataId DI1=FF
      0xff, // byte 10: dataId DI0=FF
      0x00, // byte 11: masterStart high byte
      0x00, // byte 12: masterStart low byte (0)
      0x0e, // byte 13: pollDelay=14 (unknown)
    ],
  );

  testVector(
    dl645MeterCodec,
    'mode 255 and a non-BCD address keep their bytes',
    { mode: 255, address: 'ABCDEF012345', dataId: 0x02010100, masterStart: 0x1234, pollDelay: 255 },
    [
      0xff, // byte 0: mode=255 (unknown)
      0xab, // byte 1: address 'AB' (not BCD)
      0xcd, // byte 2: address 'CD'
      0xef, // byte 3: address 'EF'
      0x01, // byte 4: address '01'
      0x23, // byte 5: address '23'
      0x45, // byte 6: address '45'
      0x02, // byte 7: dataId DI3=02
      0x01, // byte 8: dataId DI2=01
      0x01, // byte 9: dataId DI1=01
      0x00, // byte 10: dataId DI0=00 (02-01-01-00, phase A voltage)
      0x12, // byte 11: masterStart high byte
      0x34, // byte 12: masterStart low byte (0x1234)
      0xff, // byte 13: pollDelay=255 (unknown)
    ],
  );

  const addressBytes = (address: string, bytes: readonly number[]) =>
    testEncodes(dl645MeterCodec, `address '${address}'`, { ...energy, address }, [
      0x01, // byte 0: mode=1
      ...bytes, // bytes 1-6: address
      0x00, // byte 7: dataId DI3
      0x01, // byte 8: dataId DI2
      0x00, // byte 9: dataId DI1
      0x00, // byte 10: dataId DI0
      0x00, // byte 11: masterStart high byte
      0x64, // byte 12: masterStart low byte (100)
      0x07, // byte 13: pollDelay=7
    ]);
  addressBytes('12345678', [0x00, 0x00, 0x12, 0x34, 0x56, 0x78]); // leading zeros left out
  addressBytes('00 00 12 34 56 78', [0x00, 0x00, 0x12, 0x34, 0x56, 0x78]); // spaces ignored
  addressBytes('aaaaaaaaaaaa', [0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa]); // lower case
  addressBytes('1234567890123', [0, 0, 0, 0, 0, 0]); // 13 digits: too long
  addressBytes('12345G', [0, 0, 0, 0, 0, 0]); // not hex
  addressBytes('', [0, 0, 0, 0, 0, 0]);
});

testProperties(dl645MeterCodec, {
  rule: fc.record({
    mode: fc.integer({ min: 0, max: 255 }),
    address: fc.uint8Array({ minLength: 6, maxLength: 6 }).map((b) => toHex(b)),
    dataId: fc.integer({ min: 0, max: 0xffffffff }),
    masterStart: fc.integer({ min: 0, max: 0xffff }),
    pollDelay: fc.integer({ min: 0, max: 255 }),
  }),
  buffer: bufferOf(14),
});

describe('dl645Meter describe', () => {
  it('names the meter, the edition, the identifier and the delay in every language', () => {
    expect(dl645MeterCodec.describe(energy, 'en')).toBe(
      'meter 000012345678 (DL/T 645-2007); data 00-01-00-00 to master address 100; poll every 1 min',
    );
    expect(dl645MeterCodec.describe(energy, 'zh')).toBe(
      '电表000012345678（DL/T 645-2007）；数据标识00-01-00-00 → 主机地址100；轮询间隔1分钟',
    );
    expect(dl645MeterCodec.describe(energy, 'tc')).toBe(
      '電錶000012345678（DL/T 645-2007）；數據標識00-01-00-00 → 主機地址100；輪詢間隔1分鐘',
    );
  });

  it('shows a 1997 identifier in two bytes', () => {
    expect(dl645MeterCodec.describe(wildcard1997, 'en')).toBe(
      'meter AAAAAAAAAAAA (DL/T 645-1997); data 90-10 to master address 65535; poll every 24 h',
    );
    expect(dl645MeterCodec.describe({ ...wildcard1997, dataId: 0x10000 }, 'en')).toContain(
      'data 00-01-00-00',
    );
  });

  it('says disabled, and err for an unknown mode or delay', () => {
    expect(dl645MeterCodec.describe(disabled, 'en')).toBe('disabled');
    expect(dl645MeterCodec.describe(disabled, 'tc')).toBe('禁用');
    expect(dl645MeterCodec.describe({ ...energy, mode: 3 }, 'en')).toBe('err');
    expect(dl645MeterCodec.describe({ ...energy, pollDelay: 14 }, 'en')).toContain('poll every err');
  });
});

describe('dl645Meter validate', () => {
  it('accepts the bounds', () => {
    expect(dl645MeterCodec.validate(disabled)).toEqual([]);
    expect(dl645MeterCodec.validate(energy)).toEqual([]);
    expect(dl645MeterCodec.validate(wildcard1997)).toEqual([]);
    expect(dl645MeterCodec.validate({ ...energy, dataId: 0xffffffff })).toEqual([]);
    expect(dl645MeterCodec.validate({ ...wildcard1997, dataId: 0xffff })).toEqual([]);
    expect(dl645MeterCodec.validate({ ...energy, address: 'aa0012345678' })).toEqual([]);
  });

  it('rejects one past each bound', () => {
    const v = (e: Partial<Dl645MeterEntry>) => dl645MeterCodec.validate({ ...energy, ...e });
    const address = 'address: 12 BCD digits, AA bytes as wildcards';
    expect(v({ mode: 3 })).toEqual(['mode: 0-2']);
    expect(v({ pollDelay: 14 })).toEqual(['pollDelay: 0-13']);
    expect(v({ mode: 2, dataId: 0x10000 })).toEqual(['dataId: 0-0xFFFF for DL/T 645-1997']);
    expect(v({ dataId: 0x100000000 })).toEqual(['dataId: 0-0xFFFFFFFF']);
    expect(v({ masterStart: 65536 })).toEqual(['masterStart: 0-65535']);
    expect(v({ address: '00001234567A' })).toEqual([address]);
    expect(v({ address: 'A00012345678' })).toEqual([address]);
    expect(v({ address: '12345678' })).toEqual([address]);
    expect(v({ address: '0000123456789' })).toEqual([address]);
  });

  it('isValidDl645Address takes BCD digit pairs and whole AA bytes only', () => {
    expect(isValidDl645Address('000012345678')).toBe(true);
    expect(isValidDl645Address('AAAAAA123456')).toBe(true);
    expect(isValidDl645Address('AB0012345678')).toBe(false);
    expect(isValidDl645Address('9A0012345678')).toBe(false);
    expect(isValidDl645Address('00001234567')).toBe(false);
  });
});

describe('formatDataId', () => {
  it.each([
    [0x00010000, 4, '00-01-00-00'],
    [0, 4, '00-00-00-00'],
    [0xffffffff, 4, 'FF-FF-FF-FF'],
    [0x02010100, 4, '02-01-01-00'],
    [0x9010, 2, '90-10'],
    [0xb611, 2, 'B6-11'],
  ] as const)('%s in %s bytes → %s', (n, bytes, text) => {
    expect(formatDataId(n, bytes)).toBe(text);
  });

  it('defaults to four bytes', () => {
    expect(formatDataId(0x00010000)).toBe('00-01-00-00');
  });
});
