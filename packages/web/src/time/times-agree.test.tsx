// @vitest-environment jsdom
/**
 * Issue 27 item 1: the alarm list, its acknowledgements, the alarm notices, the header's notice
 * stamps and the history's events showed one instant in two zones. Shown together, each now reads
 * it in the zone the user chose: here the site's, told by the server (GET /notices/settings), one
 * with daylight saving that is neither the server's default nor any test machine's likely zone.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveAlarmOf, useAlarms } from '../alarms/store';
import { deviceEntry, loadTreeStore } from '../equipment/test-support';
import { resetEquipment } from '../equipment/loading';
import { i18n } from '../i18n';
import { useMe } from '../session/me';
import { useSession } from '../session/store';
import { sampleMe } from '../session/test-support';
import { installDomStubs, signedIn } from '../shell/test-support';
import EventsTable from '../features/history/EventsTable';
import { sampleEvent } from '../features/history/test-support';
import AlarmList from '../features/monitoring/AlarmList';
import AlarmNoticesPage from '../features/notices/AlarmNoticesPage';
import { alarmNotice, NoticeServer, renderNotices } from '../features/notices/test-support';
import { formatInstant } from './format';
import { resetTimeZone } from './test-support';

const WAIT = { timeout: 8000 };
const SITE = 'America/New_York';
/** 2026-07-01 12:00:00 UTC: 08:00 in New York (EDT, UTC-4), 20:00 in Shanghai. */
const RAISED = Date.UTC(2026, 6, 1, 12, 0, 0);
const ACKED = RAISED + 90_000;
const PUSHED = RAISED + 120_000;

const shown = (at: number, language: 'en' | 'zh' | 'tc') => formatInstant(at, SITE, language);

/** The server's texts of the same instants, in its own zone: none of them may show. */
const SERVER_TEXT = '2026-07-01 20:00:00';

let server: NoticeServer;

beforeAll(installDomStubs);
beforeEach(() => {
  // The alarm list keeps the last 24 hours: the clock stands ten minutes after the alarm.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(RAISED + 10 * 60_000);
  signedIn('en');
  loadTreeStore([deviceEntry(1, 'Pump house')], { 1: { isOnline: true, isAlarm: true, soc: 30 } });
  const event = sampleEvent({
    id: 41,
    equipmentId: 1,
    at: new Date(RAISED).toISOString(),
    time: SERVER_TEXT,
    equipment: { name: 'Pump house', unid: 'SN1' },
    ack: { userId: 7, userName: 'alice', at: new Date(ACKED).toISOString() },
  });
  server = new NoticeServer({
    'GET /notices/settings': {
      body: {
        emailAlarms: false,
        email: null,
        quietHours: { enabled: false, start: 0, end: 0 },
        timeZone: SITE,
      },
    },
    'GET /me/events': { body: { items: [event], total: 1 } },
  });
  server.alarms = [alarmNotice(1, { at: new Date(RAISED).toISOString() })];
  // The user chose the site's zone; the console learns it from the server.
  useMe.getState().setMe(sampleMe({ param: { ...sampleMe().param, consoleSettings: { timeZone: 'site' } } }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  server.restore();
  useAlarms.getState().clear();
  resetEquipment();
  resetTimeZone();
  useMe.getState().setMe(null);
  useSession.getState().clear();
});

describe('times on one screen', () => {
  it.each(['en', 'zh', 'tc'] as const)(
    'the alarm list, its acknowledgement, the alarm notices and the history events agree (%s)',
    async (language) => {
      await act(() => i18n.changeLanguage(language));
      const event = sampleEvent({ id: 41, at: new Date(RAISED).toISOString(), time: SERVER_TEXT });
      renderNotices(
        <>
          <AlarmList selectedId={null} />
          <AlarmNoticesPage />
          <EventsTable items={[event]} total={1} />
        </>,
        '/notices/alarms',
      );
      const raised = shown(RAISED, language);
      // The site's zone arrives from the server: every time then reads in it.
      await waitFor(() => expect(screen.getByTestId('alarm-time').textContent).toBe(raised), WAIT);
      expect(screen.getByTestId('event-time').textContent).toBe(raised);
      // Acknowledged 90 s after it was raised, and it reads so (not hours before it).
      const ack = screen.getByTestId('alarm-ack').textContent ?? '';
      expect(ack.endsWith(shown(ACKED, language))).toBe(true);
      const noticeRow = document.querySelector('[data-testid="alarm-notices"] .ant-table-row');
      expect(noticeRow?.textContent).toContain(raised);
      expect(document.body.textContent).not.toContain(SERVER_TEXT);

      // An alarm pushed now, with its instant, lands on the same clock.
      act(() => {
        useAlarms.getState().add(
          liveAlarmOf(
            {
              SN: 'SN1',
              channel: 'AI1',
              level: 1,
              value: 5,
              Time: '2026-07-01 20:02:00',
              at: new Date(PUSHED).toISOString(),
              text: 'AI1 high',
            },
            'Pump house',
            Date.now() + 1000,
          ),
        );
      });
      await waitFor(
        () =>
          expect(screen.getAllByTestId('alarm-time').map((e) => e.textContent)).toEqual([
            shown(PUSHED, language),
            raised,
          ]),
        WAIT,
      );
    },
  );
});
