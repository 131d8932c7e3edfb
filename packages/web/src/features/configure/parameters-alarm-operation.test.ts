import { describe, expect, it } from 'vitest';
import {
  alarmOperationChoices,
  formatAlarmOperation,
  parseAlarmOperation,
} from './parameters-alarm-operation';

describe('alarm operations (fAlarmOpr)', () => {
  it('reads nothing, open n and close n (any case, spaces around), and keeps other text', () => {
    expect(parseAlarmOperation('')).toEqual({ kind: 'none' });
    expect(parseAlarmOperation('  ')).toEqual({ kind: 'none' });
    expect(parseAlarmOperation('close 1')).toEqual({ kind: 'close', output: 1 });
    expect(parseAlarmOperation(' Open  32 ')).toEqual({ kind: 'open', output: 32 });
    expect(parseAlarmOperation('open 33')).toEqual({ kind: 'other', text: 'open 33' });
    expect(parseAlarmOperation('open 0')).toEqual({ kind: 'other', text: 'open 0' });
    expect(parseAlarmOperation('sms 138')).toEqual({ kind: 'other', text: 'sms 138' });
  });

  it('writes what it reads', () => {
    for (const text of ['', 'open 3', 'close 32', 'sms 138']) {
      expect(formatAlarmOperation(parseAlarmOperation(text))).toBe(text);
    }
    expect(formatAlarmOperation(parseAlarmOperation('CLOSE 2'))).toBe('close 2');
  });

  it('offers nothing, then open and close of every output; keeps a stored one it cannot offer', () => {
    expect(alarmOperationChoices(2, '').map(formatAlarmOperation)).toEqual([
      '',
      'open 1',
      'close 1',
      'open 2',
      'close 2',
    ]);
    expect(alarmOperationChoices(0, '').map(formatAlarmOperation)).toEqual(['']);
    expect(alarmOperationChoices(2, 'close 3').map(formatAlarmOperation)).toContain('close 3');
    expect(alarmOperationChoices(2, 'sms 1').map(formatAlarmOperation).at(-1)).toBe('sms 1');
    expect(alarmOperationChoices(2, 'close 2')).toHaveLength(5);
  });
});
