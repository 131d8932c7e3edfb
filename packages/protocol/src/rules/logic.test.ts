// Checks docs/protocol.md § Rule reference and § Logic rule (6 bytes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testProperties, testVector, timeValueArb } from '../test-support/rule-vectors.js';
import { describeRuleRef, evaluateLogic, LOGIC_TYPES, logicCodec, RULE_TYPES } from './logic.js';
import type { LogicRule, RuleRef } from './logic.js';

const ref = (ruleType: number, rule: number): RuleRef => ({ ruleType, rule });

const disabled: LogicRule = {
  logicType: 0,
  inputs: [ref(0, 0), ref(0, 0), ref(0, 0)],
  holdTime: { value: 0, unit: 0 },
};

const orRule: LogicRule = {
  logicType: 1,
  inputs: [ref(1, 3), ref(2, 5), ref(0, 0)],
  holdTime: { value: 2, unit: 1 },
};

describe('logic vectors', () => {
  testVector(logicCodec, 'all zero: disabled', disabled, [
    0x00, // byte 0: logicType=0 (disabled)
    0x00, // byte 1: X1 ruleType=0 bits 7-5, X1 rule bits 6-2 in bits 4-0
    0x00, // byte 2: X1 rule bits 1-0 in bits 7-6, X2 ruleType bits 5-3, X2 rule bits 6-4 in bits 2-0
    0x00, // byte 3: X2 rule bits 3-0 in bits 7-4, X3 ruleType bits 3-1, X3 rule bit 6 in bit 0
    0x00, // byte 4: X3 rule bits 5-0 in bits 7-2, reserved bits 1-0
    0x00, // byte 5: holdTime unit=0 value=0
  ]);

  testVector(logicCodec, 'OR of time rule 3, switch rule 5 and the constant, hold 2 s', orRule, [
    0x01, // byte 0: logicType=1 (X1|X2|X3)
    0x20, // byte 1: X1 ruleType=1 (time) 001, X1 rule bits 6-2 = 00000
    0xd0, // byte 2: X1 rule bits 1-0 = 11 (rule 3), X2 ruleType=2 (switch) 010, X2 rule bits 6-4 = 000
    0x50, // byte 3: X2 rule bits 3-0 = 0101 (rule 5), X3 ruleType=0 000, X3 rule bit 6 = 0
    0x00, // byte 4: X3 rule bits 5-0 = 000000, reserved 00
    0x42, // byte 5: holdTime unit=1 (s) value=2
  ]);

  testVector(
    logicCodec,
    'NAND (last valid type), every index 127, the top rule types, the longest hold',
    { logicType: 8, inputs: [ref(5, 127), ref(3, 127), ref(4, 127)], holdTime: { value: 63, unit: 3 } },
    [
      0x08, // byte 0: logicType=8 (!(X1&X2&X3))
      0xbf, // byte 1: X1 ruleType=5 (scene B) 101, X1 rule bits 6-2 = 11111
      0xdf, // byte 2: X1 rule bits 1-0 = 11 (rule 127), X2 ruleType=3 (analog) 011, X2 rule bits 6-4 = 111
      0xf9, // byte 3: X2 rule bits 3-0 = 1111 (rule 127), X3 ruleType=4 (scene A) 100, X3 rule bit 6 = 1
      0xfc, // byte 4: X3 rule bits 5-0 = 111111 (rule 127), reserved 00
      0xff, // byte 5: holdTime unit=3 (10 min) value=63
    ],
  );

  testVector(
    logicCodec,
    'AND of OR with the smallest non-zero fields',
    { logicType: 3, inputs: [ref(1, 0), ref(1, 1), ref(2, 127)], holdTime: { value: 0, unit: 0 } },
    [
      0x03, // byte 0: logicType=3 (X1&(X2|X3))
      0x20, // byte 1: X1 ruleType=1 001, X1 rule bits 6-2 = 00000
      0x08, // byte 2: X1 rule bits 1-0 = 00 (rule 0), X2 ruleType=1 001, X2 rule bits 6-4 = 000
      0x15, // byte 3: X2 rule bits 3-0 = 0001 (rule 1), X3 ruleType=2 010, X3 rule bit 6 = 1
      0xfc, // byte 4: X3 rule bits 5-0 = 111111 (rule 127), reserved 00
      0x00, // byte 5: holdTime 0
    ],
  );

  testVector(
    logicCodec,
    'one past: logicType 9, rule types 6 and 7 (unknown, kept)',
    { logicType: 9, inputs: [ref(6, 0), ref(7, 64), ref(0, 1)], holdTime: { value: 1, unit: 2 } },
    [
      0x09, // byte 0: logicType=9 (unknown)
      0xc0, // byte 1: X1 ruleType=6 110, X1 rule bits 6-2 = 00000
      0x3c, // byte 2: X1 rule bits 1-0 = 00, X2 ruleType=7 111, X2 rule bits 6-4 = 100
      0x00, // byte 3: X2 rule bits 3-0 = 0000 (rule 64), X3 ruleType=0 000, X3 rule bit 6 = 0
      0x04, // byte 4: X3 rule bits 5-0 = 000001 (rule 1), reserved 00
      0x81, // byte 5: holdTime unit=2 (min) value=1
    ],
  );

  testVector(
    logicCodec,
    'logicType 255 (unknown), hold 6.3 s',
    { logicType: 255, inputs: [ref(0, 0), ref(0, 0), ref(0, 0)], holdTime: { value: 63, unit: 0 } },
    [
      0xff, // byte 0: logicType=255 (unknown)
      0x00, // byte 1: X1 constant
      0x00, // byte 2: X2 constant
      0x00, // byte 3: X3 constant
      0x00, // byte 4: reserved 00
      0x3f, // byte 5: holdTime unit=0 (0.1 s) value=63
    ],
  );

  it('ignores the reserved bits on read and writes them 0', () => {
    const rule = logicCodec.decode(Uint8Array.from([0x01, 0x20, 0xd0, 0x50, 0x03, 0x42]));
    expect(rule).toEqual(orRule);
    expect(Array.from(logicCodec.encode(orRule))[4]).toBe(0x00);
  });
});

testProperties(logicCodec, {
  rule: fc.record({
    logicType: fc.integer({ min: 0, max: 255 }),
    inputs: fc.tuple(
      fc.record({ ruleType: fc.integer({ min: 0, max: 7 }), rule: fc.integer({ min: 0, max: 127 }) }),
      fc.record({ ruleType: fc.integer({ min: 0, max: 7 }), rule: fc.integer({ min: 0, max: 127 }) }),
      fc.record({ ruleType: fc.integer({ min: 0, max: 7 }), rule: fc.integer({ min: 0, max: 127 }) }),
    ),
    holdTime: timeValueArb,
  }),
  buffer: bufferOf(6, (b) => {
    b[4] = (b[4] ?? 0) & 0xfc;
  }),
});

describe('logic describe', () => {
  it('writes the formula and the three inputs in every language', () => {
    expect(logicCodec.describe(orRule, 'en')).toBe(
      'X1|X2|X3: X1 = time rule 3, X2 = switch rule 5, X3 = always; hold 2 s',
    );
    expect(logicCodec.describe(orRule, 'zh')).toBe(
      'X1|X2|X3：X1=定时规则3，X2=开关量规则5，X3=恒成立；保持2秒',
    );
    expect(logicCodec.describe(orRule, 'tc')).toBe(
      'X1|X2|X3：X1=定時規則3，X2=開關量規則5，X3=恆成立；保持2秒',
    );
  });

  it('says disabled for type 0 and err for an unknown type', () => {
    expect(logicCodec.describe(disabled, 'en')).toBe('disabled');
    expect(logicCodec.describe(disabled, 'zh')).toBe('禁用');
    expect(logicCodec.describe({ ...disabled, logicType: 9 }, 'en')).toBe('err');
    expect(logicCodec.describe({ ...disabled, logicType: 9 }, 'tc')).toBe('err');
  });

  it('names every rule type and err past the last', () => {
    expect(describeRuleRef(ref(3, 7), 'en')).toBe('analog rule 7');
    expect(describeRuleRef(ref(4, 0), 'zh')).toBe('场景A规则0');
    expect(describeRuleRef(ref(5, 127), 'tc')).toBe('場景B規則127');
    expect(describeRuleRef(ref(0, 99), 'en')).toBe('always');
    expect(describeRuleRef(ref(6, 1), 'en')).toBe('err');
    expect(describeRuleRef(ref(7, 1), 'zh')).toBe('err');
    expect(RULE_TYPES).toHaveLength(6);
  });

  it('shows an unknown input type as err inside the text', () => {
    const rule: LogicRule = { ...orRule, logicType: 2, inputs: [ref(6, 0), ref(1, 1), ref(1, 2)] };
    expect(logicCodec.describe(rule, 'en')).toBe(
      'X1&X2&X3: X1 = err, X2 = time rule 1, X3 = time rule 2; hold 2 s',
    );
  });
});

describe('logic validate', () => {
  it('accepts the bounds', () => {
    expect(logicCodec.validate(orRule)).toEqual([]);
    expect(
      logicCodec.validate({
        logicType: 8,
        inputs: [ref(5, 127), ref(5, 127), ref(5, 127)],
        holdTime: { value: 63, unit: 3 },
      }),
    ).toEqual([]);
  });

  it('rejects one past each bound', () => {
    expect(logicCodec.validate({ ...orRule, logicType: 9 })).toEqual(['logicType: 0-8']);
    expect(logicCodec.validate({ ...orRule, logicType: -1 })).toEqual(['logicType: 0-8']);
    expect(logicCodec.validate({ ...orRule, inputs: [ref(6, 0), ref(0, 128), ref(0, 0)] })).toEqual([
      'inputs[0].ruleType: 0-5',
      'inputs[1].rule: 0-127',
    ]);
    expect(logicCodec.validate({ ...orRule, inputs: [ref(0, 0), ref(0, 0), ref(-1, -1)] })).toEqual([
      'inputs[2].ruleType: 0-5',
      'inputs[2].rule: 0-127',
    ]);
    expect(logicCodec.validate({ ...orRule, holdTime: { value: 64, unit: 0 } })).toEqual([
      'holdTime: value 0-63, unit 0-3',
    ]);
  });
});

describe('evaluateLogic', () => {
  // Each row: the result for (X1, X2, X3) = 000, 001, 010, 011, 100, 101, 110, 111.
  const truth: Record<number, string> = {
    0: '00000000', // disabled never holds
    1: '01111111', // X1|X2|X3
    2: '00000001', // X1&X2&X3
    3: '00000111', // X1&(X2|X3)
    4: '00011111', // X1|(X2&X3)
    5: '01111000', // X1^(X2|X3)
    6: '00011110', // X1^(X2&X3)
    7: '10000000', // !(X1|X2|X3)
    8: '11111110', // !(X1&X2&X3)
  };

  for (let type = 0; type <= 8; type++) {
    it(`type ${type} ${LOGIC_TYPES[type]?.formula ?? ''}`, () => {
      for (let n = 0; n < 8; n++) {
        const got = evaluateLogic(type, (n & 4) !== 0, (n & 2) !== 0, (n & 1) !== 0);
        expect(got, `inputs ${n.toString(2).padStart(3, '0')}`).toBe(truth[type]?.[n] === '1');
      }
    });
  }

  it('gives null for an unknown type', () => {
    for (const type of [9, 255, -1, 1.5]) expect(evaluateLogic(type, true, false, true)).toBeNull();
  });

  it('has a name in every language and a formula for every type', () => {
    expect(LOGIC_TYPES).toHaveLength(9);
    for (const t of LOGIC_TYPES.slice(1)) {
      expect(t.formula).toMatch(/X1.*X2.*X3/);
      expect(t.en && t.zh && t.tc).toBeTruthy();
    }
  });
});
