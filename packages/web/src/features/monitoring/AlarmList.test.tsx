// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EquipmentEvent } from '../../api/events';
import { useAlarms } from '../../alarms/store';
import { putRecord, resetEquipment } from '../../equipment/loading';
import {
  deviceEntry,
  loadTreeStore,
  R8_COUNTS,
  sampleRecord,
  sampleSettings,
} from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import { eventsReply, sampleEvent } from '../history/test-support';
import { browserTimeZone, formatInstant } from '../../time/format';
import AlarmList from './AlarmList';
import { renderWithApp } from './test-render';

const NOW = Date.UTC(2026, 0, 5, 8, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SLOW = { timeout: 8000 };

const PUMP = { name: 'Pump house', unid: 'SN1' };
const BOILER = { name: 'Boiler', unid: 'SN2' };

function stored(id: number, ago: number, overrides: Partial<EquipmentEvent> = {}): EquipmentEvent {
  return sampleEvent({
    id,
    at: new Date(NOW - ago).toISOString(),
    time: `t-${id}`,
    message: `stored ${id}`,
    ...overrides,
  });
}

/** GET /me/events as the server gives it, newest first. */
const EVENTS = [
  stored(1, HOUR, {
    equipment: PUMP,
    channel: 'AI1',
    level: 1,
    value: 4.6,
    detail: { name: 'Tank level', unit: 'm', limit: 4.5 },
  }),
  stored(2, 2 * HOUR, { equipment: PUMP, kind: 'alarm_clear', level: 0 }),
  stored(3, 3 * HOUR, {
    equipment: BOILER,
    channel: 'AI2',
    level: -1,
    value: 0.25,
    detail: { name: 'Pressure', unit: 'bar', limit: 0.5 },
  }),
  stored(4, 23 * HOUR + 59 * MINUTE, {
    equipment: BOILER,
    channel: 'DI1',
    channelKind: 'di',
    level: 1,
    value: 1,
    detail: { name: 'Door' },
  }),
  // Older than the window: the list leaves it out even when a reply holds it.
  stored(5, 24 * HOUR + MINUTE, { equipment: PUMP, channel: 'AI1', level: 1, value: 9 }),
];

/** The cells of each row shown: time, device, channel, level, value, message (then its acknowledgement). */
const rows = (): string[][] =>
  [...document.querySelectorAll('.ant-table-row')].map((row) =>
    [...row.querySelectorAll('.ant-table-cell')].slice(0, 6).map((cell) => cell.textContent ?? ''),
  );
/** The events with their equipment's ids (the Pump house is 1, the Boiler 2). */
const withIds = (events: EquipmentEvent[]): EquipmentEvent[] =>
  events.map((e) => ({ ...e, equipmentId: e.equipment?.unid === 'SN2' ? 2 : 1 }));
/** Each row's acknowledgement cell. */
const ackCells = (): Element[] =>
  [...document.querySelectorAll('.ant-table-row')].map((row) => row.querySelectorAll('.ant-table-cell')[6]!);
const ACK = { userId: 7, userName: 'Wang Operator', at: new Date(NOW - 30 * MINUTE).toISOString() };
/** An instant as the list shows it by default: in the browser's zone, in English. */
const local = (iso: string): string => formatInstant(iso, browserTimeZone(), 'en');
/** A stored alarm's time as the list shows it (its `at`, not the server's `time` text). */
const shown = (id: number): string => local(EVENTS.find((e) => e.id === id)!.at);

/** The Boiler's AI2 above its upper limit, pushed now with the server's `text`. */
function pushAlarm(text: string) {
  act(() => {
    useAlarms.getState().add({
      key: 'pushed',
      unid: 'SN2',
      name: 'Boiler',
      channel: 'AI2',
      level: 1,
      value: 7.5,
      time: 't-new',
      text,
      receivedAt: Date.now(),
    });
  });
}

let calls: RecordedRequest[] = [];
let restore = (): void => undefined;

beforeAll(installDomStubs);
beforeEach(() => {
  setLanguage('en');
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  ({ calls, restore } = mockFetch({ 'GET /me/events': { body: eventsReply(EVENTS) } }));
  loadTreeStore([deviceEntry(1, 'Pump house'), deviceEntry(2, 'Boiler')], {
    1: { isOnline: true, isAlarm: true, soc: 30 },
    2: { isOnline: true, isAlarm: true, soc: 30 },
  });
});
afterEach(() => {
  restore();
  cleanup();
  vi.useRealTimers();
  useAlarms.getState().clear();
  resetEquipment();
  useMe.getState().setMe(null);
});

describe('alarm list', () => {
  it('lists the alarms of the last 24 hours, newest first, those pushed since on top', async () => {
    renderWithApp(<AlarmList selectedId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
    expect(rows()).toEqual([
      // Worded from the events' fields in the user's language, not the server's text.
      [
        shown(1),
        'Pump house',
        'AI1',
        'Above the upper limit',
        '4.6',
        'AI1 Tank level above the upper limit 4.5: 4.6 m',
      ],
      [
        shown(3),
        'Boiler',
        'AI2',
        'Below the lower limit',
        '0.25',
        'AI2 Pressure below the lower limit 0.5: 0.25 bar',
      ],
      [shown(4), 'Boiler', 'DI1', 'Alarm', '1', 'DI1 Door in alarm'],
    ]);
    // Read once, for the 24 hours up to now.
    expect(calls).toHaveLength(1);
    const query = new URLSearchParams(calls[0]!.path.split('?')[1]);
    expect([query.get('from'), query.get('to')]).toEqual([
      new Date(NOW - 24 * HOUR).toISOString(),
      new Date(NOW).toISOString(),
    ]);
    // Only alarms raised: other events cannot push them out of the page of 2,000.
    expect(query.get('kind')).toBe('alarm');

    pushAlarm('pushed now');
    await waitFor(() => expect(rows()).toHaveLength(4), SLOW);
    // The Boiler's record is not in: the server's text stands.
    expect(rows()[0]).toEqual(['t-new', 'Boiler', 'AI2', 'Above the upper limitNew', '7.5', 'pushed now']);
    expect(rows().map((r) => r[0])).toEqual(['t-new', shown(1), shown(3), shown(4)]);
  });

  it("words a pushed alarm from its equipment's record, in the user's language", async () => {
    const settings = sampleSettings(R8_COUNTS);
    putRecord(
      sampleRecord({
        id: 2,
        unid: 'SN2',
        name: 'Boiler',
        settings: {
          ...settings,
          ai: { ...settings.ai, names: ['', 'Pressure'], units: ['', 'bar'], alarmHigh: [0, 7] },
        },
      }),
    );
    setLanguage('zh');
    renderWithApp(<AlarmList selectedId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
    expect(rows()[0]?.[5]).toBe('AI1 Tank level 高于上限 4.5：4.6 m');
    pushAlarm('AI2 Pressure above the upper limit 7: 7.5 bar');
    await waitFor(() => expect(rows()).toHaveLength(4), SLOW);
    expect(rows()[0]?.[5]).toBe('AI2 Pressure 高于上限 7：7.5 bar');
    // What the server sent with an alarm wins over the record the console holds.
    act(() => {
      useAlarms.getState().add({
        key: 'pushed-with-facts',
        unid: 'SN2',
        name: 'Boiler',
        channel: 'AI2',
        level: 1,
        value: 9.5,
        time: 't-newer',
        text: 'AI2 Pressure above the upper limit 9: 9.5 bar',
        facts: { name: 'Pressure', unit: 'bar', limit: 9 },
        receivedAt: Date.now(),
      });
    });
    await waitFor(() => expect(rows()).toHaveLength(5), SLOW);
    expect(rows()[0]?.[5]).toBe('AI2 Pressure 高于上限 9：9.5 bar');
  });

  it('drops an alarm from the list as it turns 24 hours old', async () => {
    renderWithApp(<AlarmList selectedId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
    // One minute on, the DI alarm is exactly 24 hours old: still in.
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(rows().map((r) => r[0])).toEqual([shown(1), shown(3), shown(4)]);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(rows().map((r) => r[0])).toEqual([shown(1), shown(3)]);
    // The list is not read again for that.
    expect(calls).toHaveLength(1);
  });

  it('shows who acknowledged each alarm and when, and acknowledges one from its row', async () => {
    const events = withIds([
      { ...EVENTS[0]!, ack: ACK },
      ...EVENTS.slice(1).map((e) => ({ ...e, ack: null })),
    ]);
    restore();
    ({ calls, restore } = mockFetch({
      'GET /me/events': { body: eventsReply(events) },
      'POST /equipment/2/events/3/ack': {
        body: { eventId: 3, ack: { ...ACK, userName: 'Li Owner', at: new Date(NOW).toISOString() } },
      },
    }));
    // Operating needs the account's OPR ability as well as the right: the sample user holds it.
    useMe.getState().setMe(sampleMe());
    renderWithApp(<AlarmList selectedId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
    expect(ackCells()[0]?.textContent).toBe(`AcknowledgedWang Operator, ${local(ACK.at)}`);
    // The user may operate the Boiler: its alarms have the button.
    const button = ackCells()[1]!.querySelector('button')!;
    expect(button.textContent).toBe('Acknowledge');
    act(() => button.click());
    await waitFor(() => expect(ackCells()[1]?.textContent).toContain('Li Owner'), SLOW);
    expect(ackCells()[1]?.textContent).toBe(`AcknowledgedLi Owner, ${local(new Date(NOW).toISOString())}`);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /equipment/2/events/3/ack');
    // Another session's acknowledgement (the AlarmAck push) shows at once, without reading again.
    act(() => {
      useAlarms.getState().acknowledged(4, { ...ACK, userName: 'Zhao Colleague' });
    });
    expect(ackCells()[2]?.textContent).toContain('Zhao Colleague');
  });

  it('offers no Acknowledge to a user who may only read the equipment', async () => {
    loadTreeStore(
      [
        { ...deviceEntry(1, 'Pump house'), level: 1 },
        { ...deviceEntry(2, 'Boiler'), level: 1 },
      ],
      {},
    );
    // The account may operate (OPR); the equipment is only shared to read.
    useMe.getState().setMe(sampleMe());
    renderWithApp(<AlarmList selectedId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
    expect(ackCells().map((c) => c.textContent)).toEqual([
      'Not acknowledged',
      'Not acknowledged',
      'Not acknowledged',
    ]);
  });

  it("clears the acknowledged alarms from the user's list, on the server too", async () => {
    const events = withIds([
      { ...EVENTS[0]!, ack: ACK },
      ...EVENTS.slice(1).map((e) => ({ ...e, ack: null })),
    ]);
    restore();
    let cleared: unknown = null;
    ({ calls, restore } = mockFetch({
      'GET /me/events': { body: eventsReply(events) },
      'POST /me/alarms/clear': (request) => {
        cleared = request.body;
        return { body: { cleared: 1 } };
      },
    }));
    renderWithApp(<AlarmList selectedId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(3), SLOW);
    const clear = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Clear acknowledged',
    )!;
    expect(clear.disabled).toBe(false);
    act(() => clear.click());
    // Asked first; the history keeps them.
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-primary');
      expect(button).not.toBeNull();
      return button!;
    }, SLOW);
    act(() => ok.click());
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual([shown(3), shown(4)]), SLOW);
    expect(cleared).toEqual({ ids: [1] });
    // Nothing acknowledged is left: nothing to clear.
    await waitFor(() => expect(clear.disabled).toBe(true), SLOW);
    // The list is read again leaving out what this user cleared.
    const reads = calls.filter((c) => c.path.startsWith('/me/events'));
    expect(new URLSearchParams(reads.at(-1)!.path.split('?')[1]).get('cleared')).toBe('hide');
  });
});
