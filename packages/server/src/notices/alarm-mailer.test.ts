import { ALARM_MAIL_LIMITS } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZonedTime } from '../history/time.js';
import { mailOutletFromEnv } from '../mail/outlet.js';
import { AlarmMailer } from './alarm-mailer.js';
import type { MailTransport } from '../mail/outlet.js';
import type { MailEntry } from './mail-text.js';

const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Sent {
  to: string;
  subject: string;
  text: string;
  at: number;
}

class RecordingTransport implements MailTransport {
  readonly sent: Sent[] = [];
  failing = false;
  async sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown> {
    if (this.failing) throw new Error('550 mailbox unavailable');
    this.sent.push({ to: mail.to, subject: mail.subject, text: mail.text, at: Date.now() });
    return {};
  }
}

const entry = (n: number, at = Date.now()): MailEntry => ({
  at,
  equipmentName: 'Pump house',
  unid: 'R8000001',
  channel: `AI${(n % 8) + 1}`,
  line: `AI${(n % 8) + 1} above the upper limit 80: ${90 + n} kPa`,
});

const ALICE = { userId: 1, address: 'alice@example.com', language: 'en' as const };
const BOB = { userId: 2, address: 'bob@example.com', language: 'zh' as const };

describe('alarm mailer', () => {
  let transport: RecordingTransport;
  let marks: { ids: number[]; state: string }[];
  let mailer: AlarmMailer;
  const warnings: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    transport = new RecordingTransport();
    marks = [];
    warnings.length = 0;
    mailer = new AlarmMailer({
      mark: async (ids, state) => {
        marks.push({ ids: [...ids], state });
      },
      outlet: { kind: 'smtp', transport, from: 'Fieldlink <alarms@example.com>' },
      zone: new ZonedTime('Asia/Shanghai'),
      log: { info() {}, warn: (_d, m) => warnings.push(m) },
    });
  });
  afterEach(async () => {
    await mailer.close();
    vi.useRealTimers();
  });

  it('groups the alarms of one user within the window into one mail, naming a single alarm in the subject', async () => {
    mailer.add(ALICE, 10, entry(0));
    await vi.advanceTimersByTimeAsync(ALARM_MAIL_LIMITS.groupMs - 1);
    expect(transport.sent).toEqual([]);
    mailer.add(ALICE, 11, entry(1));
    mailer.add(BOB, 12, entry(2));
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.sent.map((m) => m.to)).toEqual(['alice@example.com']);
    expect(transport.sent[0]!.subject).toBe('2 alarms on your equipment');
    expect(transport.sent[0]!.text).toContain('2026-01-05 16:00:00  Pump house (R8000001)  AI1 above');
    expect(transport.sent[0]!.text).toContain('AI2 above the upper limit 80: 91 kPa');
    expect(marks).toEqual([{ ids: [10, 11], state: 'sent' }]);
    // Bob's group started a minute later, and his mail is in his language.
    await vi.advanceTimersByTimeAsync(ALARM_MAIL_LIMITS.groupMs);
    expect(transport.sent[1]).toMatchObject({ to: 'bob@example.com', subject: '报警：Pump house AI3' });
    expect(transport.sent[1]!.text).toContain('免打扰');
    expect(mailer.held).toBe(0);
  });

  it('sends at most 6 mails a user in any hour; later alarms wait, grouped, for the next one allowed', async () => {
    for (let i = 0; i < ALARM_MAIL_LIMITS.perHour; i++) {
      mailer.add(ALICE, 100 + i, entry(i));
      await vi.advanceTimersByTimeAsync(ALARM_MAIL_LIMITS.groupMs);
    }
    expect(transport.sent).toHaveLength(6);
    const firstAt = transport.sent[0]!.at;
    // The seventh mail (at the bound) waits until an hour after the first.
    mailer.add(ALICE, 200, entry(7));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    mailer.add(ALICE, 201, entry(8));
    await vi.advanceTimersByTimeAsync(firstAt + HOUR - Date.now() - 1);
    expect(transport.sent).toHaveLength(6);
    expect(mailer.held).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.sent).toHaveLength(7);
    expect(transport.sent[6]!.at).toBe(firstAt + HOUR);
    expect(transport.sent[6]!.subject).toBe('2 alarms on your equipment');
    expect(marks.at(-1)).toEqual({ ids: [200, 201], state: 'sent' });
    // The cap is per user: Bob is not held back by Alice's mails.
    mailer.add(BOB, 300, entry(0));
    await vi.advanceTimersByTimeAsync(ALARM_MAIL_LIMITS.groupMs);
    expect(transport.sent.at(-1)!.to).toBe('bob@example.com');
  });

  it('lists 50 alarms in a mail and counts the rest', async () => {
    for (let i = 0; i < ALARM_MAIL_LIMITS.listed + 7; i++) mailer.add(ALICE, 1000 + i, entry(i));
    await vi.advanceTimersByTimeAsync(ALARM_MAIL_LIMITS.groupMs);
    const [mail] = transport.sent;
    expect(mail!.subject).toBe('57 alarms on your equipment');
    expect(mail!.text.split('\n').filter((l) => l.includes('Pump house'))).toHaveLength(50);
    expect(mail!.text).toContain('… and 7 more');
    expect(marks[0]!.ids).toHaveLength(57);
  });

  it('marks the alarms of a mail the server refused as failed', async () => {
    transport.failing = true;
    mailer.add(ALICE, 5, entry(0));
    await vi.advanceTimersByTimeAsync(ALARM_MAIL_LIMITS.groupMs);
    expect(marks).toEqual([{ ids: [5], state: 'failed' }]);
    expect(warnings).toEqual(['alarm mail not sent']);
    expect(mailer.held).toBe(0);
  });

  it('sends what it holds when closed, and takes nothing after', async () => {
    mailer.add(ALICE, 1, entry(0));
    await mailer.close();
    expect(transport.sent).toHaveLength(1);
    expect(mailer.hasRoom).toBe(false);
  });

  it('holds a bounded number of alarms', () => {
    const small = new AlarmMailer({
      mark: async () => {},
      outlet: { kind: 'log' },
      zone: new ZonedTime('UTC'),
      log: { info() {}, warn() {} },
      maxHeld: 2,
    });
    small.add(ALICE, 1, entry(0));
    expect(small.hasRoom).toBe(true);
    small.add(ALICE, 2, entry(1));
    expect(small.hasRoom).toBe(false);
    void small.close();
  });

  it('writes mails to the log without SMTP_URL', async () => {
    const lines: string[] = [];
    const logged = new AlarmMailer({
      mark: async () => {},
      outlet: mailOutletFromEnv({}),
      zone: new ZonedTime('UTC'),
      log: { info: (_d, m) => lines.push(m), warn() {} },
    });
    logged.add(ALICE, 1, entry(0));
    await vi.advanceTimersByTimeAsync(ALARM_MAIL_LIMITS.groupMs);
    expect(lines).toEqual(['alarm mail to alice@example.com: Alarm: Pump house AI1']);
    await logged.close();
  });

  it('is configured by SMTP_URL and SMTP_FROM, as code mails are', () => {
    expect(mailOutletFromEnv({ SMTP_URL: ' ' }).kind).toBe('log');
    expect(mailOutletFromEnv({ SMTP_URL: 'smtp://mail.example.com:587', SMTP_FROM: 'a@b.c' }).kind).toBe(
      'smtp',
    );
    expect(() => mailOutletFromEnv({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/SMTP_FROM/);
    expect(() => mailOutletFromEnv({ SMTP_URL: 'http://x', SMTP_FROM: 'a@b.c' })).toThrow(/SMTP_URL/);
  });
});
