import { describe, expect, it } from 'vitest';
import type { LiveAlarm } from '../../alarms/store';
import type { UserEvent } from '../../api/history';
import { MAX_TICKER, MAX_TOP, summariseAlarms, tickerItems, topAlarming } from './alarm-lists';

const READ_AT = 1_000_000;

function live(n: number, unid = `SN${n % 3}`): LiveAlarm {
  return {
    key: `k${n}`,
    unid,
    name: `Device ${unid}`,
    channel: 'AI1',
    level: n % 2 === 0 ? 1 : -1,
    value: n,
    time: `2026-01-05 10:00:${String(n % 60).padStart(2, '0')}`,
    text: `live ${n}`,
    receivedAt: READ_AT + n,
  };
}

function event(id: number, unid = 'SN9'): UserEvent {
  return {
    id,
    equipmentId: 9,
    kind: 'alarm',
    channel: 'AI1',
    channelKind: 'ai',
    index: 0,
    level: 1,
    value: 1,
    message: `event ${id}`,
    detail: {},
    userId: null,
    at: '2026-01-05T01:00:00.000Z',
    time: '2026-01-05 09:00:00',
    equipment: { name: `Device ${unid}`, unid },
  };
}

const byText = (a: LiveAlarm): string => a.text;
const byMessage = (e: UserEvent): string => e.message;

describe('the alarm ticker', () => {
  it('shows live alarms since the read first, then the period’s events, newest first', () => {
    // The live list is newest first; the oldest one arrived before the events were read.
    const liveAlarms = [live(3), live(2), { ...live(1), receivedAt: READ_AT - 5 }];
    const items = tickerItems(
      { ...summariseAlarms([event(11), event(10)]), readAt: READ_AT, live: liveAlarms },
      byText,
      byMessage,
    );
    expect(items.map((i) => i.text)).toEqual(['live 3', 'live 2', 'event 11', 'event 10']);
    expect(items.map((i) => i.live)).toEqual([true, true, false, false]);
    expect(items[0]).toMatchObject({ name: 'Device SN0', level: -1, at: READ_AT + 3 });
  });

  it('never holds more than MAX_TICKER, however many alarms come', () => {
    const liveAlarms = Array.from({ length: 2000 }, (_, i) => live(2000 - i));
    const events = Array.from({ length: 5000 }, (_, i) => event(5000 - i));
    const summary = summariseAlarms(events);
    // A read keeps the latest few events, not the period's thousands.
    expect(summary.latest).toHaveLength(MAX_TICKER);
    const items = tickerItems({ ...summary, readAt: READ_AT, live: liveAlarms }, byText, byMessage);
    expect(items).toHaveLength(MAX_TICKER);
    expect(items[0]!.text).toBe('live 2000');
    expect(
      tickerItems({ ...summary, readAt: Number.POSITIVE_INFINITY, live: [] }, byText, byMessage),
    ).toHaveLength(MAX_TICKER);
  });
});

describe('the devices with most alarms', () => {
  it('counts the period’s events and the live alarms since, most first, at most MAX_TOP', () => {
    const events = [event(1, 'A'), event(2, 'B'), event(3, 'A'), event(4, 'C')];
    const liveAlarms = [live(2, 'B'), live(1, 'B'), { ...live(0, 'A'), receivedAt: READ_AT }];
    const summary = summariseAlarms(events);
    expect(summary.counts).toHaveLength(3);
    expect(topAlarming({ ...summary, readAt: READ_AT, live: liveAlarms })).toEqual([
      { unid: 'B', name: 'Device B', count: 3 },
      { unid: 'A', name: 'Device A', count: 2 },
      { unid: 'C', name: 'Device C', count: 1 },
    ]);
    const many = Array.from({ length: 50 }, (_, i) => event(i, `D${i}`));
    expect(topAlarming({ ...summariseAlarms(many), readAt: READ_AT, live: [] })).toHaveLength(MAX_TOP);
  });
});
