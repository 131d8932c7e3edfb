// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EquipmentEvent } from '../../api/events';
import { useMe } from '../../session/me';
import { installDomStubs } from '../../shell/test-support';
import { resetTimeZone, showTimesInSiteZone } from '../../time/test-support';
import EventsTable from './EventsTable';
import { renderInApp } from './test-render';
import { sampleEvent } from './test-support';

beforeAll(installDomStubs);
// The events' `at` are their `time` read in Asia/Shanghai (sampleEvent): shown in that zone, the
// two agree whatever the test machine's own zone.
beforeEach(() => showTimesInSiteZone('Asia/Shanghai'));
afterEach(() => {
  cleanup();
  resetTimeZone();
  useMe.getState().setMe(null);
});

const PUMP = { name: 'Pump house', unid: 'PUMP01' };
const BOILER = { name: 'Boiler', unid: 'BOIL02' };

/** One event of every kind the description handles, newest first, as GET /me/events gives them. */
const EVENTS: EquipmentEvent[] = [
  // A connection refused while it tried to take the device's link: an alarm without a channel.
  sampleEvent({
    id: 10,
    time: '2026-01-05 16:10:00',
    equipment: PUMP,
    channel: null,
    channelKind: null,
    index: null,
    level: null,
    value: null,
    message: 'link contested',
    detail: { cause: 'link_contested', remote: '203.0.113.7:40112', reason: 'wrong secret', attempts: 3 },
  }),
  sampleEvent({
    id: 9,
    time: '2026-01-05 16:09:00',
    equipment: PUMP,
    channel: 'AI1',
    level: 1,
    value: 4.61234,
    detail: { name: 'Tank level', unit: 'm', limit: 4.5 },
  }),
  sampleEvent({
    id: 8,
    time: '2026-01-05 16:08:00',
    equipment: BOILER,
    channel: 'AI2',
    index: 1,
    level: -1,
    value: 0.75,
    detail: { name: 'Pressure', unit: 'bar', limit: 1.2 },
  }),
  // A channel without a name of its own: the server records it under its label.
  sampleEvent({
    id: 7,
    time: '2026-01-05 16:07:00',
    equipment: PUMP,
    channel: 'AI3',
    index: 2,
    level: 1,
    value: 51.5,
    detail: { name: 'AI3', unit: '', limit: 50 },
  }),
  sampleEvent({
    id: 6,
    time: '2026-01-05 16:06:00',
    equipment: PUMP,
    channel: 'DI3',
    channelKind: 'di',
    index: 2,
    level: 1,
    value: 1,
    detail: { name: 'Door', unit: '' },
  }),
  sampleEvent({
    id: 5,
    kind: 'alarm_clear',
    time: '2026-01-05 16:05:00',
    equipment: PUMP,
    channel: 'AI1',
    level: 0,
    value: 3.2,
    detail: { name: 'Tank level', unit: 'm' },
  }),
  sampleEvent({
    id: 4,
    kind: 'alarm_clear',
    time: '2026-01-05 16:04:00',
    equipment: PUMP,
    channel: 'DI3',
    channelKind: 'di',
    index: 2,
    level: 0,
    value: 0,
    detail: { name: 'Door', unit: '' },
  }),
  sampleEvent({
    id: 3,
    kind: 'operation',
    time: '2026-01-05 16:03:00',
    equipment: BOILER,
    channel: null,
    channelKind: null,
    index: null,
    level: null,
    value: null,
    message: 'open DO1: done',
    detail: { operation: 'open DO1', result: 'done' },
  }),
  sampleEvent({
    id: 2,
    kind: 'online',
    time: '2026-01-05 16:02:00',
    equipment: BOILER,
    channel: null,
    channelKind: null,
    index: null,
    level: null,
    value: 1,
    message: 'online',
  }),
  sampleEvent({
    id: 1,
    kind: 'offline',
    time: '2026-01-05 16:01:00',
    equipment: BOILER,
    channel: null,
    channelKind: null,
    index: null,
    level: null,
    value: 0,
    message: 'offline',
  }),
];

/** The text of every cell of every row, in order. */
const cells = (): string[][] =>
  [...document.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );

describe('events table', () => {
  it('shows each event’s time, equipment, kind and its description in English', async () => {
    await renderInApp(<EventsTable items={EVENTS} total={EVENTS.length} showEquipment />, 'en');
    expect(cells()).toEqual([
      [
        '2026-01-05 16:10:00',
        'Pump house',
        'Alarm',
        'Link contested: 203.0.113.7:40112 tried to connect as this device (3 attempts, refused)',
      ],
      ['2026-01-05 16:09:00', 'Pump house', 'Alarm', 'AI1 Tank level above the upper limit 4.5: 4.612 m'],
      ['2026-01-05 16:08:00', 'Boiler', 'Alarm', 'AI2 Pressure below the lower limit 1.2: 0.75 bar'],
      ['2026-01-05 16:07:00', 'Pump house', 'Alarm', 'AI3 above the upper limit 50: 51.5'],
      ['2026-01-05 16:06:00', 'Pump house', 'Alarm', 'DI3 Door in alarm'],
      ['2026-01-05 16:05:00', 'Pump house', 'Alarm cleared', 'AI1 Tank level back to normal: 3.2 m'],
      ['2026-01-05 16:04:00', 'Pump house', 'Alarm cleared', 'DI3 Door back to normal'],
      ['2026-01-05 16:03:00', 'Boiler', 'Operation', 'open DO1: done'],
      ['2026-01-05 16:02:00', 'Boiler', 'Online', 'Came online'],
      ['2026-01-05 16:01:00', 'Boiler', 'Offline', 'Went offline'],
    ]);
  });

  it('writes the descriptions in Chinese, keeping an operation’s own text', async () => {
    await renderInApp(<EventsTable items={EVENTS} total={EVENTS.length} showEquipment />, 'zh');
    expect(cells()).toEqual([
      [
        '2026-01-05 16:10:00',
        'Pump house',
        '报警',
        '连接争用：203.0.113.7:40112 试图冒充此设备连接（3 次，已拒绝）',
      ],
      ['2026-01-05 16:09:00', 'Pump house', '报警', 'AI1 Tank level 高于上限 4.5：4.612 m'],
      ['2026-01-05 16:08:00', 'Boiler', '报警', 'AI2 Pressure 低于下限 1.2：0.75 bar'],
      ['2026-01-05 16:07:00', 'Pump house', '报警', 'AI3 高于上限 50：51.5'],
      ['2026-01-05 16:06:00', 'Pump house', '报警', 'DI3 Door 报警'],
      ['2026-01-05 16:05:00', 'Pump house', '报警解除', 'AI1 Tank level 恢复正常：3.2 m'],
      ['2026-01-05 16:04:00', 'Pump house', '报警解除', 'DI3 Door 恢复正常'],
      ['2026-01-05 16:03:00', 'Boiler', '操作', 'open DO1: done'],
      ['2026-01-05 16:02:00', 'Boiler', '上线', '设备上线'],
      ['2026-01-05 16:01:00', 'Boiler', '离线', '设备离线'],
    ]);
  });

  it('leaves out the equipment and kind columns when asked, and says when the range held more', async () => {
    await renderInApp(<EventsTable items={EVENTS.slice(1, 3)} total={2500} showKind={false} />, 'en');
    expect(cells()).toEqual([
      ['2026-01-05 16:09:00', 'AI1 Tank level above the upper limit 4.5: 4.612 m'],
      ['2026-01-05 16:08:00', 'AI2 Pressure below the lower limit 1.2: 0.75 bar'],
    ]);
    expect(document.body.textContent).toContain('Showing the latest 2 of 2500 events');
  });

  it('shows the instants in the zone the user chose, not the server’s text', async () => {
    // 16:09 in Shanghai is 03:09 in New York (EST, UTC-5, in January).
    showTimesInSiteZone('America/New_York');
    await renderInApp(<EventsTable items={EVENTS.slice(1, 2)} total={1} showKind={false} />, 'tc');
    expect(cells()[0]?.[0]).toBe('2026/01/05 03:09:00');
  });
});
