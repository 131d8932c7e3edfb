// docs/protocol.md § Scene header (bytes 1-3 of scene types 1-7).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeValueArb } from '../../test-support/rule-vectors.js';
import { holdPart, readCondition, readRepeat, RULE_TYPES, whenPart, writeHeader } from './header.js';

describe('scene header', () => {
  it('packs cycle, rule, ruleType, reverse and holdTime into bytes 1-3', () => {
    const out = new Uint8Array(12);
    writeHeader(
      out,
      { rule: 127, ruleType: 5, holdTime: { value: 1, unit: 3 } },
      { cycle: true, reverse: true },
    );
    // byte 1: cycle=1 bit 7, rule=127; byte 2: ruleType=5 bits 7-5, reverse=1 bit 4; byte 3: 10 min
    expect(Array.from(out.subarray(0, 4))).toEqual([0x00, 0xff, 0xb0, 0xc1]);
    writeHeader(out, { rule: 0, ruleType: 6, holdTime: { value: 0, unit: 0 } });
    // without the flags (types 3-7) bits 1.7 and 2.4 stay 0
    expect(Array.from(out.subarray(1, 4))).toEqual([0x00, 0xc0, 0x00]);
  });

  it('reads back what it writes', () => {
    const header = fc.record({
      rule: fc.integer({ min: 0, max: 127 }),
      ruleType: fc.integer({ min: 0, max: 7 }),
      holdTime: timeValueArb,
    });
    const repeat = fc.record({ cycle: fc.boolean(), reverse: fc.boolean() });
    fc.assert(
      fc.property(header, repeat, (h, r) => {
        const out = new Uint8Array(12);
        writeHeader(out, h, r);
        expect(readCondition(out)).toEqual(h);
        expect(readRepeat(out)).toEqual(r);
      }),
    );
  });

  it('names the rule types 0-5 and leaves the constant and a zero hold unsaid', () => {
    expect(RULE_TYPES).toHaveLength(6);
    expect(whenPart({ ruleType: 0, rule: 9 }, 'en')).toBe('');
    expect(whenPart({ ruleType: 1, rule: 9 }, 'en')).toBe('when time rule 9');
    expect(whenPart({ ruleType: 3, rule: 0 }, 'zh')).toBe('条件：模拟量规则0');
    expect(whenPart({ ruleType: 4, rule: 1 }, 'tc')).toBe('條件：場景A規則1');
    expect(whenPart({ ruleType: 7, rule: 1 }, 'en')).toBe('when err');
    expect(holdPart({ value: 0, unit: 2 }, 'en')).toBe('');
    expect(holdPart({ value: 3, unit: 2 }, 'zh')).toBe('保持3分钟');
  });
});
