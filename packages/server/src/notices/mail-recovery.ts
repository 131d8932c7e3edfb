/**
 * Alarm mails outlive their node (docs/operations.md § Alarm e-mails). Every node runs one
 * recovery: every `sweepMs` it renews the claims of the mails its AlarmMailer holds (one
 * statement), marks pending notices that nobody holds and whose alarm is older than `maxAgeMs`
 * failed, and claims the other unheld ones (their node stopped, or released them at a clean
 * shutdown) for its own mailer, which groups and caps them as any other. A notice whose claim this
 * node lost (it could not renew in time and another node took it) is dropped from its mailer.
 *
 * At shutdown: `stop` first (no more sweeps), then the notices' close (the mailer sends what the
 * caps allow), then `release`, so another node takes what is still held at its next sweep.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { AlarmMailer, MailerLog } from './alarm-mailer.js';
import { readersOf } from './alarm-notices.js';
import {
  claimUnheld,
  failUnheldBefore,
  MAIL_LEASE_MS,
  MAIL_MAX_AGE_MS,
  MAIL_SWEEP_MS,
  markMailOff,
  releaseClaims,
  renewClaims,
} from './mail-claims.js';

export interface MailRecoveryOptions {
  readonly db: Kysely<Database>;
  readonly mailer: AlarmMailer;
  /** This node's name in the claims (mail-claims.ts mailNodeId); the notices' writer uses it too. */
  readonly node: string;
  readonly log: MailerLog;
  readonly now?: () => number;
  readonly leaseMs?: number;
  readonly sweepMs?: number;
  readonly maxAgeMs?: number;
  /** Starts the periodic sweep; returns its stop. Default: an unref'd setInterval. */
  readonly every?: (ms: number, tick: () => void) => () => void;
}

/** Notices claimed in one statement at most. */
const CLAIM_BATCH = 500;

function everyInterval(ms: number, tick: () => void): () => void {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}

export class MailRecovery {
  readonly #db: Kysely<Database>;
  readonly #mailer: AlarmMailer;
  readonly #node: string;
  readonly #log: MailerLog;
  readonly #now: () => number;
  readonly #leaseMs: number;
  readonly #sweepMs: number;
  readonly #maxAgeMs: number;
  readonly #every: (ms: number, tick: () => void) => () => void;
  #stopTimer: (() => void) | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(options: MailRecoveryOptions) {
    this.#db = options.db;
    this.#mailer = options.mailer;
    this.#node = options.node;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
    this.#sweepMs = options.sweepMs ?? MAIL_SWEEP_MS;
    this.#maxAgeMs = options.maxAgeMs ?? MAIL_MAX_AGE_MS;
    this.#every = options.every ?? everyInterval;
  }

  /** Sweeps now (mails left by a node that stopped while this one was down) and every `sweepMs`. */
  start(): void {
    if (this.#stopTimer || this.#stopped) return;
    this.#stopTimer = this.#every(this.#sweepMs, () => void this.sweep());
    void this.sweep();
  }

  /** One round: renew, fail the too old, take over the unheld. Waits for a round under way. */
  sweep(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    this.#running ??= this.#round()
      .catch((err: unknown) => this.#log.warn({ err }, 'alarm mail sweep failed'))
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }

  /** Stops sweeping (and renewing); waits for a round under way. The claims are left as they are. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopTimer?.();
    this.#stopTimer = null;
    await this.#running;
  }

  /** Lets go of the claims on what the mailer still holds (after its close), for the other nodes. */
  async release(): Promise<void> {
    await this.stop();
    const released = await releaseClaims(this.#db, this.#node);
    if (released > 0)
      this.#log.info({ node: this.#node, alarms: released }, 'alarm mails left to the other nodes');
  }

  async #round(): Promise<void> {
    const now = this.#now();
    const until = now + this.#leaseMs;
    await this.#renew(until);
    const failed = await failUnheldBefore(this.#db, now, now - this.#maxAgeMs);
    if (failed > 0) this.#log.warn({ alarms: failed }, 'alarm mails left unsent too long: marked failed');
    let room = this.#mailer.room;
    while (room > 0 && !this.#stopped) {
      const limit = Math.min(room, CLAIM_BATCH);
      const claimed = await claimUnheld(this.#db, this.#node, now, until, limit);
      if (claimed.length === 0) break;
      const readers = await readersOf(this.#db, [...new Set(claimed.map((n) => n.user_id))]);
      const off: number[] = [];
      for (const notice of claimed) {
        const reader = readers.get(notice.user_id);
        if (!reader?.email || !reader.emailAlarms) {
          off.push(notice.id);
          continue;
        }
        this.#mailer.add({ userId: reader.id, address: reader.email, language: reader.language }, notice.id, {
          at: notice.at,
          equipmentName: notice.equipment_name,
          unid: notice.unid,
          channel: notice.channel,
          line: notice.email_text,
        });
      }
      if (off.length > 0) await markMailOff(this.#db, this.#node, off);
      this.#log.info(
        { node: this.#node, alarms: claimed.length, off: off.length },
        'alarm mails taken over from a stopped node',
      );
      if (claimed.length < limit) break;
      room = this.#mailer.room;
    }
  }

  /** Renews the claims on what the mailer holds; forgets those another node has taken over. */
  async #renew(until: number): Promise<void> {
    if (this.#mailer.held === 0) return;
    const waiting = this.#mailer.waiting();
    const kept = new Set(await renewClaims(this.#db, this.#node, until));
    const lost = waiting.filter((id) => !kept.has(id));
    const dropped = lost.length > 0 ? this.#mailer.drop(lost) : 0;
    if (dropped > 0)
      this.#log.warn(
        { node: this.#node, alarms: dropped },
        'alarm mails taken over by another node: dropped',
      );
  }
}
