import type { NoticeMessage, Notiface, ServerMessage } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { ZonedTime } from '../history/time.js';
import { LiveHub } from '../live/hub.js';
import { RecordingSocket as FakeSocket } from '../live/test-support.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import type { Storage } from '../storage/open.js';
import { AlarmMailer } from './alarm-mailer.js';
import type { MailTransport } from '../mail/outlet.js';
import { AlarmNotices, inQuietHours } from './alarm-notices.js';
import { MAIL_LEASE_MS } from './mail-claims.js';
import { markMail } from './store.js';

const T0 = Date.UTC(2026, 0, 5, 8, 0, 0); // 16:00 in Asia/Shanghai
const DAY = 24 * 60 * 60 * 1000;
const ZONE = 'Asia/Shanghai';

const ALARM: Notiface['info'] = {
  SN: 'H0001_1',
  channel: 'AI1',
  level: 1,
  value: 92.5,
  Time: '2026-01-05 16:00:00',
  text: 'AI1 Level above the upper limit 80: 92.5 %',
  name: 'Level',
  unit: '%',
  limit: 80,
};

class Outbox implements MailTransport {
  readonly sent: { to: string; subject: string; text: string }[] = [];
  async sendMail(mail: { to: string; subject: string; text: string }): Promise<unknown> {
    this.sent.push(mail);
    return {};
  }
}

let users = 0;

async function user(
  s: Storage,
  values: {
    email?: string;
    language?: string;
    param?: object;
    disabled?: boolean;
    emailAlarms?: boolean;
  } = {},
): Promise<number> {
  users += 1;
  const { id } = await s.db
    .insertInto('users')
    .values({
      user_name: `notice-user-${users}`,
      password_hash: 'x',
      phone: null,
      email: values.email ?? null,
      tenant_id: null,
      language: values.language ?? 'zh',
      param: JSON.stringify(values.param ?? {}),
      disabled_at: values.disabled ? T0 - 1 : null,
      registered_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.emailAlarms !== undefined) {
    await s.db
      .insertInto('notice_settings')
      .values({ user_id: id, email_alarms: values.emailAlarms ? 1 : 0, updated_at: T0 })
      .execute();
  }
  return id;
}

async function equipment(
  s: Storage,
  owner: number,
  unid: string,
  parent: number | null = null,
): Promise<number> {
  const { id } = await s.db
    .insertInto('equipment')
    .values({
      owner_id: owner,
      parent_id: parent,
      sn: parent === null ? unid : null,
      unid,
      address: parent === null ? null : '1',
      type: 'FL-R8',
      name: parent === null ? 'Host' : 'Tank',
      camera_password: null,
      link_secret_hash: null,
      link_host: null,
      link_port: null,
      link_node: null,
      slave_address: null,
      clock_sync: null,
      unanswered_address: null,
      unsupported_blocks: null,
      soc: null,
      status_at: null,
      created_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function grant(
  s: Storage,
  equipmentId: number,
  userId: number,
  values: { read?: boolean; slaves?: boolean; expiresAt?: number | null } = {},
): Promise<void> {
  await s.db
    .insertInto('equipment_grants')
    .values({
      equipment_id: equipmentId,
      user_id: userId,
      level: 'read',
      can_read: values.read === false ? 0 : 1,
      can_operate: 0,
      can_edit: 0,
      can_delete: 0,
      camera: 0,
      slaves: values.slaves ? 1 : 0,
      share_code_id: null,
      granted_by: null,
      expires_at: values.expiresAt ?? null,
      created_at: T0,
    })
    .execute();
}

describe('quiet hours', () => {
  const zone = new ZonedTime('UTC');
  const at = (h: number, m = 0) => Date.UTC(2026, 0, 5, h, m);
  it('start inclusive, end exclusive, within a day', () => {
    const q = { enabled: true, start: 9 * 60, end: 17 * 60 };
    expect(inQuietHours(q, at(8, 59), zone)).toBe(false);
    expect(inQuietHours(q, at(9), zone)).toBe(true);
    expect(inQuietHours(q, at(16, 59), zone)).toBe(true);
    expect(inQuietHours(q, at(17), zone)).toBe(false);
  });
  it('over midnight, as the defaults 1140-481 (19:00 to 08:01)', () => {
    const q = { enabled: true, start: 1140, end: 481 };
    expect(inQuietHours(q, at(18, 59), zone)).toBe(false);
    expect(inQuietHours(q, at(19), zone)).toBe(true);
    expect(inQuietHours(q, at(0, 30), zone)).toBe(true);
    expect(inQuietHours(q, at(8, 0), zone)).toBe(true);
    expect(inQuietHours(q, at(8, 1), zone)).toBe(false);
  });
  it('never when off or when start and end are the same', () => {
    expect(inQuietHours({ enabled: false, start: 1140, end: 481 }, at(23), zone)).toBe(false);
    expect(inQuietHours({ enabled: true, start: 600, end: 600 }, at(10), zone)).toBe(false);
  });
  it('in the given zone', () => {
    const q = { enabled: true, start: 15 * 60, end: 17 * 60 };
    expect(inQuietHours(q, T0, new ZonedTime(ZONE))).toBe(true);
    expect(inQuietHours(q, T0, zone)).toBe(false);
  });
});

describe.each(storageCases())('alarm notices on %s', (storageCase) => {
  const storage = useStorage(storageCase);

  function service(
    s: Storage,
    options: { hub?: LiveHub; outbox?: Outbox; now?: () => number; maxQueued?: number },
  ) {
    const warnings: string[] = [];
    const log = {
      info() {},
      warn: (_: object, m: string) => warnings.push(m),
      error: (_: object, m: string) => warnings.push(m),
    };
    const mailer = new AlarmMailer({
      mark: markMail(s.db),
      outlet: options.outbox
        ? { kind: 'smtp', transport: options.outbox, from: 'alarms@example.com' }
        : { kind: 'log' },
      zone: new ZonedTime(ZONE),
      log,
    });
    const notices = new AlarmNotices({
      db: s.db,
      ...(options.hub ? { hub: options.hub } : {}),
      mailer,
      mailNode: 'node-a-1f2e3d4c',
      timeZone: ZONE,
      log,
      now: options.now ?? (() => T0),
      batchMs: 60_000,
      ...(options.maxQueued === undefined ? {} : { maxQueued: options.maxQueued }),
    });
    return { notices, warnings };
  }

  it.skipIf(storageCase.skip)(
    'gives each reader of the equipment a notice, tells their consoles and mails those who asked',
    async () => {
      const s = storage();
      const owner = await user(s, { email: 'owner@example.com', language: 'en', emailAlarms: true });
      // 15:00-17:00 Shanghai holds the alarm's 16:00.
      const sleeper = await user(s, {
        email: 'sleeper@example.com',
        emailAlarms: true,
        param: { Sleep_Enable: true, Sleep_begin: 900, Sleep_end: 1020 },
      });
      const viaHost = await user(s, { email: 'host@example.com', emailAlarms: false });
      const noMail = await user(s, { emailAlarms: true });
      const expired = await user(s, { email: 'x1@example.com', emailAlarms: true });
      const unread = await user(s, { email: 'x2@example.com', emailAlarms: true });
      const disabled = await user(s, { email: 'x3@example.com', emailAlarms: true, disabled: true });
      const hostOnly = await user(s, { email: 'x4@example.com', emailAlarms: true });
      const stranger = await user(s, { email: 'x5@example.com', emailAlarms: true });
      const host = await equipment(s, owner, 'H0001');
      const tank = await equipment(s, owner, 'H0001_1', host);
      await grant(s, tank, sleeper);
      await grant(s, tank, noMail);
      await grant(s, tank, expired, { expiresAt: T0 });
      await grant(s, tank, unread, { read: false });
      await grant(s, tank, disabled);
      await grant(s, host, viaHost, { slaves: true });
      await grant(s, host, hostOnly);

      const hub = new LiveHub();
      const sockets = new Map<number, FakeSocket>();
      for (const id of [owner, sleeper, stranger]) {
        const socket = new FakeSocket();
        hub.attach(socket).userId = id;
        sockets.set(id, socket);
      }
      const outbox = new Outbox();
      const { notices } = service(s, { hub, outbox });
      const published: ServerMessage[] = [];
      const publish = notices.publisher((_, m) => published.push(m));
      publish(tank, { infotype: 'Notiface', info: ALARM });
      publish(tank, {
        infotype: 'Notiface',
        // Raised 300 ms before it was published (its event stored in between): the notice keeps
        // the alarm's instant.
        info: {
          ...ALARM,
          channel: 'DI2',
          value: 1,
          name: 'Door',
          unit: '',
          text: 'DI2 Door alarm',
          at: new Date(T0 - 300).toISOString(),
        },
      });
      publish(tank, { infotype: 'EquipChanged', info: { reason: 'record', id: tank } });
      expect(published).toHaveLength(3);
      await notices.flush();

      const rows = await s.db
        .selectFrom('alarm_notices')
        .selectAll()
        .where('equipment_id', '=', tank)
        .orderBy('id')
        .execute();
      const byUser = (id: number) => rows.filter((r) => r.user_id === id);
      expect([...new Set(rows.map((r) => r.user_id))].sort((a, b) => a - b)).toEqual(
        [owner, sleeper, viaHost, noMail].sort((a, b) => a - b),
      );
      expect(byUser(owner).map((r) => [r.channel, r.email_text, r.mail])).toEqual([
        ['AI1', 'AI1 Level above the upper limit 80: 92.5 %', 'pending'],
        ['DI2', 'DI2 Door in alarm', 'pending'],
      ]);
      expect(byUser(owner)[0]).toMatchObject({
        equipment_name: 'Tank',
        unid: 'H0001_1',
        level: 1,
        value: 92.5,
        channel_name: 'Level',
        unit: '%',
        alarm_limit: 80,
        at: T0,
        read_at: null,
      });
      expect(byUser(owner).map((r) => Number(r.at))).toEqual([T0, T0 - 300]);
      expect(byUser(sleeper).map((r) => [r.email_text, r.mail])).toEqual([
        ['AI1 Level 高于上限 80：92.5 %', 'quiet'],
        ['DI2 Door 报警', 'quiet'],
      ]);
      // A pending mail is claimed for this node with a lease; the others are nobody's.
      expect(byUser(owner).map((r) => [r.mail_node, r.mail_lease_until])).toEqual([
        ['node-a-1f2e3d4c', T0 + MAIL_LEASE_MS],
        ['node-a-1f2e3d4c', T0 + MAIL_LEASE_MS],
      ]);
      expect(byUser(sleeper).map((r) => [r.mail_node, r.mail_lease_until])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect(byUser(viaHost).map((r) => r.mail)).toEqual(['off', 'off']);
      expect(byUser(noMail).map((r) => r.mail)).toEqual(['off', 'off']);

      // One message per user for the burst, naming the newest notice.
      const told = (id: number) =>
        sockets.get(id)!.sent.filter((m): m is NoticeMessage => m.infotype === 'Notice');
      expect(told(owner)).toEqual([
        {
          infotype: 'Notice',
          info: { kind: 'alarm', id: byUser(owner)[1]!.id, title: 'Tank DI2', count: 2 },
        },
      ]);
      expect(told(sleeper)).toHaveLength(1);
      expect(told(stranger)).toEqual([]);

      // The owner's two alarms go in one mail; then their notices say so.
      await notices.close();
      expect(outbox.sent).toHaveLength(1);
      expect(outbox.sent[0]).toMatchObject({
        to: 'owner@example.com',
        subject: '2 alarms on your equipment',
      });
      const after = await s.db
        .selectFrom('alarm_notices')
        .select('mail')
        .where('user_id', '=', owner)
        .execute();
      expect(after.map((r) => r.mail)).toEqual(['sent', 'sent']);
    },
  );

  it.skipIf(storageCase.skip)(
    'never holds the caller: the queue is bounded and the rest dropped with a warning',
    async () => {
      const s = storage();
      const owner = await user(s);
      const id = await equipment(s, owner, 'Q0001');
      const { notices, warnings } = service(s, { maxQueued: 2 });
      for (let i = 0; i < 3; i++) notices.enqueue(id, { ...ALARM, SN: 'Q0001' });
      expect(warnings).toEqual(['alarm notices behind: alarms dropped']);
      await notices.close();
      const rows = await s.db
        .selectFrom('alarm_notices')
        .select('id')
        .where('equipment_id', '=', id)
        .execute();
      expect(rows).toHaveLength(2);
    },
  );

  it.skipIf(storageCase.skip)('deletes alarm notices past 30 days as new ones are written', async () => {
    const s = storage();
    const owner = await user(s);
    const id = await equipment(s, owner, 'P0001');
    const old = (createdAt: number) => ({
      user_id: owner,
      equipment_id: id,
      equipment_name: 'Old',
      unid: 'P0001',
      channel: 'AI1',
      level: 1,
      value: 1,
      channel_name: 'AI1',
      unit: '',
      alarm_limit: null,
      text: 'old',
      email_text: 'old',
      mail: 'off' as const,
      at: createdAt,
      created_at: createdAt,
      read_at: null,
    });
    // At the bound (exactly 30 days) kept; past it deleted.
    await s.db
      .insertInto('alarm_notices')
      .values([old(T0 - 30 * DAY), old(T0 - 30 * DAY - 1)])
      .execute();
    const { notices } = service(s, {});
    notices.enqueue(id, { ...ALARM, SN: 'P0001' });
    await notices.close();
    const rows = await s.db
      .selectFrom('alarm_notices')
      .select('created_at')
      .where('equipment_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.created_at)).toEqual([T0 - 30 * DAY, T0]);
  });
});
