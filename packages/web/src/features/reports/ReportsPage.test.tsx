// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportRunView, ReportSettingsView, ReportView } from '../../api/reports';
import { sampleRecord, sampleSettings } from '../../equipment/test-support';
import { i18n } from '../../i18n';
import { errorReply, mockFetch } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { buttonNamed, renderPage } from '../auth/test-render';
import { open, option } from '../history/test-support';
import ReportsPage from './ReportsPage';

const WAIT = { timeout: 8000 };
/** antd forms in jsdom take seconds a step on a busy machine. */
const SLOW_TEST = { timeout: 40_000 };
const HOUR = 3_600_000;

function sampleReport(over: Partial<ReportView> = {}): ReportView {
  return {
    period: 'daily',
    from: '2026-01-03T16:00:00.000Z',
    to: '2026-01-04T16:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    partial: false,
    generatedAt: '2026-01-05T08:00:00.000Z',
    devices: [
      {
        id: 1,
        name: 'Pump house',
        unid: 'DEMO0001',
        onlineMs: 12 * HOUR,
        uptime: 0.5,
        alarms: 2,
        channels: [
          { channel: 'AI1', name: 'Tank level', unit: 'm', min: 0.5, max: 4.75, avg: 2.123456, samples: 40 },
          { channel: 'AI2', name: 'AI2', unit: 'bar', min: 3, max: 3, avg: 3, samples: 0 },
        ],
      },
      { id: 2, name: 'Team host', unid: 'DEMO0004', onlineMs: 24 * HOUR, uptime: 1, alarms: 0, channels: [] },
    ],
    totals: { devices: 2, onlineMs: 36 * HOUR, uptime: 0.75, alarms: 2, samples: 40 },
    omitted: { devices: 0, channels: 0 },
    ...over,
  };
}

const SETTINGS: ReportSettingsView = {
  enabled: true,
  period: 'daily',
  hour: 8,
  weekday: 1,
  equipmentIds: null,
  channels: {},
  email: true,
  timeZone: 'Asia/Shanghai',
  emailAddress: 'ops@example.com',
  nextAt: '2026-01-06T00:00:00.000Z',
};

const RUN: ReportRunView = {
  period: 'daily',
  from: '2026-01-02T16:00:00.000Z',
  to: '2026-01-03T16:00:00.000Z',
  state: 'sent',
  at: '2026-01-04T00:00:05.000Z',
  summary: { devices: 2, alarms: 5, uptime: 0.9 },
};

const tank = sampleRecord({ id: 1, name: 'Pump house', unid: 'DEMO0001' });
const boiler = sampleRecord({
  id: 3,
  name: 'Boiler',
  unid: 'DEMO0002',
  type: 'FL-AI8',
  counts: { do: 2, di: 2, ai: 8, ao: 0 },
  settings: {
    ...sampleSettings({ do: 2, di: 2, ai: 8, ao: 0 }),
    ai: {
      ...sampleSettings({ do: 2, di: 2, ai: 8, ao: 0 }).ai,
      names: ['Supply', '', '', '', '', '', '', ''],
    },
  },
});

const queryOf = (r: RecordedRequest) => Object.fromEntries(new URLSearchParams(r.path.split('?')[1] ?? ''));

function serve(extra: Record<string, Reply | ((r: RecordedRequest) => Reply)> = {}) {
  return mockFetch({
    'GET /reports/preview': (r) => {
      const q = queryOf(r);
      const partial = q.end === 'now';
      return {
        body: sampleReport({
          period: q.period === 'weekly' ? 'weekly' : 'daily',
          partial,
          ...(partial ? { from: '2026-01-04T16:00:00.000Z', to: '2026-01-05T08:00:00.000Z' } : {}),
          ...(q.end && !partial ? { to: q.end } : {}),
        }),
      };
    },
    'GET /reports/settings': { body: SETTINGS },
    'GET /reports/runs': { body: { items: [RUN] } },
    'GET /equipment': { body: { items: [tank, boiler], total: 2 } },
    'PUT /reports/settings': (r) => ({ body: { ...SETTINGS, ...(r.body as object) } }),
    ...extra,
  });
}

const previews = (calls: readonly RecordedRequest[]) =>
  calls.filter((c) => c.path.startsWith('/reports/preview')).map(queryOf);

const render = () => renderPage(<ReportsPage />, { path: '/increment/reports', route: '/increment/reports' });

describe('ReportsPage', () => {
  let restore: (() => void) | null = null;
  beforeEach(() => {
    void i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    restore?.();
    restore = null;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it(
    'shows the last complete day as a table: uptime, alarms, each channel’s min, max and average',
    SLOW_TEST,
    async () => {
      const server = serve();
      restore = server.restore;
      render();
      const doc = await screen.findByTestId('report-document', {}, WAIT);
      expect(within(doc).getByText('Daily report')).toBeTruthy();
      expect(within(doc).getByText(/^2026-01-04 00:00 to 2026-01-05 00:00 \(Asia\/Shanghai\)/)).toBeTruthy();
      expect(previews(server.calls)).toEqual([{ period: 'daily' }]);
      const rows = [...doc.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent),
      );
      expect(rows).toEqual([
        ['Pump houseDEMO0001', '12:00', '50%', '2', 'AI1 Tank level', '0.5 m', '4.75 m', '2.123 m', '40'],
        ['AI2', '3 bar', '3 bar', '3 bar', 'unchanged'],
        ['Team hostDEMO0004', '24:00', '100%', '0', '–', '', '', '', ''],
      ]);
      expect(within(doc).getByText('75%')).toBeTruthy();
      // The schedule and the reports it made.
      expect(await screen.findByText('Next report: 2026-01-06 08:00 (Asia/Shanghai)', {}, WAIT)).toBeTruthy();
      const runs = await screen.findByTestId('report-runs');
      expect(await within(runs).findByText('Mailed', {}, WAIT)).toBeTruthy();
      expect(within(runs).getByText('2 devices, 5 alarms, uptime 90%')).toBeTruthy();
    },
  );

  it('switches to today so far, to weekly, and opens a scheduled report', SLOW_TEST, async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const server = serve();
    restore = server.restore;
    render();
    await screen.findByTestId('report-document', {}, WAIT);
    fireEvent.click(screen.getByText('Today so far'));
    expect(await screen.findByText('so far', {}, WAIT)).toBeTruthy();
    const printed = document.querySelector<HTMLElement>('.fl-report-print')!;
    fireEvent.click(within(printed).getByText('Weekly'));
    expect(await screen.findByText('Weekly report', {}, WAIT)).toBeTruthy();
    const runs = screen.getByTestId('report-runs');
    fireEvent.click(await within(runs).findByText('Open', {}, WAIT));
    await waitFor(
      () =>
        expect(previews(server.calls)).toEqual([
          { period: 'daily' },
          { period: 'daily', end: 'now' },
          { period: 'weekly', end: 'now' },
          { period: 'daily', end: RUN.to },
        ]),
      WAIT,
    );
    expect(await screen.findByText('Scheduled report', {}, WAIT)).toBeTruthy();
  });

  it('downloads the XLSX under the server’s name, mails it, and prints it', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const server = serve({
      'GET /reports/download': {
        body: 'xlsx',
        headers: { 'content-disposition': 'attachment; filename="fieldlink-report-daily-2026-01-04.xlsx"' },
      },
      'POST /reports/send': {
        body: {
          sentTo: 'ops@example.com',
          subject: 'Daily report 2026-01-04: 2 devices, 2 alarms',
          from: '2026-01-03T16:00:00.000Z',
          to: '2026-01-04T16:00:00.000Z',
        },
      },
    });
    restore = server.restore;
    render();
    await screen.findByTestId('report-document', {}, WAIT);
    fireEvent.click(buttonNamed('Download XLSX'));
    await waitFor(() => expect(saved).toEqual(['fieldlink-report-daily-2026-01-04.xlsx']), WAIT);
    expect(server.calls.find((c) => c.path.startsWith('/reports/download'))!.path).toBe(
      '/reports/download?period=daily&format=xlsx',
    );
    await screen.findByText('Next report: 2026-01-06 08:00 (Asia/Shanghai)', {}, WAIT);
    fireEvent.click(buttonNamed('Send to my e-mail'));
    expect(await screen.findByText('The report was mailed to ops@example.com', {}, WAIT)).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ period: 'daily' }]);
    fireEvent.click(buttonNamed('Print / save as PDF'));
    expect(print).toHaveBeenCalledTimes(1);
    // The print area holds the report; the page's other parts are left out of print.
    expect(screen.getByTestId('report-document').closest('.fl-report-print')).toBeTruthy();
    expect(screen.getByTestId('report-settings').classList.contains('fl-report-no-print')).toBe(true);
  });

  it('says why a report cannot be mailed', async () => {
    const server = serve({
      'GET /reports/settings': { body: { ...SETTINGS, emailAddress: null } },
      'POST /reports/send': errorReply(429, 'rate_limited', 'at most 5 report mails an hour'),
    });
    restore = server.restore;
    render();
    await screen.findByText(/No e-mail address is bound/, {}, WAIT);
    expect(buttonNamed('Send to my e-mail').disabled).toBe(true);
  });

  it('saves the schedule: weekly on a weekday, chosen devices and their channels', SLOW_TEST, async () => {
    const server = serve();
    restore = server.restore;
    render();
    const card = await screen.findByTestId('report-settings', {}, WAIT);
    fireEvent.click(within(card).getByText('Weekly'));
    await within(card).findByText('Day of the week', {}, WAIT);
    const weekday = await open('Day of the week');
    fireEvent.click(option(weekday, 'Wednesday'));
    fireEvent.click(within(card).getByText('Chosen devices'));
    await within(card).findByText('Choose devices', {}, WAIT);
    const devices = await open('Choose devices');
    await waitFor(() => option(devices, 'Boiler (DEMO0002)'), WAIT);
    fireEvent.click(option(devices, 'Boiler (DEMO0002)'));
    await within(card).findByLabelText('Channels of Boiler', {}, WAIT);
    const channels = await open('Channels of Boiler');
    fireEvent.click(option(channels, 'AI1 Supply'));
    fireEvent.click(option(channels, 'AI3'));
    fireEvent.click(buttonNamed('Save'));
    expect(await screen.findByText('Report settings saved', {}, WAIT)).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        enabled: true,
        period: 'weekly',
        hour: 8,
        weekday: 3,
        equipmentIds: [3],
        channels: { '3': ['AI1', 'AI3'] },
        email: true,
      },
    ]);
  });

  it('words the report in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const server = serve();
    restore = server.restore;
    render();
    const doc = await screen.findByTestId('report-document', {}, WAIT);
    expect(within(doc).getByText('设备日报')).toBeTruthy();
    expect(within(doc).getByText('无变化')).toBeTruthy();
    expect(screen.getByText('打印 / 另存为 PDF')).toBeTruthy();
  });
});
