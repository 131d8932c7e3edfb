import { describe, expect, it } from 'vitest';
import { ZonedTime } from '../history/time.js';
import { alarmLine, alarmMail, formatNumber, mailLanguage } from './mail-text.js';
import type { AlarmFacts } from './mail-text.js';

const AI: AlarmFacts = {
  equipmentName: 'Tank',
  unid: 'R8000001',
  channel: 'AI2',
  name: 'Pressure',
  unit: 'kPa',
  level: -1,
  value: 0.12345,
  limit: 0.5,
  text: 'AI2 Pressure below the lower limit 0.5: 0.12345 kPa',
};

describe('alarm mail words', () => {
  it('words an alarm in each language, the console’s phrases', () => {
    expect(alarmLine(AI, 'en')).toBe('AI2 Pressure below the lower limit 0.5: 0.123 kPa');
    expect(alarmLine(AI, 'zh')).toBe('AI2 Pressure 低于下限 0.5：0.123 kPa');
    expect(alarmLine({ ...AI, level: 1, limit: 9 }, 'tc')).toBe('AI2 Pressure 高於上限 9：0.123 kPa');
    expect(alarmLine({ ...AI, channel: 'DI1', name: 'DI1', unit: '' }, 'tc')).toBe('DI1 報警');
    // A channel the phrases do not cover keeps the server's text.
    expect(alarmLine({ ...AI, channel: 'LINK', text: 'link contested' }, 'en')).toBe('link contested');
  });

  it('takes zh for a language it does not know', () => {
    expect(mailLanguage('en')).toBe('en');
    expect(mailLanguage('tc')).toBe('tc');
    expect(mailLanguage('fr')).toBe('zh');
  });

  it('rounds values to three decimals', () => {
    expect(formatNumber(4.8219)).toBe('4.822');
    expect(formatNumber(-2)).toBe('-2');
  });

  it('names one alarm in the subject, counts several, and lists them in the zone', () => {
    const zone = new ZonedTime('Asia/Shanghai');
    const entry = {
      at: Date.UTC(2026, 0, 5, 8),
      equipmentName: 'Tank',
      unid: 'R8',
      channel: 'AI2',
      line: 'x',
    };
    expect(alarmMail([entry], 0, 'tc', zone).subject).toBe('報警：Tank AI2');
    const many = alarmMail([entry, entry], 3, 'en', zone);
    expect(many.subject).toBe('5 alarms on your equipment');
    expect(many.text.split('\n').slice(0, 3)).toEqual([
      '2026-01-05 16:00:00  Tank (R8)  x',
      '2026-01-05 16:00:00  Tank (R8)  x',
      '… and 3 more',
    ]);
  });
});
