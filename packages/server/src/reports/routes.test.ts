/** The report routes on both databases: settings, preview, download, mail now, scheduled runs. */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import type { Report, ReportRunList, ReportSettings } from '@fieldlink/protocol';
import { beforeAll, describe, expect, it as baseIt } from 'vitest';
import { expectError, login, sendAs, T0, useAccountsApp } from '../accounts/test-support.js';
import { addEquipment, HOUR, store, user } from '../history/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { claimRun, finishRun } from './store.js';
import { Outbox, sheetName, sheetRows } from './test-support.js';

/** T0 is Monday 2026-01-05 16:00 in Shanghai, the server's default zone. */
const DAY0 = Date.UTC(2026, 0, 3, 16);

describe.each(storageCases())('report routes on %s', (store_) => {
  const it = baseIt.skipIf(store_.skip !== null);
  const outbox = new Outbox();
  const h = useAccountsApp(store_, { mailOutlet: outbox.outlet });
  let owner: { token: string; id: number };
  let tank: number;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, token = owner.token) =>
    sendAs(h.app, method, url, token, body);
  const settingsBody = {
    enabled: true,
    period: 'weekly',
    hour: 7,
    weekday: 3,
    equipmentIds: null,
    channels: {},
    email: true,
  };

  beforeAll(async () => {
    if (store_.skip !== null) return;
    owner = await user(h, 'report-routes');
    await h.storage.db.updateTable('users').set({ language: 'en' }).where('id', '=', owner.id).execute();
    tank = await addEquipment(h, owner.token, {
      sn: 'ROUTES01',
      type: 'FL-AI8',
      name: 'Tank <farm>',
      settings: { ai: { names: ['Level'], units: ['m'] } },
    });
    await store(
      h,
      [
        { equipmentId: tank, kind: 'ai', channel: 0, value: 2, at: DAY0 + HOUR },
        { equipmentId: tank, kind: 'ai', channel: 0, value: 4, at: DAY0 + 2 * HOUR },
      ],
      [
        { equipmentId: tank, kind: 'online', at: DAY0 + 12 * HOUR, message: 'online' },
        {
          equipmentId: tank,
          kind: 'alarm',
          at: DAY0 + 13 * HOUR,
          channelKind: 'ai',
          channel: 0,
          level: 1,
          value: 9,
        },
      ],
    );
  });

  it('keeps each user’s settings, with the zone, the address and the next report', async () => {
    const first = await call('GET', '/reports/settings');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      enabled: false,
      period: 'daily',
      hour: 8,
      weekday: 1,
      equipmentIds: null,
      channels: {},
      email: true,
      timeZone: 'Asia/Shanghai',
      emailAddress: null,
      nextAt: null,
    });
    const saved = await call('PUT', '/reports/settings', {
      ...settingsBody,
      equipmentIds: [tank, tank],
      channels: { [tank]: ['AI2', 'AI1', 'AI2'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      ...settingsBody,
      equipmentIds: [tank],
      channels: { [tank]: ['AI2', 'AI1'] },
      timeZone: 'Asia/Shanghai',
      emailAddress: null,
      // Wednesday 07:00 in Shanghai.
      nextAt: '2026-01-06T23:00:00.000Z',
    });
    expect((await call('GET', '/reports/settings')).json()).toEqual(saved.json());
    await call('PUT', '/reports/settings', settingsBody);
  });

  it('refuses settings out of bounds', async () => {
    for (const bad of [
      { ...settingsBody, hour: 24 },
      { ...settingsBody, weekday: 0 },
      { ...settingsBody, period: 'monthly' },
      { ...settingsBody, channels: { [tank]: ['DI1'] } },
      { ...settingsBody, channels: { [tank]: Array.from({ length: 9 }, (_, i) => `AI${i + 1}`) } },
      { ...settingsBody, equipmentIds: Array.from({ length: REPORT_LIMITS.devices + 1 }, (_, i) => i + 1) },
      { ...settingsBody, extra: 1 },
    ]) {
      expectError(await call('PUT', '/reports/settings', bad), 400, 'bad_request');
    }
    expectError(await sendAs(h.app, 'GET', '/reports/settings', null), 401, 'unauthorized');
  });

  it('previews the last complete day, or today so far', async () => {
    const res = await call('GET', '/reports/preview');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    expect(report).toMatchObject({
      period: 'daily',
      from: '2026-01-03T16:00:00.000Z',
      to: '2026-01-04T16:00:00.000Z',
      partial: false,
      totals: { devices: 1, alarms: 1, onlineMs: 12 * HOUR, uptime: 0.5 },
    });
    expect(report.devices[0]!.channels[0]).toEqual({
      channel: 'AI1',
      name: 'Level',
      unit: 'm',
      min: 2,
      max: 4,
      avg: 3,
      samples: 2,
    });
    const today = (await call('GET', '/reports/preview?period=daily&end=now')).json() as Report;
    expect(today).toMatchObject({
      from: '2026-01-04T16:00:00.000Z',
      to: new Date(T0).toISOString(),
      partial: true,
    });
    expect(today.devices[0]).toMatchObject({ onlineMs: 16 * HOUR, uptime: 1, alarms: 0 });
    const week = (
      await call('GET', '/reports/preview?period=weekly&end=2026-01-04T16:00:00Z')
    ).json() as Report;
    expect(week).toMatchObject({ from: '2025-12-28T16:00:00.000Z', to: '2026-01-04T16:00:00.000Z' });
    expectError(await call('GET', '/reports/preview?period=monthly'), 400, 'bad_request');
    expectError(await call('GET', '/reports/preview?end=yesterday'), 400, 'bad_request');
    expectError(await call('GET', '/reports/preview?end=0001-01-01T00:00:00Z'), 400, 'bad_request');
    expectError(await sendAs(h.app, 'GET', '/reports/preview', null), 401, 'unauthorized');
  });

  it('downloads the report as an XLSX file in the user’s language', async () => {
    const res = await call('GET', '/reports/download?period=daily&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="fieldlink-report-daily-2026-01-04.xlsx"',
    );
    const file = new Uint8Array(res.rawPayload);
    expect(sheetName(file)).toBe('Report');
    const rows = sheetRows(file);
    expect(rows[0]).toEqual([
      'Device',
      'Serial number',
      'Online (h)',
      'Uptime (%)',
      'Alarms',
      'Channel',
      'Name',
      'Unit',
      'Min',
      'Max',
      'Average',
      'Samples',
    ]);
    expect(rows[1]).toEqual(['Tank <farm>', 'ROUTES01', 12, 50, 1, 'AI1', 'Level', 'm', 2, 4, 3, 2]);
    expect(rows).toHaveLength(1 + 8 + 4);
    expect(rows.slice(-4)).toEqual([
      ['Total', 12, 50, 1],
      [],
      ['Period', '2026-01-04 00:00 – 2026-01-05 00:00'],
      ['Time zone', 'Asia/Shanghai'],
    ]);
    const soFar = await call('GET', '/reports/download?period=weekly&end=now');
    expect(soFar.headers['content-disposition']).toBe(
      'attachment; filename="fieldlink-report-weekly-2026-01-05-so-far.xlsx"',
    );
    expectError(await call('GET', '/reports/download?format=pdf'), 400, 'bad_request');
  });

  it('mails the report now to the bound address, five an hour, and says when there is none', async () => {
    const none = expectError(await call('POST', '/reports/send', { period: 'daily' }), 409, 'conflict');
    expect(none).toMatch(/no e-mail address/);
    await h.storage.db
      .updateTable('users')
      .set({ email: 'ops@example.com' })
      .where('id', '=', owner.id)
      .execute();
    outbox.mails.length = 0;
    const sent = await call('POST', '/reports/send', { period: 'daily' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      sentTo: 'ops@example.com',
      subject: 'Daily report 2026-01-04: 1 devices, 1 alarms',
      from: '2026-01-03T16:00:00.000Z',
      to: '2026-01-04T16:00:00.000Z',
    });
    expect(outbox.mails).toHaveLength(1);
    const mail = outbox.mails[0]!;
    expect(mail).toMatchObject({ to: 'ops@example.com', from: 'Fieldlink <reports@fieldlink.test>' });
    expect(mail.text).toContain('Tank <farm> (ROUTES01): online 12 h (50%), 1 alarms');
    expect(mail.text).toContain('    AI1 Level: min 2 m, max 4 m, average 3 m');
    const [file] = mail.attachments!;
    expect(file!.filename).toBe('fieldlink-report-daily-2026-01-04.xlsx');
    expect(file!.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sheetRows(new Uint8Array(file!.content))[1]![0]).toBe('Tank <farm>');

    // A mail the server refused does not count against the hour.
    outbox.failing = true;
    expectError(await call('POST', '/reports/send', { period: 'weekly', end: 'now' }), 503, 'unavailable');
    outbox.failing = false;
    for (let i = 1; i < REPORT_LIMITS.sendsPerHour; i++) {
      expect((await call('POST', '/reports/send', { period: 'weekly', end: 'now' })).statusCode).toBe(200);
    }
    const refused = await call('POST', '/reports/send', { period: 'daily' });
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(outbox.mails).toHaveLength(REPORT_LIMITS.sendsPerHour);
    // An hour on (signed in again: the access token has expired by then) the first one is forgotten.
    h.clock.advance(HOUR);
    try {
      const { accessToken } = await login(h, 'report-routes');
      expect((await call('POST', '/reports/send', {}, accessToken)).statusCode).toBe(200);
    } finally {
      h.clock.advance(-HOUR);
    }
  });

  it('lists the scheduled reports made for the user, newest first', async () => {
    expect((await call('GET', '/reports/runs')).json()).toEqual({ items: [] });
    const db = h.storage.db;
    const period = { kind: 'daily', from: DAY0, to: DAY0 + 24 * HOUR } as const;
    expect(await claimRun(db, { userId: owner.id, period }, 'node-a', T0)).toBe(true);
    await finishRun(
      db,
      { userId: owner.id, period },
      'node-a',
      'sent',
      { devices: 1, alarms: 1, uptime: 0.5 },
      T0 + 5,
    );
    const earlier = { kind: 'daily', from: DAY0 - 24 * HOUR, to: DAY0 } as const;
    expect(await claimRun(db, { userId: owner.id, period: earlier }, 'node-a', T0)).toBe(true);
    const runs = (await call('GET', '/reports/runs')).json() as ReportRunList;
    expect(runs.items).toEqual([
      {
        period: 'daily',
        from: '2026-01-03T16:00:00.000Z',
        to: '2026-01-04T16:00:00.000Z',
        state: 'sent',
        at: new Date(T0 + 5).toISOString(),
        summary: { devices: 1, alarms: 1, uptime: 0.5 },
      },
      {
        period: 'daily',
        from: '2026-01-02T16:00:00.000Z',
        to: '2026-01-03T16:00:00.000Z',
        state: 'sending',
        at: new Date(T0).toISOString(),
        summary: null,
      },
    ]);
    const other = await user(h, 'report-routes-other');
    expect((await call('GET', '/reports/runs', undefined, other.token)).json()).toEqual({ items: [] });
    expect(
      ((await call('GET', '/reports/settings', undefined, other.token)).json() as ReportSettings).enabled,
    ).toBe(false);

    // Settings and runs go with the account.
    await db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect(
      await db.selectFrom('report_settings').select('user_id').where('user_id', '=', owner.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('report_runs').select('user_id').where('user_id', '=', owner.id).execute(),
    ).toEqual([]);
  });
});
