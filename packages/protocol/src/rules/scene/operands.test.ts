// docs/protocol.md § Operand sources.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../i18n.js';
import { describeOperand, OPERAND_SOURCES, validateOperand } from './operands.js';

describe('operands', () => {
  it('lists sources 0-13 in order, named in every language', () => {
    expect(OPERAND_SOURCES.map((s) => s.code)).toEqual(Array.from({ length: 14 }, (_, i) => i));
    for (const s of OPERAND_SOURCES) for (const lang of LANGS) expect(s.name[lang].length).toBeGreaterThan(0);
  });

  it.each([
    [0, 100, 'en', '100'],
    [0, 65535, 'zh', '65535'],
    [1, 0, 'en', 'AI1'],
    [1, 31, 'tc', 'AI32'],
    [2, 2, 'en', 'AO3'],
    [3, 40, 'en', 'read-only register (u16) 40'],
    [4, 40, 'zh', '只读寄存器(s16) 40'],
    [5, 40, 'tc', '唯讀寄存器(s32) 40'],
    [6, 40, 'en', 'read-only register (float) 40'],
    [7, 40, 'en', 'holding register (u16) 40'],
    [8, 40, 'zh', '保持寄存器(s16) 40'],
    [9, 40, 'tc', '保持寄存器(s32) 40'],
    [10, 40, 'en', 'holding register (float) 40'],
    [11, 3, 'zh', '缓存寄存器 3'],
    [12, 3, 'tc', '時間寄存器 3'],
    [13, 3, 'en', 'flow register 3'], // 13: the last source
    [14, 3, 'en', 'err'], // one past
    [15, 3, 'zh', 'err'],
  ] as const)('source %i value %i in %s reads %s', (source, value, lang, text) => {
    expect(describeOperand({ source, value }, lang)).toBe(text);
  });

  it('validates source, value and channel bounds', () => {
    expect(validateOperand({ source: 13, value: 65535 }, 'a')).toEqual([]);
    expect(validateOperand({ source: 14, value: 0 }, 'a')).toEqual(['a.source: 0-13']);
    expect(validateOperand({ source: 0, value: 65536 }, 'b')).toEqual(['b.value: 0-65535']);
    expect(validateOperand({ source: 1, value: 31 }, 'c')).toEqual([]);
    expect(validateOperand({ source: 2, value: 32 }, 'c')).toEqual(['c.value: channel 0-31']);
    expect(validateOperand({ source: -1, value: -1 }, 'a')).toEqual(['a.source: 0-13', 'a.value: 0-65535']);
  });
});
