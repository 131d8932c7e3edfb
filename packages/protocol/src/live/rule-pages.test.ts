// docs/protocol.md § Rule pages on the live channel.
import { describe, expect, it } from 'vitest';
import { fromEquipOpr } from './equip-opr.js';
import { isRulePageRegister, isRulePageReply, rulePageWrite } from './rule-pages.js';

describe('isRulePageRegister', () => {
  it.each([
    [11999, false, false],
    [12000, false, true],
    [15500, false, true],
    [19000, false, true],
    [19001, false, false],
    [400, false, false],
    [1999, true, false],
    [2000, true, true],
    [9000, true, true],
    [9001, true, false],
    [12000, true, false],
    [12000.5, false, false],
  ])('%s (f2000 %s) → %s', (start, f2000, expected) => {
    expect(isRulePageRegister(start, f2000)).toBe(expected);
  });
});

describe('isRulePageReply', () => {
  it.each([
    [{ fn: 3, regstart: 12000 }, {}, true],
    [{ fn: 16, regstart: 17040 }, {}, true],
    [{ fn: 4, regstart: 12000 }, {}, false],
    [{ fn: 3, regstart: 400 }, {}, false],
    [{ fn: 3, regstart: 11999 }, {}, false],
    [{ fn: 3, regstart: 2000 }, { series2000: true }, true],
    [{ fn: 3, regstart: 12000 }, { aoRegister: 12000 }, false],
  ])('%j with %j → %s', (reply, opts, expected) => {
    expect(isRulePageReply(reply, opts)).toBe(expected);
  });
});

describe('rulePageWrite', () => {
  it('writes upper-case hex after the decimal start', () => {
    expect(rulePageWrite('A1', 12000, Uint8Array.of(0x0a, 0xbc, 0x00, 0xff))).toEqual({
      oprtype: 'WAOHEX',
      unid: 'A1',
      oprinfo: '12000_0ABC00FF',
    });
  });

  it('writes a whole page, and the request reads back as a waohex operation', () => {
    const bytes = Uint8Array.from({ length: 140 }, (_, i) => i);
    const req = rulePageWrite('A1', 12070, bytes);
    const r = fromEquipOpr(req.oprtype, req.oprinfo);
    expect(r.ok && r.operation).toEqual({ opr: 'waohex', aoinfos: req.oprinfo });
  });

  it('accepts 1 and 123 registers and the last register', () => {
    expect(rulePageWrite('A1', 0, new Uint8Array(2)).oprinfo).toBe('0_0000');
    expect(rulePageWrite('A1', 0, new Uint8Array(246)).oprinfo).toHaveLength(2 + 492);
    expect(rulePageWrite('A1', 65535, new Uint8Array(2)).oprinfo).toBe('65535_0000');
  });

  it.each([
    ['no bytes', 12000, 0],
    ['an odd byte count', 12000, 3],
    ['124 registers', 12000, 248],
    ['a negative start', -1, 2],
    ['a start past 65535', 65536, 2],
    ['a fractional start', 1.5, 2],
    ['a write past register 65535', 65535, 4],
  ])('throws a RangeError for %s', (_name, start, length) => {
    expect(() => rulePageWrite('A1', start, new Uint8Array(length))).toThrow(RangeError);
  });
});
