import { describe, expect, it } from 'vitest';
import type { EquipmentEvent } from '../../api/events';
import type { LiveAlarm } from '../../alarms/store';
import { mergeAlarmRows } from './AlarmList';
import { aoWrite, displayRange } from './AoPanel';
import { formatValue } from './format';

const percent = { x1: 400, x2: 2000, y1: 0, y2: 100 };
const raw = { x1: 0, x2: 0, y1: 0, y2: 0 };

describe('AO limits and writes', () => {
  it('uses 400-2000 when both limits are 0, shown in the scaled unit', () => {
    expect(displayRange(0, 0, percent)).toEqual({ min: 0, max: 100 });
    expect(displayRange(0, 0, raw)).toEqual({ min: 400, max: 2000 });
    expect(displayRange(800, 1200, percent)).toEqual({ min: 25, max: 50 });
  });

  it('writes one register at the AO start + index, scaled back and kept within the limits', () => {
    expect(aoWrite(50, 0, 400, { min: 0, max: 0 }, percent)).toEqual({ raw: 1200, aoinfos: '400_04B0' });
    expect(aoWrite(100, 3, 400, { min: 0, max: 0 }, percent)).toEqual({ raw: 2000, aoinfos: '403_07D0' });
    // One past the top and below the bottom are held at the limits.
    expect(aoWrite(100.1, 0, 400, { min: 0, max: 0 }, percent).raw).toBe(2000);
    expect(aoWrite(-1, 0, 400, { min: 0, max: 0 }, percent).raw).toBe(400);
    expect(aoWrite(2001, 1, 400, { min: 0, max: 0 }, raw)).toEqual({ raw: 2000, aoinfos: '401_07D0' });
    expect(aoWrite(399, 1, 400, { min: 0, max: 0 }, raw).raw).toBe(400);
    expect(aoWrite(500, 0, 400, { min: 100, max: 600 }, raw).raw).toBe(500);
  });
});

describe('formatValue', () => {
  it('shows at most three decimals without trailing zeros', () => {
    expect(formatValue(2.5)).toBe('2.5');
    expect(formatValue(4.71794871)).toBe('4.718');
    expect(formatValue(12)).toBe('12');
    expect(formatValue(Number.NaN)).toBe('0');
  });
});

describe('mergeAlarmRows', () => {
  const event = (id: number, kind: EquipmentEvent['kind']): EquipmentEvent => ({
    id,
    equipmentId: 1,
    kind,
    channel: 'AI1',
    channelKind: 'ai',
    index: 0,
    level: 1,
    value: 4.6,
    message: `event ${id}`,
    detail: {},
    userId: null,
    at: '2026-01-05T08:00:00.000Z',
    time: '2026-01-05 16:00:00',
    equipment: { name: 'Tank', unid: 'T1' },
  });
  const pushed = (key: string, unid: string, receivedAt: number): LiveAlarm => ({
    key,
    unid,
    name: unid,
    channel: 'AI1',
    level: 1,
    value: 5,
    time: '2026-01-05 16:05:00',
    text: key,
    receivedAt,
  });

  it('puts alarms pushed since the read first, keeps only raised alarms, and filters by device', () => {
    const rows = mergeAlarmRows(
      [event(1, 'alarm'), event(2, 'alarm_clear'), event(3, 'operation')],
      [pushed('new', 'T1', 200), pushed('other', 'T2', 300), pushed('old', 'T1', 50)],
      100,
      'T1',
    );
    expect(rows.map((r) => r.message)).toEqual(['new', 'event 1']);
    expect(rows[0]?.live).toBe(true);
  });

  it('holds at most 2000 rows', () => {
    const many = Array.from({ length: 2100 }, (_, i) => event(i, 'alarm'));
    expect(mergeAlarmRows(many, [], 0, null)).toHaveLength(2000);
  });
});
