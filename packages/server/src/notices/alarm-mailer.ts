/**
 * Alarm e-mails (docs/operations.md § Alarm e-mails). Bursts do not flood a mailbox: a user's
 * alarms within `groupMs` of the first go in one mail, and a user gets at most `perHour` mails in
 * any hour; alarms that come while the cap is reached wait, grouped, for the next mail it allows.
 * A mail lists at most `listed` alarms and counts the rest. Each alarm notice's `mail` column says
 * what became of it (sent or failed). Mails held here are lost with the process (their notices stay
 * `pending`), and the caps hold per server node.
 *
 * The outlet is mail/outlet.ts's (SMTP_URL and SMTP_FROM, as for code mails); without SMTP_URL the
 * mails are written to the log.
 */
import { ALARM_MAIL_LIMITS } from '@fieldlink/protocol';
import type { ZonedTime } from '../history/time.js';
import type { MailOutlet } from '../mail/outlet.js';
import { alarmMail } from './mail-text.js';
import type { MailEntry, MailLanguage } from './mail-text.js';

export interface MailerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailLimits {
  readonly groupMs: number;
  readonly perHour: number;
  readonly listed: number;
}

/** Stores what became of the mails of these alarm notices (store.ts markMail). */
export type MarkMail = (noticeIds: readonly number[], state: 'sent' | 'failed') => Promise<void>;

export interface AlarmMailerOptions {
  readonly mark: MarkMail;
  readonly outlet: MailOutlet;
  readonly zone: ZonedTime;
  readonly log: MailerLog;
  readonly now?: () => number;
  readonly limits?: MailLimits;
  /** Alarms held for mails across all users at most; more are refused (their notices say failed). */
  readonly maxHeld?: number;
}

/** A user's mail under way: the alarms waiting for it and the user's recent mails. */
interface Mailbox {
  address: string;
  language: MailLanguage;
  entries: MailEntry[];
  /** Alarms beyond those listed. */
  more: number;
  /** Every alarm notice the next mail covers. */
  noticeIds: number[];
  /** The next mail's timer. */
  timer: ReturnType<typeof setTimeout> | null;
  /** While idle: when the box is dropped (its mails no longer count against the cap). */
  idle: ReturnType<typeof setTimeout> | null;
  /** When the mails of the last hour went, oldest first. */
  sent: number[];
  sending: Promise<void> | null;
}

const HOUR_MS = 60 * 60 * 1000;

export interface MailRecipient {
  readonly userId: number;
  readonly address: string;
  readonly language: MailLanguage;
}

export class AlarmMailer {
  readonly #mark: MarkMail;
  readonly #outlet: MailOutlet;
  readonly #zone: ZonedTime;
  readonly #log: MailerLog;
  readonly #now: () => number;
  readonly #limits: MailLimits;
  readonly #maxHeld: number;
  readonly #boxes = new Map<number, Mailbox>();
  #held = 0;
  #closed = false;

  constructor(options: AlarmMailerOptions) {
    this.#mark = options.mark;
    this.#outlet = options.outlet;
    this.#zone = options.zone;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#limits = options.limits ?? ALARM_MAIL_LIMITS;
    this.#maxHeld = options.maxHeld ?? 100_000;
  }

  /** Whether another alarm may be held for a mail now. */
  get hasRoom(): boolean {
    return !this.#closed && this.#held < this.#maxHeld;
  }

  /** Alarms waiting for their mail, across all users. */
  get held(): number {
    return this.#held;
  }

  /** Holds an alarm for the recipient's next mail; its notice is `noticeId`. */
  add(to: MailRecipient, noticeId: number, entry: MailEntry): void {
    let box = this.#boxes.get(to.userId);
    if (!box) {
      box = { ...to, entries: [], more: 0, noticeIds: [], timer: null, idle: null, sent: [], sending: null };
      this.#boxes.set(to.userId, box);
    }
    // The latest address and language win: the user may have changed them since.
    box.address = to.address;
    box.language = to.language;
    if (box.idle) clearTimeout(box.idle);
    box.idle = null;
    if (box.entries.length < this.#limits.listed) box.entries.push(entry);
    else box.more += 1;
    box.noticeIds.push(noticeId);
    this.#held += 1;
    if (box.timer === null && box.sending === null)
      this.#schedule(to.userId, box, this.#now() + this.#limits.groupMs);
  }

  /** Sends every held mail now, caps allowing (at shutdown); those the cap holds stay pending. */
  async close(): Promise<void> {
    this.#closed = true;
    const sends: Promise<void>[] = [];
    for (const [userId, box] of this.#boxes) {
      if (box.timer) clearTimeout(box.timer);
      if (box.idle) clearTimeout(box.idle);
      box.timer = null;
      box.idle = null;
      if (box.sending) sends.push(box.sending);
      else if (box.noticeIds.length > 0 && this.#allowedAt(box) <= this.#now())
        sends.push(this.#send(userId, box));
    }
    await Promise.all(sends);
  }

  /** When the hourly cap lets the next mail go. */
  #allowedAt(box: Mailbox): number {
    const now = this.#now();
    while (box.sent.length > 0 && box.sent[0]! <= now - HOUR_MS) box.sent.shift();
    const cap = this.#limits.perHour;
    return box.sent.length < cap ? now : box.sent[box.sent.length - cap]! + HOUR_MS;
  }

  #schedule(userId: number, box: Mailbox, at: number): void {
    if (this.#closed) return;
    const due = Math.max(at, this.#allowedAt(box));
    box.timer = setTimeout(
      () => {
        box.timer = null;
        if (this.#allowedAt(box) > this.#now()) this.#schedule(userId, box, 0);
        else void this.#send(userId, box);
      },
      Math.max(0, due - this.#now()),
    );
    box.timer.unref?.();
  }

  #send(userId: number, box: Mailbox): Promise<void> {
    const entries = box.entries;
    const more = box.more;
    const ids = box.noticeIds;
    box.entries = [];
    box.more = 0;
    box.noticeIds = [];
    box.sent.push(this.#now());
    const mail = alarmMail(entries, more, box.language, this.#zone);
    const sending = this.#deliver(box.address, mail)
      .then(
        () => this.#mark(ids, 'sent'),
        (err: unknown) => {
          this.#log.warn({ err, userId, alarms: ids.length }, 'alarm mail not sent');
          return this.#mark(ids, 'failed');
        },
      )
      .catch((err: unknown) => this.#log.warn({ err, userId }, 'alarm mail state not stored'))
      .finally(() => {
        this.#held -= ids.length;
        box.sending = null;
        // Alarms that came while this mail went out wait for the next group.
        if (box.noticeIds.length > 0) this.#schedule(userId, box, this.#now() + this.#limits.groupMs);
        else this.#forgetLater(userId, box);
      });
    box.sending = sending;
    return sending;
  }

  /** An idle mailbox is kept while its sends still count against the cap, then dropped. */
  #forgetLater(userId: number, box: Mailbox): void {
    if (this.#closed) return;
    const last = box.sent.at(-1) ?? this.#now();
    box.idle = setTimeout(
      () => {
        box.idle = null;
        if (box.noticeIds.length === 0 && box.sending === null && box.timer === null)
          this.#boxes.delete(userId);
      },
      Math.max(0, last + HOUR_MS - this.#now()),
    );
    box.idle.unref?.();
  }

  async #deliver(to: string, mail: { subject: string; text: string }): Promise<void> {
    if (this.#outlet.kind === 'log') {
      this.#log.info({ to, subject: mail.subject }, `alarm mail to ${to}: ${mail.subject}`);
      return;
    }
    await this.#outlet.transport.sendMail({ from: this.#outlet.from, to, ...mail });
  }
}
