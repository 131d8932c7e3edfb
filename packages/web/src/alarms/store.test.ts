import { afterEach, describe, expect, it } from 'vitest';
import { alarmTimeText, liveAlarmOf, MAX_LIVE_ALARMS, useAlarms } from './store';

const alarm = (n: number) =>
  liveAlarmOf(
    {
      SN: `DEV${n % 50}`,
      channel: 'AI1',
      level: 1,
      value: 90 + (n % 7),
      Time: `2026-11-27 10:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.${n}`,
      text: 'AI1 above its limit',
    },
    undefined,
    n,
  );

describe('the alarms kept while the console is open', () => {
  afterEach(() => useAlarms.getState().clear());

  it('keeps the newest 2000 (§9): a wall open for days holds no more, however many come', () => {
    for (let n = 0; n < MAX_LIVE_ALARMS + 150; n++) expect(useAlarms.getState().add(alarm(n))).toBe(true);
    const { alarms, unseen } = useAlarms.getState();
    expect(alarms).toHaveLength(MAX_LIVE_ALARMS);
    expect(alarms[0]?.receivedAt).toBe(MAX_LIVE_ALARMS + 149);
    expect(alarms.at(-1)?.receivedAt).toBe(150);
    expect(unseen).toBe(MAX_LIVE_ALARMS + 150);
  });

  it('takes an alarm delivered twice once', () => {
    expect(useAlarms.getState().add(alarm(1))).toBe(true);
    expect(useAlarms.getState().add(alarm(1))).toBe(false);
    expect(useAlarms.getState().alarms).toHaveLength(1);
  });

  it('keeps the instant an alarm was raised, shown through the console’s format; the server’s text without one', () => {
    const info = {
      SN: 'DEV1',
      channel: 'AI1',
      level: 1,
      value: 9,
      Time: '2026-11-26 19:45:19',
      text: 'high',
    } as const;
    const withInstant = liveAlarmOf({ ...info, at: '2026-11-26T11:45:19.000Z' }, 'Tank', 5);
    expect(withInstant.at).toBe(Date.UTC(2026, 10, 26, 11, 45, 19));
    expect(alarmTimeText(withInstant, (at) => `formatted ${at}`)).toBe(`formatted ${withInstant.at}`);
    const older = liveAlarmOf(info, 'Tank', 5);
    expect(older).not.toHaveProperty('at');
    expect(alarmTimeText(older, () => 'unused')).toBe('2026-11-26 19:45:19');
  });
});
