import { ALARM_MAIL_LIMITS } from '@fieldlink/protocol';
import type { Notiface } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZonedTime } from '../history/time.js';
import { Outbox } from '../reports/test-support.js';
import { sqlitePlan, storageCases, useStorage } from '../storage/test-support.js';
import type { Storage } from '../storage/open.js';
import { AlarmMailer } from './alarm-mailer.js';
import type { MailLimits } from './alarm-mailer.js';
import { AlarmNotices } from './alarm-notices.js';
import { MAIL_LEASE_MS, MAIL_MAX_AGE_MS, MAIL_SWEEP_MS, mailNodeId, stillHeld } from './mail-claims.js';
import { MailRecovery } from './mail-recovery.js';
import { insertDevice } from '../equipment/store.js';
import { markMail } from './store.js';

const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);
const MINUTE = 60_000;
const ZONE = 'Asia/Shanghai';
const GROUP_MS = ALARM_MAIL_LIMITS.groupMs;

const ALARM: Notiface['info'] = {
  SN: 'M0001',
  channel: 'AI1',
  level: 1,
  value: 92.5,
  Time: '2026-01-05 16:00:00',
  text: 'AI1 Level above the upper limit 80: 92.5 %',
  name: 'Level',
  unit: '%',
  limit: 80,
};

let users = 0;

/** A user; `name` gives their address (unique to the run), null none. */
async function user(s: Storage, name: string | null, emailAlarms = true): Promise<number> {
  users += 1;
  const email = name === null ? null : `${name}.${users}@example.com`;
  const { id } = await s.db
    .insertInto('users')
    .values({
      user_name: `mail-recovery-${users}`,
      password_hash: 'x',
      phone: null,
      email,
      tenant_id: null,
      language: 'en',
      param: '{}',
      disabled_at: null,
      registered_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await s.db
    .insertInto('notice_settings')
    .values({ user_id: id, email_alarms: emailAlarms ? 1 : 0, updated_at: T0 })
    .execute();
  return id;
}

/** A relay board of `owner`'s, added as the equipment routes add one (no link secret). */
function equipment(s: Storage, owner: number): Promise<number> {
  const sn = `M${String(users).padStart(4, '0')}`;
  const link = { link_secret_hash: null, link_secret_sealed: null };
  return insertDevice(s.db, { ownerId: owner, link, sn, type: 'FL-R8', name: 'Pump house' }, T0);
}

/** A pending notice as a node that is gone left it (or nobody holds it: `node` null). */
async function pending(
  s: Storage,
  userId: number,
  line: string,
  claim: { node: string | null; until: number | null; at?: number },
): Promise<number> {
  const { id } = await s.db
    .insertInto('alarm_notices')
    .values({
      user_id: userId,
      equipment_id: 1,
      equipment_name: 'Pump house',
      unid: 'M0001',
      channel: 'AI1',
      level: 1,
      value: 1,
      channel_name: 'Level',
      unit: '',
      alarm_limit: null,
      text: line,
      email_text: line,
      mail: 'pending',
      mail_node: claim.node,
      mail_lease_until: claim.until,
      at: claim.at ?? T0,
      created_at: claim.at ?? T0,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function mailStates(s: Storage) {
  const rows = await s.db
    .selectFrom('alarm_notices')
    .select(['id', 'mail', 'mail_node', 'mail_lease_until'])
    .orderBy('id')
    .execute();
  return rows;
}

it('names each process apart, on the bus node id', () => {
  const a = mailNodeId('host-8080');
  expect(a).toMatch(/^host-8080-[0-9a-f]{8}$/);
  expect(mailNodeId('host-8080')).not.toBe(a);
});

describe.each(storageCases())('alarm mail recovery on %s', (storageCase) => {
  const storage = useStorage(storageCase);

  beforeEach(async () => {
    vi.useFakeTimers({
      now: T0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    if (storageCase.skip === null) await storage().db.deleteFrom('alarm_notices').execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** One server node: its mailer, notices writer and recovery, sharing the store with the others. */
  function node(
    s: Storage,
    name: string,
    options: { limits?: MailLimits; maxHeld?: number; checkClaims?: boolean } = {},
  ) {
    const outbox = new Outbox();
    const warnings: string[] = [];
    const log = {
      info() {},
      warn: (_: object, m: string) => warnings.push(m),
      error: (_: object, m: string) => warnings.push(m),
    };
    const mailer = new AlarmMailer({
      mark: markMail(s.db),
      outlet: outbox.outlet,
      zone: new ZonedTime(ZONE),
      log,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.maxHeld === undefined ? {} : { maxHeld: options.maxHeld }),
      // As main.ts has it; off elsewhere, as the check waits on the store (real I/O on PostgreSQL).
      ...(options.checkClaims
        ? { stillHeld: (ids: readonly number[]) => stillHeld(s.db, name, ids, Date.now()) }
        : {}),
    });
    const notices = new AlarmNotices({
      db: s.db,
      mailer,
      mailNode: name,
      timeZone: ZONE,
      log,
      batchMs: 60_000,
    });
    const timers: { ms: number; stopped: boolean }[] = [];
    const recovery = new MailRecovery({
      db: s.db,
      mailer,
      node: name,
      log,
      // The tests sweep by hand, at the times they choose.
      every: (ms) => {
        const timer = { ms, stopped: false };
        timers.push(timer);
        return () => {
          timer.stopped = true;
        };
      },
    });
    return { name, outbox, mailer, notices, recovery, warnings, timers };
  }

  it.skipIf(storageCase.skip)(
    'mails once, from another node, what a node that died held, once its lease has run out',
    async () => {
      const s = storage();
      const alice = await user(s, 'alice');
      const pump = await equipment(s, alice);
      const a = node(s, 'node-a');
      a.notices.enqueue(pump, ALARM);
      a.notices.enqueue(pump, { ...ALARM, channel: 'DI2', name: 'Door', text: 'DI2 Door alarm' });
      await a.notices.flush();
      expect(a.mailer.held).toBe(2);
      expect((await mailStates(s)).map((r) => [r.mail, r.mail_node, r.mail_lease_until])).toEqual([
        ['pending', 'node-a', T0 + MAIL_LEASE_MS],
        ['pending', 'node-a', T0 + MAIL_LEASE_MS],
      ]);

      // Node A dies: no close, and its timers never fire.
      vi.clearAllTimers();
      const b = node(s, 'node-b');
      await vi.advanceTimersByTimeAsync(MAIL_LEASE_MS - 1);
      await b.recovery.sweep();
      expect(b.mailer.held).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      await b.recovery.sweep();
      expect(b.mailer.held).toBe(2);
      // Swept again, B takes nothing twice.
      await b.recovery.sweep();
      expect(b.mailer.held).toBe(2);
      expect((await mailStates(s)).map((r) => r.mail_node)).toEqual(['node-b', 'node-b']);

      await vi.advanceTimersByTimeAsync(GROUP_MS);
      expect(a.outbox.mails).toEqual([]);
      expect(b.outbox.mails).toHaveLength(1);
      expect(b.outbox.mails[0]).toMatchObject({
        to: expect.stringMatching(/^alice\.\d+@example\.com$/),
        subject: '2 alarms on your equipment',
      });
      expect(b.outbox.mails[0]!.text).toContain('DI2 Door');
      await vi.waitFor(async () =>
        expect((await mailStates(s)).map((r) => r.mail)).toEqual(['sent', 'sent']),
      );
      // A third node, much later, finds nothing to do.
      const c = node(s, 'node-c');
      await vi.advanceTimersByTimeAsync(MAIL_LEASE_MS);
      await c.recovery.sweep();
      expect(c.mailer.held).toBe(0);
    },
  );

  it.skipIf(storageCase.skip)('never gives one notice to two nodes sweeping at once', async () => {
    const s = storage();
    const alice = await user(s, 'alice');
    const bob = await user(s, 'bob');
    const lines: string[] = [];
    for (let i = 0; i < 40; i++) {
      const line = `alarm number ${i}.`;
      lines.push(line);
      // Half left by a node whose lease ran out, half released.
      await pending(s, i % 2 === 0 ? alice : bob, line, {
        node: i < 20 ? 'gone' : null,
        until: i < 20 ? T0 : null,
      });
    }
    // Each holds a share at most, so both take one, whichever comes first.
    const a = node(s, 'node-a', { maxHeld: 15 });
    const b = node(s, 'node-b', { maxHeld: 25 });
    await Promise.all([a.recovery.sweep(), b.recovery.sweep()]);
    await Promise.all([a.recovery.sweep(), b.recovery.sweep()]);
    expect(a.mailer.held).toBe(15);
    expect(a.mailer.held + b.mailer.held).toBe(40);
    const holders = (await mailStates(s)).map((r) => r.mail_node);
    expect(holders.filter((n) => n === 'node-a')).toHaveLength(15);
    expect(holders.filter((n) => n === 'node-b')).toHaveLength(25);

    await vi.advanceTimersByTimeAsync(GROUP_MS);
    const mailed = [...a.outbox.mails, ...b.outbox.mails].flatMap((m) =>
      m.text.split('\n').flatMap((l) => l.match(/alarm number \d+\./g) ?? []),
    );
    expect(mailed.sort()).toEqual([...lines].sort());
    await vi.waitFor(async () => expect((await mailStates(s)).every((r) => r.mail === 'sent')).toBe(true));
  });

  it.skipIf(storageCase.skip)(
    'keeps a held mail while its node renews, and drops it there once another took it over',
    async () => {
      const s = storage();
      const alice = await user(s, 'alice');
      const pump = await equipment(s, alice);
      // A groups for 20 minutes, well past its lease.
      const a = node(s, 'node-a', { limits: { ...ALARM_MAIL_LIMITS, groupMs: 20 * MINUTE } });
      const b = node(s, 'node-b');
      a.notices.enqueue(pump, ALARM);
      await a.notices.flush();

      await vi.advanceTimersByTimeAsync(MAIL_LEASE_MS - MINUTE);
      await a.recovery.sweep();
      expect((await mailStates(s))[0]!.mail_lease_until).toBe(T0 + 2 * MAIL_LEASE_MS - MINUTE);
      await vi.advanceTimersByTimeAsync(MAIL_LEASE_MS - MINUTE);
      await b.recovery.sweep();
      expect(b.mailer.held).toBe(0);

      // A stalls past its renewed lease; B takes the mail over, and A, back, lets it go.
      await vi.advanceTimersByTimeAsync(MINUTE);
      await b.recovery.sweep();
      expect(b.mailer.held).toBe(1);
      await a.recovery.sweep();
      expect(a.mailer.held).toBe(0);
      expect(a.warnings).toEqual(['alarm mails taken over by another node: dropped']);
      expect((await mailStates(s))[0]!.mail_node).toBe('node-b');

      await vi.advanceTimersByTimeAsync(20 * MINUTE);
      expect(a.outbox.mails).toEqual([]);
      expect(b.outbox.mails.map((m) => m.subject)).toEqual(['Alarm: Pump house AI1']);
    },
  );

  it.skipIf(storageCase.skip)(
    'does not send, after a stall, a mail another node took over before its own sweep noticed',
    async () => {
      const s = storage();
      const alice = await user(s, 'alice');
      const pump = await equipment(s, alice);
      // A groups for 7 minutes: past its lease, and its mail is due before its next sweep.
      const a = node(s, 'node-a', {
        limits: { ...ALARM_MAIL_LIMITS, groupMs: 7 * MINUTE },
        checkClaims: true,
      });
      const b = node(s, 'node-b');
      a.notices.enqueue(pump, ALARM);
      await a.notices.flush();
      // A never sweeps (stalled); B takes the notice once A's lease has run out.
      await vi.advanceTimersByTimeAsync(MAIL_LEASE_MS);
      await b.recovery.sweep();
      expect(b.mailer.held).toBe(1);
      // A's group timer fires: the claim is B's, so A sends nothing and holds nothing.
      await vi.advanceTimersByTimeAsync(2 * MINUTE);
      await a.mailer.settled();
      expect(a.outbox.mails).toEqual([]);
      expect(a.mailer.held).toBe(0);
      await vi.advanceTimersByTimeAsync(10 * MINUTE);
      expect(b.outbox.mails.map((m) => m.subject)).toEqual(['Alarm: Pump house AI1']);
      expect((await mailStates(s))[0]!.mail).toBe('sent');
    },
  );

  it.skipIf(storageCase.skip)(
    'marks failed what waited past 24 hours, and off what its user no longer wants mailed',
    async () => {
      const s = storage();
      const alice = await user(s, 'alice');
      const quiet = await user(s, 'quiet', false);
      const noAddress = await user(s, null);
      const gone = { node: 'gone', until: T0 - MAIL_LEASE_MS };
      const pastBound = await pending(s, alice, 'too old', { ...gone, at: T0 - MAIL_MAX_AGE_MS - 1 });
      const atBound = await pending(s, alice, 'just in time', { ...gone, at: T0 - MAIL_MAX_AGE_MS });
      const off = await pending(s, quiet, 'not wanted', gone);
      const unaddressed = await pending(s, noAddress, 'nowhere to go', gone);
      // Held by a live node: old or not, not this sweep's business.
      const held = await pending(s, alice, 'held', {
        node: 'node-x',
        until: T0 + MINUTE,
        at: T0 - 2 * MAIL_MAX_AGE_MS,
      });

      const a = node(s, 'node-a');
      await a.recovery.sweep();
      const states = new Map((await mailStates(s)).map((r) => [r.id, [r.mail, r.mail_node]]));
      expect(states.get(pastBound)).toEqual(['failed', null]);
      expect(states.get(atBound)).toEqual(['pending', 'node-a']);
      expect(states.get(off)).toEqual(['off', null]);
      expect(states.get(unaddressed)).toEqual(['off', null]);
      expect(states.get(held)).toEqual(['pending', 'node-x']);
      expect(a.warnings).toEqual(['alarm mails left unsent too long: marked failed']);

      await vi.advanceTimersByTimeAsync(GROUP_MS);
      expect(a.outbox.mails.map((m) => m.text.includes('just in time'))).toEqual([true]);
    },
  );

  it.skipIf(storageCase.skip)(
    'at a clean shutdown sends what the cap allows and leaves the rest to the next sweep at once',
    async () => {
      const s = storage();
      const alice = await user(s, 'alice');
      const pump = await equipment(s, alice);
      const a = node(s, 'node-a', { limits: { ...ALARM_MAIL_LIMITS, perHour: 1 } });
      a.recovery.start();
      await a.recovery.sweep();
      expect(a.timers).toEqual([{ ms: MAIL_SWEEP_MS, stopped: false }]);
      a.notices.enqueue(pump, ALARM);
      await a.notices.flush();
      await vi.advanceTimersByTimeAsync(GROUP_MS);
      expect(a.outbox.mails).toHaveLength(1);
      // The hourly cap holds the second.
      a.notices.enqueue(pump, { ...ALARM, channel: 'DI2', name: 'Door', text: 'DI2 Door alarm' });
      await a.notices.flush();
      await vi.advanceTimersByTimeAsync(GROUP_MS);
      expect(a.outbox.mails).toHaveLength(1);

      await a.recovery.stop();
      await a.notices.close();
      await a.recovery.release();
      expect(a.timers[0]!.stopped).toBe(true);
      expect(a.outbox.mails).toHaveLength(1);
      const second = (await mailStates(s))[1]!;
      expect(second).toMatchObject({ mail: 'pending', mail_node: null, mail_lease_until: null });

      const b = node(s, 'node-b');
      await b.recovery.sweep();
      expect(b.mailer.held).toBe(1);
      await vi.advanceTimersByTimeAsync(GROUP_MS);
      expect(b.outbox.mails.map((m) => m.subject)).toEqual(['Alarm: Pump house DI2']);
    },
  );

  it.skipIf(storageCase.skip || storageCase.name !== 'sqlite')(
    'finds the unheld pending notices through their index',
    async () => {
      const db = storage().db;
      const query = db
        .selectFrom('alarm_notices')
        .select('id')
        .where('mail', '=', 'pending')
        .where((eb) => eb.or([eb('mail_lease_until', 'is', null), eb('mail_lease_until', '<=', T0)]))
        .compile();
      expect((await sqlitePlan(db, query)).join('\n')).toContain('alarm_notices_mail_pending');
    },
  );
});
