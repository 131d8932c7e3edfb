import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  fetchAllUserEvents,
  fetchEvents,
  fetchHistory,
  fetchUserEvents,
  fileNameFromDisposition,
  formatDateTime,
  saveChartFilter,
  startExport,
} from './history';
import { sampleEvent } from '../features/history/test-support';

afterEach(() => vi.unstubAllGlobals());

/** An event of GET /me/events, which names its equipment. */
const userEvent = (id: number) => ({ ...sampleEvent({ id }), equipment: { name: 'Pump', unid: 'P1' } });

function reply(body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Stubs fetch with `answer` and returns the calls it saw. */
function stubFetch(answer: (url: string) => Response = () => reply({ items: [], total: 0 })) {
  const calls: { url: URL; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url: new URL(url, 'http://console/'), init });
      return Promise.resolve(answer(url));
    }),
  );
  return calls;
}

// Local wall-clock times, so the expected text holds in any time zone the tests run in.
const FROM = new Date(2026, 0, 5, 15, 0, 0).getTime();
const TO = new Date(2026, 0, 5, 16, 4, 9).getTime();
const ISO = '2026-01-05T08:00:00.000Z';

describe('formatDateTime', () => {
  it('writes yyyy-MM-dd HH:mm:ss on the local clock, zero-padded, 24-hour', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3, 9))).toBe('2026-01-05 07:03:09');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59, 59).getTime())).toBe('2026-12-31 23:59:59');
  });
});

describe('history calls', () => {
  it('asks for curves with the range as wall-clock text, the zone, the channels and the interval', async () => {
    const calls = stubFetch(() => reply({ series: [], from: ISO, to: ISO, interval: 60, tz: 'UTC' }));
    await fetchHistory(42, { from: FROM, to: TO, channels: ['ai1', 'do2'], interval: 300 });
    const { url, init } = calls[0]!;
    expect(url.pathname).toBe('/api/v1/equipment/42/history');
    expect(url.searchParams.get('from')).toBe('2026-01-05 15:00:00');
    expect(url.searchParams.get('to')).toBe('2026-01-05 16:04:09');
    expect(url.searchParams.get('tz')).toBe(browserTimeZone());
    expect(url.searchParams.get('channels')).toBe('ai1,do2');
    expect(url.searchParams.get('interval')).toBe('300');
    expect(init.method).toBe('GET');
  });

  it("leaves the channels to the server's default and asks for 60 s buckets when none are chosen", async () => {
    const calls = stubFetch(() => reply({ series: [], from: ISO, to: ISO, interval: 60, tz: 'UTC' }));
    await fetchHistory(7, { from: FROM, to: TO, channels: [] });
    const { url } = calls[0]!;
    expect(url.searchParams.has('channels')).toBe(false);
    expect(url.searchParams.get('interval')).toBe('60');
  });

  it("asks for an equipment's events, 2,000 a page by default", async () => {
    const calls = stubFetch();
    await fetchEvents(42);
    const { url } = calls[0]!;
    expect(url.pathname).toBe('/api/v1/equipment/42/events');
    expect(url.searchParams.get('limit')).toBe('2000');
    // The server's default range (the last 24 hours) applies.
    expect(url.searchParams.has('from')).toBe(false);
    expect(url.searchParams.has('to')).toBe(false);
    expect(url.searchParams.get('tz')).toBe(browserTimeZone());
  });

  it("asks for the user's events with a range and paging", async () => {
    const calls = stubFetch();
    await fetchUserEvents({ from: FROM, to: TO, limit: 50, offset: 100 });
    const { url } = calls[0]!;
    expect(url.pathname).toBe('/api/v1/me/events');
    expect(url.searchParams.get('from')).toBe('2026-01-05 15:00:00');
    expect(url.searchParams.get('limit')).toBe('50');
    expect(url.searchParams.get('offset')).toBe('100');
  });

  it("reads the user's events page after page and stops at the page cap", async () => {
    const event = (id: number) => userEvent(id);
    const calls = stubFetch((url) => {
      const offset = Number(new URL(url, 'http://x/').searchParams.get('offset') ?? 0);
      return reply({ items: Array.from({ length: 2000 }, (_, i) => event(offset + i)), total: 9000 });
    });
    const capped = await fetchAllUserEvents({ from: FROM, to: TO }, 2);
    expect(capped.items).toHaveLength(4000);
    expect(capped.complete).toBe(false);
    expect(calls.map((c) => c.url.searchParams.get('offset'))).toEqual(['0', '2000']);
  });

  it("reads the user's events to the end when they fit", async () => {
    stubFetch((url) => {
      const offset = Number(new URL(url, 'http://x/').searchParams.get('offset') ?? 0);
      const n = Math.min(2000, 2500 - offset);
      return reply({ items: Array.from({ length: n }, (_, i) => userEvent(offset + i)), total: 2500 });
    });
    const all = await fetchAllUserEvents({}, 5);
    expect(all.items).toHaveLength(2500);
    expect(all.complete).toBe(true);
  });

  it('starts an export with the format and names the file from Content-Disposition', async () => {
    const calls = stubFetch(
      () =>
        new Response('Time\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition':
              'attachment; filename="equipment-42_20260105150000_20260105160000.csv"; filename*=UTF-8\'\'%E6%B3%B5%E7%AB%99_20260105150000_20260105160000.csv',
          },
        }),
    );
    const download = await startExport(42, { from: FROM, to: TO, channels: ['ai1'], format: 'xlsx' });
    const { url } = calls[0]!;
    expect(url.pathname).toBe('/api/v1/equipment/42/export');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('from')).toBe('2026-01-05 15:00:00');
    expect(url.searchParams.get('to')).toBe('2026-01-05 16:04:09');
    expect(url.searchParams.get('channels')).toBe('ai1');
    expect(url.searchParams.get('interval')).toBe('60');
    expect(download.fileName).toBe('泵站_20260105150000_20260105160000.csv');
    expect(await download.response.text()).toBe('Time\r\n');
  });

  it('names an export without Content-Disposition after the equipment and range', async () => {
    stubFetch(() => new Response('x', { status: 200, headers: { 'content-length': '1' } }));
    const download = await startExport(9, { from: FROM, to: TO, format: 'csv' });
    expect(download.fileName).toBe('equipment-9_20260105150000_20260105160409.csv');
    expect(download.size).toBe(1);
  });

  it('saves the curves of one equipment in the user record, and forgets them when none are left', async () => {
    const calls = stubFetch(() => reply({ id: 1, chartFilters: {} }));
    await saveChartFilter(42, ['ai1', 'do3']);
    await saveChartFilter(42, []);
    expect(calls[0]!.url.pathname).toBe('/api/v1/me');
    expect(calls[0]!.init.method).toBe('PATCH');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ chartFilters: { '42': ['ai1', 'do3'] } });
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ chartFilters: { '42': null } });
  });

  it('saves at most 32 curve names', async () => {
    const calls = stubFetch(() => reply({}));
    const names = Array.from({ length: 33 }, (_, i) => `ai${i + 1}`);
    await saveChartFilter(1, names.slice(0, 32));
    await saveChartFilter(1, names);
    const sent = (i: number) =>
      (JSON.parse(String(calls[i]!.init.body)) as { chartFilters: Record<string, string[]> }).chartFilters[
        '1'
      ];
    expect(sent(0)).toHaveLength(32);
    expect(sent(1)).toEqual(names.slice(0, 32));
  });
});

describe('fileNameFromDisposition', () => {
  it('takes the quoted filename', () => {
    expect(fileNameFromDisposition('attachment; filename="Pump house_20260105150000.csv"')).toBe(
      'Pump house_20260105150000.csv',
    );
  });

  it('takes a bare token filename and any case of the parameter name', () => {
    expect(fileNameFromDisposition('attachment; FileName=report.xlsx')).toBe('report.xlsx');
  });

  it('prefers filename* (RFC 5987) in UTF-8, in either order', () => {
    const star = "filename*=UTF-8''%E6%B3%B5%E7%AB%99%20A.csv";
    expect(fileNameFromDisposition(`attachment; filename="___ A.csv"; ${star}`)).toBe('泵站 A.csv');
    expect(fileNameFromDisposition(`attachment; ${star}; filename="___ A.csv"`)).toBe('泵站 A.csv');
  });

  it('reads an RFC 5987 value with a language tag and a lower-case charset', () => {
    expect(fileNameFromDisposition("attachment; filename*=utf-8'zh-CN'%E6%B3%B5.csv")).toBe('泵.csv');
  });

  it('reads ISO-8859-1 extended values', () => {
    expect(fileNameFromDisposition("attachment; filename*=iso-8859-1'en'%A3%20rates.csv")).toBe(
      '£ rates.csv',
    );
  });

  it('falls back to filename when filename* is broken or of an unknown charset', () => {
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'%E6%ZZ.csv; filename="a.csv"')).toBe(
      'a.csv',
    );
    expect(fileNameFromDisposition('attachment; filename*=koi8-r\'\'%C1.csv; filename="b.csv"')).toBe(
      'b.csv',
    );
    expect(fileNameFromDisposition('attachment; filename*=nonsense; filename="c.csv"')).toBe('c.csv');
  });

  it('unescapes quoted pairs and keeps a ; inside quotes', () => {
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\"; c.csv"')).toBe('a _b_; c.csv');
  });

  it('makes path separators and characters a file name cannot hold into _', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''a%2Fb%5Cc%3A.csv")).toBe('a_b_c_.csv');
  });

  it('gives null without a usable name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('')).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
  });
});
