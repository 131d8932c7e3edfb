// Checks docs/protocol.md § Modbus meter entry (8 bytes) and § Poll delay.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import {
  decodeMeterValue,
  formatPollDelay,
  functionCodeOf,
  MODBUS_REGISTER_KINDS,
  MODBUS_VALUE_TYPES,
  modbusMeterCodec,
  POLL_DELAYS,
} from './modbus-meter.js';
import type { ModbusMeterEntry } from './modbus-meter.js';

const disabled: ModbusMeterEntry = {
  slave: 0,
  regType: 0,
  valueType: 0,
  pollDelay: 0,
  count: 0,
  slaveStart: 0,
  masterStart: 0,
};

const holding: ModbusMeterEntry = {
  slave: 1,
  regType: 3,
  valueType: 4,
  pollDelay: 2,
  count: 10,
  slaveStart: 0,
  masterStart: 100,
};

const lastValid: ModbusMeterEntry = {
  slave: 249,
  regType: 8,
  valueType: 5,
  pollDelay: 13,
  count: 255,
  slaveStart: 0xffff,
  masterStart: 0xffff,
};

describe('modbusMeter vectors', () => {
  testVector(modbusMeterCodec, 'all zero: disabled', disabled, [
    0x00, // byte 0: slave=0
    0x00, // byte 1: regType=0 (disabled)
    0x00, // byte 2: valueType=0 (uint16) bits 7-4, pollDelay=0 (default) bits 3-0
    0x00, // byte 3: count=0
    0x00, // byte 4: slaveStart high byte
    0x00, // byte 5: slaveStart low byte (0)
    0x00, // byte 6: masterStart high byte
    0x00, // byte 7: masterStart low byte (0)
  ]);

  testVector(modbusMeterCodec, 'slave 1, 10 holding registers as float every 1 s', holding, [
    0x01, // byte 0: slave=1
    0x03, // byte 1: regType=3 (read holding, FC03)
    0x42, // byte 2: valueType=4 (float) 0100, pollDelay=2 (1 s) 0010
    0x0a, // byte 3: count=10
    0x00, // byte 4: slaveStart high byte
    0x00, // byte 5: slaveStart low byte (0)
    0x00, // byte 6: masterStart high byte
    0x64, // byte 7: masterStart low byte (100)
  ]);

  testVector(modbusMeterCodec, 'last valid value of every field', lastValid, [
    0xf9, // byte 0: slave=249
    0x08, // byte 1: regType=8 (write multiple DO, FC15)
    0x5d, // byte 2: valueType=5 (float inverse) 0101, pollDelay=13 (1 day) 1101
    0xff, // byte 3: count=255
    0xff, // byte 4: slaveStart high byte
    0xff, // byte 5: slaveStart low byte (65535)
    0xff, // byte 6: masterStart high byte
    0xff, // byte 7: masterStart low byte (65535)
  ]);

  testVector(
    modbusMeterCodec,
    'one past: slave 250, regType 9, valueType 6, pollDelay 14',
    { slave: 250, regType: 9, valueType: 6, pollDelay: 14, count: 0, slaveStart: 1, masterStart: 2 },
    [
      0xfa, // byte 0: slave=250 (fails validate)
      0x09, // byte 1: regType=9 (unknown)
      0x6e, // byte 2: valueType=6 (unknown) 0110, pollDelay=14 (unknown) 1110
      0x00, // byte 3: count=0
      0x00, // byte 4: slaveStart high byte
      0x01, // byte 5: slaveStart low byte (1)
      0x00, // byte 6: masterStart high byte
      0x02, // byte 7: masterStart low byte (2)
    ],
  );

  testVector(
    modbusMeterCodec,
    'write holding register, nibbles at 15',
    { slave: 255, regType: 5, valueType: 15, pollDelay: 15, count: 1, slaveStart: 40001, masterStart: 1000 },
    [
      0xff, // byte 0: slave=255
      0x05, // byte 1: regType=5 (write holding, FC06)
      0xff, // byte 2: valueType=15 1111, pollDelay=15 1111
      0x01, // byte 3: count=1
      0x9c, // byte 4: slaveStart high byte
      0x41, // byte 5: slaveStart low byte (0x9C41 = 40001)
      0x03, // byte 6: masterStart high byte
      0xe8, // byte 7: masterStart low byte (0x03E8 = 1000)
    ],
  );

  testVector(
    modbusMeterCodec,
    'input registers as long every minute',
    { slave: 17, regType: 4, valueType: 2, pollDelay: 7, count: 2, slaveStart: 0x0100, masterStart: 0x0200 },
    [
      0x11, // byte 0: slave=17
      0x04, // byte 1: regType=4 (read input, FC04)
      0x27, // byte 2: valueType=2 (long) 0010, pollDelay=7 (1 min) 0111
      0x02, // byte 3: count=2
      0x01, // byte 4: slaveStart high byte
      0x00, // byte 5: slaveStart low byte (256)
      0x02, // byte 6: masterStart high byte
      0x00, // byte 7: masterStart low byte (512)
    ],
  );

  const countByte = (count: number, byte: number) =>
    testEncodes(modbusMeterCodec, `count ${count} → ${byte}`, { ...holding, count }, [
      0x01, // byte 0: slave=1
      0x03, // byte 1: regType=3
      0x42, // byte 2: valueType=4, pollDelay=2
      byte, // byte 3: count, clamped to 0-255
      0x00, // byte 4: slaveStart high byte
      0x00, // byte 5: slaveStart low byte
      0x00, // byte 6: masterStart high byte
      0x64, // byte 7: masterStart low byte (100)
    ]);
  countByte(255, 0xff);
  countByte(256, 0xff);
  countByte(300, 0xff);
  countByte(-1, 0x00);
  countByte(12.4, 0x0c);
  countByte(Number.NaN, 0x00);
});

testProperties(modbusMeterCodec, {
  rule: fc.record({
    slave: fc.integer({ min: 0, max: 255 }),
    regType: fc.integer({ min: 0, max: 255 }),
    valueType: fc.integer({ min: 0, max: 15 }),
    pollDelay: fc.integer({ min: 0, max: 15 }),
    count: fc.integer({ min: 0, max: 255 }),
    slaveStart: fc.integer({ min: 0, max: 0xffff }),
    masterStart: fc.integer({ min: 0, max: 0xffff }),
  }),
  buffer: bufferOf(8),
});

describe('modbusMeter describe', () => {
  it('reads: slave, kind, registers, value type and delay in every language', () => {
    expect(modbusMeterCodec.describe(holding, 'en')).toBe(
      'slave 1; read holding registers (FC03); 10 from slave address 0 to master address 100; value float; poll every 1 s',
    );
    expect(modbusMeterCodec.describe(holding, 'zh')).toBe(
      '从机1；读保持寄存器（FC03）；从机地址0起10个 → 主机地址100；数据类型浮点数；轮询间隔1秒',
    );
    expect(modbusMeterCodec.describe(holding, 'tc')).toBe(
      '從機1；讀保持寄存器（FC03）；從機地址0起10個 → 主機地址100；數據類型浮點數；輪詢間隔1秒',
    );
  });

  it('writes go from the master address to the slave address', () => {
    expect(modbusMeterCodec.describe(lastValid, 'en')).toBe(
      'slave 249; write multiple coils (DO) (FC15); 255 from master address 65535 to slave address 65535; value float inverse; poll every 24 h',
    );
  });

  it('says disabled, and err for unknown fields', () => {
    expect(modbusMeterCodec.describe(disabled, 'en')).toBe('disabled');
    expect(modbusMeterCodec.describe(disabled, 'zh')).toBe('禁用');
    expect(modbusMeterCodec.describe({ ...holding, regType: 9 }, 'en')).toBe('err');
    expect(modbusMeterCodec.describe({ ...holding, valueType: 6, pollDelay: 14 }, 'en')).toBe(
      'slave 1; read holding registers (FC03); 10 from slave address 0 to master address 100; value err; poll every err',
    );
    expect(modbusMeterCodec.describe({ ...holding, pollDelay: 0 }, 'tc')).toContain('輪詢間隔預設');
  });
});

describe('modbusMeter validate', () => {
  it('accepts the bounds', () => {
    expect(modbusMeterCodec.validate(disabled)).toEqual([]);
    expect(modbusMeterCodec.validate(lastValid)).toEqual([]);
  });

  it('rejects one past each bound', () => {
    const v = (e: Partial<ModbusMeterEntry>) => modbusMeterCodec.validate({ ...holding, ...e });
    expect(v({ slave: 250 })).toEqual(['slave: 0-249']);
    expect(v({ regType: 9 })).toEqual(['regType: 0-8']);
    expect(v({ valueType: 6 })).toEqual(['valueType: 0-5']);
    expect(v({ pollDelay: 14 })).toEqual(['pollDelay: 0-13']);
    expect(v({ count: 256 })).toEqual(['count: 0-255 (encode clamps)']);
    expect(v({ count: -1 })).toEqual(['count: 0-255 (encode clamps)']);
    expect(v({ slaveStart: 65536, masterStart: -1 })).toEqual([
      'slaveStart: 0-65535',
      'masterStart: 0-65535',
    ]);
  });
});

describe('Modbus tables', () => {
  it('function codes follow the register kind', () => {
    const codes = [null, 1, 2, 3, 4, 6, 5, 16, 15, null];
    codes.forEach((fcode, regType) => expect(functionCodeOf(regType), `regType ${regType}`).toBe(fcode));
    expect(functionCodeOf(-1)).toBeNull();
    expect(functionCodeOf(255)).toBeNull();
    expect(functionCodeOf(1.5)).toBeNull();
  });

  it('reads come from the slave, writes go to it', () => {
    expect(MODBUS_REGISTER_KINDS.map((k) => k.direction)).toEqual([
      null,
      ...Array<string>(4).fill('slaveToMaster'),
      ...Array<string>(4).fill('masterToSlave'),
    ]);
  });

  it('value types take one or two registers', () => {
    expect(MODBUS_VALUE_TYPES.map((t) => t.words)).toEqual([1, 1, 2, 2, 2, 2]);
  });

  it('poll delays in seconds, the first being the default', () => {
    expect(POLL_DELAYS.map((d) => d.seconds)).toEqual([
      null,
      0.5,
      1,
      3,
      5,
      10,
      30,
      60,
      300,
      600,
      1800,
      3600,
      43200,
      86400,
    ]);
    expect(formatPollDelay(0, 'en')).toBe('default');
    expect(formatPollDelay(0, 'zh')).toBe('默认');
    expect(formatPollDelay(1, 'en')).toBe('0.5 s');
    expect(formatPollDelay(7, 'zh')).toBe('1分钟');
    expect(formatPollDelay(12, 'tc')).toBe('12小時');
    expect(formatPollDelay(14, 'en')).toBe('err');
  });
});

describe('decodeMeterValue', () => {
  it.each([
    ['uint16 0', 0, [0x0000], 0],
    ['uint16 max', 0, [0xffff], 65535],
    ['sint16 -1', 1, [0xffff], -1],
    ['sint16 min', 1, [0x8000], -32768],
    ['sint16 max', 1, [0x7fff], 32767],
    ['long 65536, high word first', 2, [0x0001, 0x0000], 65536],
    ['long -2', 2, [0xffff, 0xfffe], -2],
    ['long min', 2, [0x8000, 0x0000], -2147483648],
    ['long max', 2, [0x7fff, 0xffff], 2147483647],
    ['long inverse 65536, low word first', 3, [0x0000, 0x0001], 65536],
    ['long inverse -2', 3, [0xfffe, 0xffff], -2],
    ['float 1.0', 4, [0x3f80, 0x0000], 1],
    ['float -10.0', 4, [0xc120, 0x0000], -10],
    ['float pi', 4, [0x4049, 0x0fdb], Math.fround(Math.PI)],
    ['float inverse 1.0', 5, [0x0000, 0x3f80], 1],
    ['float inverse 230.5', 5, [0x8000, 0x4366], 230.5],
    ['extra words are ignored', 0, [0x0001, 0x0002], 1],
  ])('%s', (_name, valueType, words, value) => {
    expect(decodeMeterValue(valueType, words)).toBe(value);
  });

  it('gives NaN for a NaN float and null for too few words or an unknown type', () => {
    expect(decodeMeterValue(4, [0x7fc0, 0x0000])).toBeNaN();
    expect(decodeMeterValue(0, [])).toBeNull();
    expect(decodeMeterValue(2, [0x0001])).toBeNull();
    expect(decodeMeterValue(5, [0x3f80])).toBeNull();
    expect(decodeMeterValue(6, [0x0001, 0x0002])).toBeNull();
    expect(decodeMeterValue(-1, [0x0001])).toBeNull();
  });

  it('matches integer arithmetic for any words, and inverse types swap the words', () => {
    const u16 = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(u16, u16, (a, b) => {
        expect(decodeMeterValue(0, [a])).toBe(a);
        expect(decodeMeterValue(1, [a])).toBe(a >= 0x8000 ? a - 0x10000 : a);
        expect(decodeMeterValue(2, [a, b])).toBe((a << 16) | b);
        expect(decodeMeterValue(3, [b, a])).toBe((a << 16) | b);
        expect(Object.is(decodeMeterValue(4, [a, b]), decodeMeterValue(5, [b, a]))).toBe(true);
      }),
    );
  });
});
