/**
 * The report scheduler on both databases, its clock moved by the test: due times daily and weekly
 * in the server's zone, one mail per period across two nodes sharing the store, the spreadsheet
 * attached, reports made without mail, failures tried again, late and early settings.
 */
import type { ReportSettingsInput } from '@fieldlink/protocol';
import { afterEach, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { useAccountsApp } from '../accounts/test-support.js';
import { addEquipment, MINUTE, store, user } from '../history/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { ReportScheduler } from './scheduler.js';
import type { SchedulerLog } from './scheduler.js';
import { listRuns, saveReportSettings } from './store.js';
import { Outbox, sheetName, sheetRows } from './test-support.js';

/** A wall-clock time in Shanghai (UTC+8), the zone of these tests. */
const local = (month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(2026, month - 1, day, hour - 8, minute);
/** Settings saved before anything in these tests fell due. */
const SAVED_AT = local(1, 1, 0);

const daily: ReportSettingsInput = {
  enabled: true,
  period: 'daily',
  hour: 8,
  weekday: 1,
  equipmentIds: null,
  channels: {},
  email: true,
};

class Clock {
  constructor(public ms: number) {}
  readonly now = (): number => this.ms;
}

const quiet: SchedulerLog = { info() {}, warn() {} };

describe.each(storageCases())('report scheduler on %s', (store_) => {
  const it = baseIt.skipIf(store_.skip !== null);
  const h = useAccountsApp(store_);
  let names = 0;

  /** A user with an address, a language and reports as `settings` say, owning one tank. */
  async function reader(
    settings: ReportSettingsInput,
    options: { email?: string | null; language?: string } = {},
  ): Promise<{ id: number; tank: number }> {
    names += 1;
    const u = await user(h, `scheduled-${names}`);
    const tank = await addEquipment(h, u.token, {
      sn: `SCHED${String(names).padStart(3, '0')}`,
      type: 'FL-AI8',
      name: `Tank ${names}`,
    });
    await h.storage.db
      .updateTable('users')
      .set({
        email: options.email === undefined ? `user${names}@example.com` : options.email,
        language: options.language ?? 'en',
      })
      .where('id', '=', u.id)
      .execute();
    await saveReportSettings(h.storage.db, u.id, settings, SAVED_AT);
    return { id: u.id, tank };
  }

  const scheduler = (node: string, clock: Clock, outbox: Outbox, log: SchedulerLog = quiet) =>
    new ReportScheduler({
      db: h.storage.db,
      outlet: outbox.outlet,
      timeZone: 'Asia/Shanghai',
      node,
      log,
      now: clock.now,
    });

  beforeAll(async () => {
    if (store_.skip !== null) return;
    // Nothing else scheduled in this database.
    await h.storage.db.deleteFrom('report_settings').execute();
  });
  afterEach(async () => {
    if (store_.skip !== null) return;
    await h.storage.db.updateTable('report_settings').set({ enabled: 0 }).execute();
  });

  it('mails the last complete day at the hour, once, with the spreadsheet attached', async () => {
    const { id, tank } = await reader(daily);
    await store(
      h,
      [{ equipmentId: tank, kind: 'ai', channel: 0, value: 7, at: local(1, 5, 10) }],
      [{ equipmentId: tank, kind: 'online', at: local(1, 5, 12), message: 'online' }],
    );
    const clock = new Clock(local(1, 6, 7, 59));
    const outbox = new Outbox();
    const s = scheduler('node-a', clock, outbox);
    expect(await s.tick()).toEqual([]);
    clock.ms = local(1, 6, 8);
    const [outcome] = await s.tick();
    expect(outcome).toEqual({
      userId: id,
      state: 'sent',
      period: { kind: 'daily', from: local(1, 5, 0), to: local(1, 6, 0) },
    });
    expect(outbox.mails).toHaveLength(1);
    const mail = outbox.mails[0]!;
    expect(mail.to).toBe(`user${names}@example.com`);
    expect(mail.subject).toBe('Daily report 2026-01-05: 1 devices, 0 alarms');
    expect(mail.text).toContain(
      `Tank ${names} (SCHED${String(names).padStart(3, '0')}): online 12 h (50%), 0 alarms`,
    );
    const file = mail.attachments![0]!;
    expect(file.filename).toBe('fieldlink-report-daily-2026-01-05.xlsx');
    expect(sheetName(new Uint8Array(file.content))).toBe('Report');
    expect(sheetRows(new Uint8Array(file.content))[1]!.slice(0, 12)).toEqual([
      `Tank ${names}`,
      `SCHED${String(names).padStart(3, '0')}`,
      12,
      50,
      0,
      'AI1',
      'AI1',
      '',
      7,
      7,
      7,
      1,
    ]);
    // Later ticks of the same day send nothing more; the next day's report goes the next morning.
    clock.ms = local(1, 6, 8, 1);
    expect(await s.tick()).toEqual([]);
    clock.ms = local(1, 6, 23);
    expect(await s.tick()).toEqual([]);
    clock.ms = local(1, 7, 8);
    expect((await s.tick()).map((o) => o.period.from)).toEqual([local(1, 6, 0)]);
    expect(outbox.mails).toHaveLength(2);
    const runs = await listRuns(h.storage.db, id);
    expect(runs.map((r) => [r.from, r.state, r.summary])).toEqual([
      [new Date(local(1, 6, 0)).toISOString(), 'sent', { devices: 1, alarms: 0, uptime: 1 }],
      [new Date(local(1, 5, 0)).toISOString(), 'sent', { devices: 1, alarms: 0, uptime: 0.5 }],
    ]);
  });

  it('sends each report once when two nodes sharing the store tick at once', async () => {
    const users = [await reader(daily), await reader(daily), await reader(daily)];
    const clock = new Clock(local(1, 6, 8));
    const [boxA, boxB] = [new Outbox(), new Outbox()];
    const [a, b] = [scheduler('node-a', clock, boxA), scheduler('node-b', clock, boxB)];
    const [fromA, fromB] = await Promise.all([a.tick(), b.tick()]);
    expect([...fromA, ...fromB].map((o) => o.userId).sort()).toEqual(users.map((u) => u.id).sort());
    expect(boxA.mails.length + boxB.mails.length).toBe(3);
    expect(new Set([...boxA.mails, ...boxB.mails].map((m) => m.to)).size).toBe(3);
    // Neither sends again, at once or a minute later.
    clock.ms += MINUTE;
    expect([...(await a.tick()), ...(await b.tick())]).toEqual([]);
    expect(boxA.mails.length + boxB.mails.length).toBe(3);
  });

  it('mails weekly reports on the weekday at the hour, with the last complete week', async () => {
    const { id } = await reader({ ...daily, period: 'weekly', weekday: 3, hour: 9 }, { language: 'zh' });
    const clock = new Clock(local(1, 6, 9));
    const outbox = new Outbox();
    const s = scheduler('node-a', clock, outbox);
    // Tuesday 09:00 and Wednesday 08:59: not yet.
    expect(await s.tick()).toEqual([]);
    clock.ms = local(1, 7, 8, 59);
    expect(await s.tick()).toEqual([]);
    clock.ms = local(1, 7, 9);
    expect(await s.tick()).toEqual([
      {
        userId: id,
        state: 'sent',
        period: { kind: 'weekly', from: Date.UTC(2025, 11, 28, 16), to: local(1, 5, 0) },
      },
    ]);
    expect(outbox.mails[0]!.subject).toBe('周报 2025-12-29 至 2026-01-04：1 台设备，0 条报警');
    expect(outbox.mails[0]!.attachments![0]!.filename).toBe(
      'fieldlink-report-weekly-2025-12-29-to-2026-01-04.xlsx',
    );
    expect(sheetRows(new Uint8Array(outbox.mails[0]!.attachments![0]!.content))[0]![0]).toBe('设备');
  });

  it('makes the report without a mail when e-mail is off or no address is bound', async () => {
    const off = await reader({ ...daily, email: false });
    const unbound = await reader(daily, { email: null });
    const clock = new Clock(local(1, 6, 8));
    const outbox = new Outbox();
    const outcomes = await scheduler('node-a', clock, outbox).tick();
    expect(outcomes.map((o) => [o.userId, o.state])).toEqual([
      [off.id, 'generated'],
      [unbound.id, 'generated'],
    ]);
    expect(outbox.mails).toEqual([]);
    expect((await listRuns(h.storage.db, off.id))[0]).toMatchObject({
      state: 'generated',
      summary: { devices: 1 },
    });
  });

  it('tries a refused mail again after ten minutes, up to three tries', async () => {
    const { id } = await reader(daily);
    const clock = new Clock(local(1, 6, 8));
    const outbox = new Outbox();
    const warnings: string[] = [];
    const s = scheduler('node-a', clock, outbox, {
      info() {},
      warn: (_details, message) => warnings.push(message),
    });
    outbox.failing = true;
    expect((await s.tick()).map((o) => o.state)).toEqual(['failed']);
    expect(warnings).toEqual(['scheduled report not sent']);
    clock.ms += 5 * MINUTE;
    expect(await s.tick()).toEqual([]);
    // Another node takes it up once the wait is over, and it goes.
    clock.ms += 5 * MINUTE;
    outbox.failing = false;
    expect((await scheduler('node-b', clock, outbox).tick()).map((o) => o.state)).toEqual(['sent']);
    expect((await listRuns(h.storage.db, id))[0]!.state).toBe('sent');

    const { id: other } = await reader(daily);
    await h.storage.db.updateTable('report_settings').set({ enabled: 0 }).where('user_id', '=', id).execute();
    outbox.failing = true;
    const t = scheduler('node-c', clock, outbox);
    for (let i = 0; i < 3; i++) {
      expect((await t.tick()).map((o) => o.state)).toEqual(['failed']);
      clock.ms += 10 * MINUTE;
    }
    expect(await t.tick()).toEqual([]);
    expect((await listRuns(h.storage.db, other))[0]!.state).toBe('failed');
  });

  it('makes a report due while no node ran up to six hours late, and none that fell due before the settings', async () => {
    await reader(daily);
    const outbox = new Outbox();
    expect((await scheduler('node-a', new Clock(local(1, 6, 13, 59)), outbox).tick()).length).toBe(1);
    const late = await reader(daily);
    await saveReportSettings(h.storage.db, late.id, daily, SAVED_AT);
    expect(await scheduler('node-b', new Clock(local(1, 6, 14, 1)), outbox).tick()).toEqual([]);
    // Turned on at 09:00, after today's hour: the first report is tomorrow's.
    const fresh = await reader(daily);
    await saveReportSettings(h.storage.db, fresh.id, daily, local(1, 6, 9));
    const clock = new Clock(local(1, 6, 9, 1));
    const s = scheduler('node-c', clock, outbox);
    expect((await s.tick()).filter((o) => o.userId === fresh.id)).toEqual([]);
    clock.ms = local(1, 7, 8);
    expect((await s.tick()).filter((o) => o.userId === fresh.id).map((o) => o.state)).toEqual(['sent']);
  });

  it('leaves out disabled accounts and reports off', async () => {
    const disabled = await reader(daily);
    await h.storage.db
      .updateTable('users')
      .set({ disabled_at: SAVED_AT })
      .where('id', '=', disabled.id)
      .execute();
    await reader({ ...daily, enabled: false });
    expect(await scheduler('node-a', new Clock(local(1, 6, 8)), new Outbox()).tick()).toEqual([]);
  });

  it('ticks on its own once started, and stops when closed', async () => {
    await reader(daily);
    const outbox = new Outbox();
    const s = new ReportScheduler({
      db: h.storage.db,
      outlet: outbox.outlet,
      timeZone: 'Asia/Shanghai',
      node: 'node-timer',
      log: quiet,
      now: () => local(1, 6, 8),
      tickMs: 5,
    });
    s.start();
    await expect.poll(() => outbox.mails.length, { timeout: 5000 }).toBe(1);
    await s.close();
  });

  it('logs the mail instead of sending it without SMTP', async () => {
    await reader(daily);
    const lines: string[] = [];
    const s = new ReportScheduler({
      db: h.storage.db,
      outlet: { kind: 'log' },
      timeZone: 'Asia/Shanghai',
      node: 'node-log',
      log: { info: (_details, message) => lines.push(message), warn() {} },
      now: () => local(1, 6, 8),
    });
    expect((await s.tick()).map((o) => o.state)).toEqual(['sent']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^report mail to user\d+@example\.com: Daily report 2026-01-05: 1 devices, 0 alarms \(fieldlink-report-daily-2026-01-05\.xlsx, \d+ bytes\)$/,
    );
  });
});
