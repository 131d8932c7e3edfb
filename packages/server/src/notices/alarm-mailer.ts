/**
 * Alarm e-mails (docs/operations.md § Alarm e-mails). Bursts do not flood a mailbox: a user's
 * alarms within `groupMs` of the first go in one mail, and a user gets at most `perHour` mails in
 * any hour; alarms that come while the cap is reached wait, grouped, for the next mail it allows.
 * A mail lists at most `listed` alarms and counts the rest. Each alarm notice's `mail` column says
 * what became of it (sent or failed). The caps hold per server node.
 *
 * What is held here is not lost with the process: each pending notice carries this node's claim
 * with a lease, which mail-recovery.ts renews while the mail is held and releases at a clean
 * shutdown; a notice whose lease runs out is taken over by another node's sweep. When this node
 * learns that another has taken a notice over, `drop` forgets it here.
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
  /**
   * Which of these notices this node still holds, asked just before their mail goes
   * (mail-claims.ts stillHeld): a node that stalled past its lease does not send what another
   * node took over. Unset, all are.
   */
  readonly stillHeld?: (noticeIds: readonly number[]) => Promise<readonly number[]>;
}

/** An alarm the next mail lists, with its notice (so it can be dropped). */
interface Listed {
  readonly noticeId: number;
  readonly entry: MailEntry;
}

/** A user's mail under way: the alarms waiting for it and the user's recent mails. */
interface Mailbox {
  address: string;
  language: MailLanguage;
  /** The alarms the next mail lists (at most `listed`); the rest of `noticeIds` it counts. */
  entries: Listed[];
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
  readonly #stillHeld: (noticeIds: readonly number[]) => Promise<readonly number[]>;
  readonly #boxes = new Map<number, Mailbox>();
  /** Every alarm notice held, waiting or in a mail being sent. */
  readonly #held = new Set<number>();
  #closed = false;

  constructor(options: AlarmMailerOptions) {
    this.#mark = options.mark;
    this.#outlet = options.outlet;
    this.#zone = options.zone;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#limits = options.limits ?? ALARM_MAIL_LIMITS;
    this.#maxHeld = options.maxHeld ?? 100_000;
    this.#stillHeld = options.stillHeld ?? ((ids) => Promise.resolve(ids));
  }

  /** Whether another alarm may be held for a mail now. */
  get hasRoom(): boolean {
    return this.room > 0;
  }

  /** How many more alarms may be held now. */
  get room(): number {
    return this.#closed ? 0 : Math.max(0, this.#maxHeld - this.#held.size);
  }

  /** Alarms waiting for their mail, across all users. */
  get held(): number {
    return this.#held.size;
  }

  /** The notices of the alarms waiting for a mail (not those of mails being sent). */
  waiting(): number[] {
    return [...this.#boxes.values()].flatMap((box) => box.noticeIds);
  }

  /**
   * Holds an alarm for the recipient's next mail; its notice is `noticeId`. A notice already held
   * is not held twice (a sweep may take back a notice whose lease this node let run out).
   */
  add(to: MailRecipient, noticeId: number, entry: MailEntry): void {
    if (this.#held.has(noticeId)) return;
    let box = this.#boxes.get(to.userId);
    if (!box) {
      box = { ...to, entries: [], noticeIds: [], timer: null, idle: null, sent: [], sending: null };
      this.#boxes.set(to.userId, box);
    }
    // The latest address and language win: the user may have changed them since.
    box.address = to.address;
    box.language = to.language;
    if (box.idle) clearTimeout(box.idle);
    box.idle = null;
    if (box.entries.length < this.#limits.listed) box.entries.push({ noticeId, entry });
    box.noticeIds.push(noticeId);
    this.#held.add(noticeId);
    if (box.timer === null && box.sending === null)
      this.#schedule(to.userId, box, this.#now() + this.#limits.groupMs);
  }

  /**
   * Forgets the waiting alarms of these notices (another node has taken them over): no mail of this
   * node covers them. Returns how many were forgotten; those in a mail being sent are not.
   */
  drop(noticeIds: readonly number[]): number {
    const gone = new Set(noticeIds);
    let dropped = 0;
    for (const [userId, box] of this.#boxes) {
      const kept = box.noticeIds.filter((id) => !gone.has(id));
      if (kept.length === box.noticeIds.length) continue;
      for (const id of box.noticeIds) if (gone.has(id)) this.#held.delete(id);
      dropped += box.noticeIds.length - kept.length;
      box.noticeIds = kept;
      box.entries = box.entries.filter((listed) => !gone.has(listed.noticeId));
      if (kept.length === 0 && box.timer !== null) {
        clearTimeout(box.timer);
        box.timer = null;
        this.#forgetLater(userId, box);
      }
    }
    return dropped;
  }

  /** Resolves once the mails under way now have gone (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.#boxes.values()].map((box) => box.sending));
  }

  /**
   * Sends every held mail now, caps allowing (at shutdown); those the cap holds stay pending, for
   * mail-recovery.ts to release to the other nodes.
   */
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
    const listed = box.entries;
    const ids = box.noticeIds;
    box.entries = [];
    box.noticeIds = [];
    box.sent.push(this.#now());
    const sentAt = box.sent.at(-1)!;
    const sending = this.#stillHeld(ids)
      .catch((err: unknown) => {
        // The store did not answer: sent anyway (a mail twice rather than none).
        this.#log.warn({ err, userId }, 'alarm mail claims not checked');
        return ids;
      })
      .then((heldIds) => {
        const held = new Set(heldIds);
        const mine = ids.filter((id) => held.has(id));
        if (mine.length < ids.length)
          this.#log.info(
            { userId, alarms: ids.length - mine.length },
            'alarm mails taken over by another node',
          );
        if (mine.length === 0) {
          // Nothing went: the cap does not count it.
          box.sent.splice(box.sent.lastIndexOf(sentAt), 1);
          return;
        }
        const entries = listed.filter((l) => held.has(l.noticeId)).map((l) => l.entry);
        const mail = alarmMail(entries, mine.length - entries.length, box.language, this.#zone);
        return this.#deliver(box.address, mail).then(
          () => this.#mark(mine, 'sent'),
          (err: unknown) => {
            this.#log.warn({ err, userId, alarms: mine.length }, 'alarm mail not sent');
            return this.#mark(mine, 'failed');
          },
        );
      })
      .catch((err: unknown) => this.#log.warn({ err, userId }, 'alarm mail state not stored'))
      .finally(() => {
        for (const id of ids) this.#held.delete(id);
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
