/** Exports on both databases: CSV and XLSX content, file names, time zones, paging. */
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it as baseIt } from 'vitest';
import { expectError, T0, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import type { SeriesSpec } from './channels.js';
import { columnTitle, contentDisposition, csvText, exportRows } from './export.js';
import { DAY, HOUR, MINUTE, addEquipment, send, store, user } from './test-support.js';
import { ZonedTime } from './time.js';
import { columnName, escapeXml } from './xlsx.js';

describe('export pieces', () => {
  const zone = new ZonedTime('Asia/Shanghai');
  const range = { from: T0 - HOUR, to: T0 };

  baseIt('names the file after the equipment and the range, ASCII first', () => {
    expect(contentDisposition({ id: 3, name: 'Pump house' }, range, zone, 'csv')).toBe(
      'attachment; filename="Pump house_20260105150000_20260105160000.csv"',
    );
    expect(contentDisposition({ id: 3, name: '泵站 1号' }, range, zone, 'xlsx')).toBe(
      'attachment; filename="__ 1__20260105150000_20260105160000.xlsx"; ' +
        "filename*=UTF-8''%E6%B3%B5%E7%AB%99%201%E5%8F%B7_20260105150000_20260105160000.xlsx",
    );
    expect(contentDisposition({ id: 3, name: '泵站' }, range, zone, 'csv')).toBe(
      'attachment; filename="equipment-3_20260105150000_20260105160000.csv"; ' +
        "filename*=UTF-8''%E6%B3%B5%E7%AB%99_20260105150000_20260105160000.csv",
    );
    expect(contentDisposition({ id: 4, name: 'a"b/c\\d;e' }, range, new ZonedTime('UTC'), 'csv')).toBe(
      'attachment; filename="a_b_c_d_e_20260105070000_20260105080000.csv"',
    );
    expect(contentDisposition({ id: 5, name: "it's (1)*" }, range, zone, 'csv')).toBe(
      'attachment; filename="it\'s (1)*_20260105150000_20260105160000.csv"'.replace('*', '_'),
    );
  });

  baseIt('titles columns with label, name and unit, and keeps text cells inert', () => {
    const spec = (over: Partial<SeriesSpec>): SeriesSpec => ({
      key: 'ai1',
      kind: 'ai',
      index: 0,
      name: 'AI1',
      unit: '',
      analog: true,
      ...over,
    });
    expect(columnTitle(spec({}))).toBe('AI1');
    expect(columnTitle(spec({ name: 'Tank', unit: 'm' }))).toBe('AI1 Tank (m)');
    expect(columnTitle(spec({ kind: 'soc', name: 'SOC', unit: '%' }))).toBe('SOC (%)');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('-x,y')).toBe(`"'-x,y"`);
    expect(escapeXml('a<b>&"\u0001')).toBe('a&lt;b&gt;&amp;&quot;');
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});

describe.each(storageCases())('history export on %s', (store_) => {
  const it = baseIt.skipIf(store_.skip !== null);
  const h = useAccountsApp(store_);
  let owner: { token: string; id: number };
  let id: number;

  const get = (query: string, equipmentId = id) =>
    send(h, 'GET', `/equipment/${equipmentId}/export?${query}`, owner.token);
  const csv = (res: LightMyRequestResponse): string[] => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    return res.body.slice(1).split('\r\n').slice(0, -1);
  };

  beforeAll(async () => {
    if (store_.skip !== null) return;
    owner = await user(h, 'export-owner');
    id = await addEquipment(h, owner.token, {
      sn: 'EXPORT01',
      type: 'FL-AI8',
      name: '泵站 North',
      settings: {
        ai: { names: ['Tank, level', '=HYPERLINK("x")'], units: ['m', 'bar'] },
        di: { names: ['Door'] },
      },
    });
    const at = (minutes: number, seconds = 0) => T0 - HOUR + minutes * MINUTE + seconds * 1000;
    await store(h, [
      // Before the range: what AI2 and DI1 show when it begins.
      { equipmentId: id, kind: 'ai', channel: 1, value: 3.25, at: T0 - 2 * HOUR },
      { equipmentId: id, kind: 'di', channel: 0, value: 1, at: T0 - 2 * HOUR },
      { equipmentId: id, kind: 'ai', channel: 0, value: 1, at: at(0) },
      { equipmentId: id, kind: 'ai', channel: 0, value: 2, at: at(0, 30) },
      { equipmentId: id, kind: 'ai', channel: 0, value: 4, at: at(5) },
      { equipmentId: id, kind: 'di', channel: 0, value: 0, at: at(5, 10) },
      { equipmentId: id, kind: 'di', channel: 0, value: 1, at: at(5, 20) },
      { equipmentId: id, kind: 'ai', channel: 1, value: 3.5, at: at(59, 59) },
    ]);
  });

  it('streams a CSV with a header, one row per minute with a change, carried values', async () => {
    const res = await get(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai1,ai2,di1`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="__ North_20260105150000_20260105160000.csv"; ' +
        "filename*=UTF-8''%E6%B3%B5%E7%AB%99%20North_20260105150000_20260105160000.csv",
    );
    expect(csv(res)).toEqual([
      `time,"AI1 Tank, level (m)","AI2 =HYPERLINK(""x"") (bar)",DI1 Door`,
      '2026-01-05 15:00:00,1.5,3.25,1',
      '2026-01-05 15:05:00,4,3.25,1',
      '2026-01-05 15:59:00,4,3.5,1',
    ]);
  });

  it('writes times in the zone asked for, at the interval asked for', async () => {
    const lines = csv(await get(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai1&interval=600&tz=UTC`));
    expect(lines).toEqual(['time,"AI1 Tank, level (m)"', '2026-01-05 07:00:00,2.33333333333']);
    const all = csv(await get(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&interval=3600`));
    expect(all[0]).toBe(
      'time,DO1,DO2,DI1 Door,DI2,"AI1 Tank, level (m)","AI2 =HYPERLINK(""x"") (bar)",AI3,AI4,AI5,AI6,AI7,AI8',
    );
    expect(all.slice(1)).toEqual(['2026-01-05 15:00:00,,,1,,2.33333333333,3.5,,,,,,']);
    // Nothing in the range: the header alone.
    expect(csv(await get(`from=${iso(T0 - 3 * DAY)}&to=${iso(T0 - 2 * DAY)}&channels=ai1`))).toHaveLength(1);
  });

  it('builds an XLSX workbook whose sheet holds the same rows', async () => {
    const res = await get(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai1,di1&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename=".*\.xlsx"; filename\*=UTF-8''.*\.xlsx$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(files['[Content_Types].xml']!)).toContain('/xl/worksheets/sheet1.xml');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="History" sheetId="1" r:id="rId1"/>');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const rows = [...sheet.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual([
      [
        '1',
        '<c r="A1" t="inlineStr"><is><t>time</t></is></c>' +
          '<c r="B1" t="inlineStr"><is><t>AI1 Tank, level (m)</t></is></c>' +
          '<c r="C1" t="inlineStr"><is><t>DI1 Door</t></is></c>',
      ],
      [
        '2',
        '<c r="A2" t="inlineStr"><is><t>2026-01-05 15:00:00</t></is></c><c r="B2"><v>1.5</v></c><c r="C2"><v>1</v></c>',
      ],
      [
        '3',
        '<c r="A3" t="inlineStr"><is><t>2026-01-05 15:05:00</t></is></c><c r="B3"><v>4</v></c><c r="C3"><v>1</v></c>',
      ],
    ]);
    expect(sheet.startsWith('<?xml')).toBe(true);
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });

  it('gives the same rows whatever the window size', async () => {
    const big = await addEquipment(h, owner.token, { sn: 'EXPORT02', type: 'FL-AI8', name: 'Dense' });
    const samples = Array.from({ length: 1000 }, (_, i) => ({
      equipmentId: big,
      kind: (i % 3 === 0 ? 'di' : 'ai') as 'ai' | 'di',
      channel: i % 2,
      value: i % 3 === 0 ? i % 2 : i / 7,
      at: T0 - 5 * HOUR + i * 17_000,
    }));
    await store(h, samples);
    const series: SeriesSpec[] = [
      { key: 'ai1', kind: 'ai', index: 0, name: 'AI1', unit: '', analog: true },
      { key: 'ai2', kind: 'ai', index: 1, name: 'AI2', unit: '', analog: true },
      { key: 'di1', kind: 'di', index: 0, name: 'DI1', unit: '', analog: false },
      { key: 'di2', kind: 'di', index: 1, name: 'DI2', unit: '', analog: false },
    ];
    const source = {
      db: h.storage.db,
      equipmentId: big,
      series,
      range: { from: T0 - 5 * HOUR + 5000, to: T0 },
      grid: { origin: T0 - 5 * HOUR, intervalMs: 60_000 },
    };
    const collect = async (options: Parameters<typeof exportRows>[1]) => {
      const rows = [];
      for await (const row of exportRows(source, options)) rows.push(row);
      return rows;
    };
    const whole = await collect({ maxRows: 1_000_000, maxMs: 60_000 });
    expect(whole.length).toBeGreaterThan(250);
    expect(new Set(whole.map((r) => r.t)).size).toBe(whole.length);
    expect(whole.every((r, i) => i === 0 || r.t > whole[i - 1]!.t)).toBe(true);
    expect(await collect({ maxRows: 8, maxMs: 60_000 })).toEqual(whole);
    expect(await collect({ maxRows: 100, maxMs: 0 })).toEqual(whole);
  });

  it('refuses an export past a million rows and answers strangers 404', async () => {
    const message = expectError(
      await get(`from=${iso(T0 - 30 * DAY)}&to=${iso(T0)}&interval=1`),
      400,
      'bad_request',
    );
    expect(message).toContain('at least 5 s');
    expectError(await get('format=pdf'), 400, 'bad_request');
    const stranger = await user(h, 'export-stranger');
    expectError(await send(h, 'GET', `/equipment/${id}/export`, stranger.token), 404, 'not_found');
  });
});

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
