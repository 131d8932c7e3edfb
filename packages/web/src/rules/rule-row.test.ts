import { decodeRule, encodeTime } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { ruleRow } from './rule-row.js';

describe('rule rows', () => {
  it('shows the placeholder until the rule is loaded', () => {
    expect(ruleRow('trigger', 1, 3, null, 'en')).toEqual({
      index: 13,
      text: '--- please refresh',
      loaded: false,
    });
    expect(ruleRow('trigger', 0, 0, null, 'zh').text).toBe('--- 请刷新');
  });
  it('shows the rule text once loaded', () => {
    const window = decodeRule('aiWindow', Uint8Array.from([encodeTime(1), 0x3e, 0x80, 0x0f, 0xa0]));
    const row = ruleRow('aiWindow', 0, 2, window, 'en');
    expect(row.loaded).toBe(true);
    expect(row.index).toBe(2);
    expect(row.text).toContain('16000');
  });
});
