// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EquipmentEvent } from '../../api/events';
import { formatDateTime } from '../../api/history';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { deviceEntry, loadTreeStore } from '../../equipment/test-support';
import { mockFetch } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import { renderInApp } from '../history/test-render';
import { eventsReply, sampleEvent } from '../history/test-support';
import SystemPage from './SystemPage';

const NOW = new Date(2026, 0, 5, 16, 30, 0).getTime();
const MINUTE = 60_000;
const SLOW = { timeout: 8000 };

/** Alarm `n` (1-12) of the fixture: the higher, the newer; AI alarms of Pump house, DI of Boiler. */
function alarm(n: number): EquipmentEvent {
  const at = NOW - (13 - n) * 10 * MINUTE;
  const di = n % 3 === 0;
  return sampleEvent({
    id: 100 + n,
    equipmentId: di ? 2 : 1,
    at: new Date(at).toISOString(),
    time: formatDateTime(at),
    equipment: di ? { name: 'Boiler', unid: 'SN2' } : { name: 'Pump house', unid: 'SN1' },
    channel: di ? 'DI2' : 'AI1',
    channelKind: di ? 'di' : 'ai',
    index: di ? 1 : 0,
    level: 1,
    value: di ? 1 : 4 + n / 10,
    detail: di ? { name: 'Door', unit: '' } : { name: 'Tank level', unit: 'm', limit: 4 },
  });
}

/** What GET /me/events gives for the week: 12 alarms among other events, newest first. */
const ALARMS = Array.from({ length: 12 }, (_, i) => alarm(12 - i));
const PUMP = { name: 'Pump house', unid: 'SN1' };
const OTHERS = [
  sampleEvent({ id: 1, kind: 'alarm_clear', at: new Date(NOW - 5 * MINUTE).toISOString(), equipment: PUMP }),
  sampleEvent({ id: 2, kind: 'online', channel: null, channelKind: null, level: null, equipment: PUMP }),
  sampleEvent({ id: 3, kind: 'operation', channel: null, channelKind: null, level: null, equipment: PUMP }),
];
const WEEK = [OTHERS[0]!, ...ALARMS.slice(0, 6), OTHERS[1]!, OTHERS[2]!, ...ALARMS.slice(6)];

/** [time, equipment, description] of each alarm row shown. */
const alarmRows = (): string[][] =>
  [...document.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
const expected = (n: number): string[] => {
  const a = alarm(n);
  return a.channelKind === 'di'
    ? [a.time, 'Boiler', 'DI2 Door in alarm']
    : [a.time, 'Pump house', `AI1 Tank level above the upper limit 4: ${4 + n / 10} m`];
};

/** The value shown under each counter's title. */
function counters(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const stat of document.querySelectorAll('.ant-statistic')) {
    const title = stat.querySelector('.ant-statistic-title')?.textContent ?? '';
    out[title] = stat.querySelector('.ant-statistic-content')?.textContent ?? '';
  }
  return out;
}

let calls: RecordedRequest[] = [];
let restore = (): void => undefined;

beforeAll(installDomStubs);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ({ calls, restore } = mockFetch({ 'GET /me/events': { body: eventsReply(WEEK) } }));
  // Five devices, one a sub-device of Pump house: 3 online, 2 offline, 2 alarming.
  loadTreeStore(
    [
      deviceEntry(1, 'Pump house', 'North'),
      deviceEntry(2, 'Boiler', 'North'),
      deviceEntry(3, 'Gate'),
      deviceEntry(4, 'Well'),
      { ...deviceEntry(5, 'Meter', '', 1), unid: 'SN1_1' },
    ],
    {
      1: { isOnline: true, isAlarm: true, soc: 80 },
      2: { isOnline: true, isAlarm: false, soc: 30 },
      3: { isOnline: false, isAlarm: false, soc: 30 },
      4: { isOnline: false, isAlarm: true, soc: 10 },
      5: { isOnline: true, isAlarm: false, soc: 80 },
    },
  );
});
afterEach(() => {
  restore();
  cleanup();
  vi.useRealTimers();
  resetEquipment();
});

describe('system overview', () => {
  it('shows the counters of the user’s equipment and follows the live channel', async () => {
    await renderInApp(<SystemPage />, 'en');
    expect(counters()).toEqual({ Total: '5', Online: '3', Offline: '2', Alarm: '2' });
    // Boiler goes offline, Gate comes online and alarms.
    act(() =>
      useEquipmentStore.getState().applyUpdates([
        { SN: 'SN2', IsOnline: false },
        { SN: 'SN3', IsOnline: true },
      ]),
    );
    act(() => useEquipmentStore.getState().markAlarm('SN3'));
    expect(counters()).toEqual({ Total: '5', Online: '3', Offline: '2', Alarm: '3' });
    // Pump house goes offline, and its sub-device Meter (which has no link of its own) with it.
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: false }]));
    expect(counters()).toEqual({ Total: '5', Online: '1', Offline: '4', Alarm: '3' });
  });

  it('lists the latest alarms of the last 7 days, newest first, 10 a page, with their text', async () => {
    await renderInApp(<SystemPage />, 'en');
    await waitFor(() => expect(alarmRows()).toHaveLength(10), SLOW);
    expect(alarmRows()).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(expected));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(alarmRows()).toEqual([2, 1].map(expected)), SLOW);

    // One read of the user's events over the last 7 days up to now.
    expect(calls.map((c) => c.method + ' ' + c.path.split('?')[0])).toEqual(['GET /me/events']);
    const query = new URLSearchParams(calls[0]!.path.split('?')[1]);
    expect(query.get('from')).toBe(formatDateTime(NOW - 7 * 24 * 60 * MINUTE));
    expect(query.get('to')).toBe(formatDateTime(NOW));
    // Only the kinds the page shows.
    expect(query.get('kind')).toBe('online,offline,alarm');
  });
});
