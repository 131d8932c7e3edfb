import { describe, expect, it } from 'vitest';
import { sampleRecordOf } from '../../equipment/test-support';
import { channelTitle, durationText, percentText, reportRows, valueText, zonedMinute } from './format';
import { channelOptions, formValues, hourText, settingsInput } from './settings-form';

describe('report figures', () => {
  it('write times in the report’s zone, hours, percentages and values', () => {
    expect(zonedMinute('2026-01-04T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-01-05 00:00');
    expect(zonedMinute('2026-01-04T16:00:00.000Z', 'UTC')).toBe('2026-01-04 16:00');
    expect(durationText(12.5 * 3_600_000)).toBe('12:30');
    expect(durationText(7 * 60_000 + 59_000)).toBe('0:07');
    expect(durationText(7 * 24 * 3_600_000)).toBe('168:00');
    expect(percentText(1)).toBe('100%');
    expect(percentText(11 / 12)).toBe('91.7%');
    expect(valueText(2.123456, 'm')).toBe('2.123 m');
    expect(valueText(3, '')).toBe('3');
    expect(valueText(null, 'm')).toBeNull();
    expect(channelTitle({ channel: 'AI1', name: 'Level' })).toBe('AI1 Level');
    expect(channelTitle({ channel: 'AI2', name: 'AI2' })).toBe('AI2');
    expect(hourText(8)).toBe('08:00');
  });

  it('make a row per device and channel, the device spanning its channels', () => {
    const channel = { name: '', unit: '', min: 1, max: 2, avg: 1.5, samples: 3 };
    const device = { id: 1, name: 'A', unid: 'A1', onlineMs: 0, uptime: 0, alarms: 0 };
    const rows = reportRows([
      {
        ...device,
        channels: [
          { ...channel, channel: 'AI1' },
          { ...channel, channel: 'AI2' },
        ],
      },
      { ...device, id: 2, channels: [] },
    ]);
    expect(rows.map((r) => [r.key, r.channel?.channel ?? null, r.span])).toEqual([
      ['1:AI1', 'AI1', 2],
      ['1:AI2', 'AI2', 0],
      ['2', null, 1],
    ]);
  });
});

describe('report settings form', () => {
  it('offers a device’s analog channels with their names', () => {
    const record = sampleRecordOf({ do: 0, di: 2, ai: 2, ao: 1 }, (s) => ({
      ai: { ...s.ai, names: ['Level', ''] },
      ao: { ...s.ao, names: ['Speed'] },
    }));
    expect(channelOptions(record)).toEqual([
      { value: 'AI1', label: 'AI1 Level' },
      { value: 'AI2', label: 'AI2' },
      { value: 'AO1', label: 'AO1 Speed' },
    ]);
  });

  it('saves all devices as null, and only the channels chosen for devices in the report', () => {
    const values = formValues({
      enabled: true,
      period: 'daily',
      hour: 8,
      weekday: 1,
      equipmentIds: [3],
      channels: { '3': ['AI2'], '4': ['AI1'], '5': [] },
      email: false,
      timeZone: 'UTC',
      emailAddress: null,
      nextAt: null,
    });
    expect(values.scope).toBe('chosen');
    expect(settingsInput(values)).toEqual({
      enabled: true,
      period: 'daily',
      hour: 8,
      weekday: 1,
      equipmentIds: [3],
      channels: { '3': ['AI2'] },
      email: false,
    });
    expect(settingsInput({ ...values, scope: 'all' })).toMatchObject({
      equipmentIds: null,
      channels: { '3': ['AI2'], '4': ['AI1'] },
    });
  });
});
