/**
 * The report scheduler (docs/operations.md § Automatic reports): every minute it reads the users
 * with reports on and, for each whose report fell due (the chosen hour, and weekday for weekly
 * ones, in the server's zone), makes the report of the last complete period and mails it with its
 * spreadsheet, in the user's language, when they asked for mail and have a bound address.
 *
 * Every node runs one. Before making a report a node claims its (user, period) in the database
 * (store.ts claimRun), so however many nodes tick at once, a report goes once; a failed mail is
 * tried again by whichever node claims it next, up to three tries. A report due while no node ran
 * is still made up to `lateMs` later; one that fell due before the user last saved their settings
 * is not (they had just turned reports on, or had it already).
 *
 * The clock is injected and `tick()` can be called directly, so tests move time instead of waiting.
 */
import type { Kysely } from 'kysely';
import type { AuthUser } from '../accounts/authenticate.js';
import { ZonedTime } from '../history/time.js';
import type { MailOutlet } from '../mail/outlet.js';
import { mailLanguage } from '../notices/mail-text.js';
import type { Database } from '../storage/schema.js';
import { buildReport } from './compute.js';
import { deliverReport, reportMail } from './mail.js';
import { DAY_MS, HOUR_MS, latestDue, periodDueAt } from './periods.js';
import type { Period } from './periods.js';
import { claimRun, finishRun, RETRY_AFTER_MS, runSettled, scheduledUsers, sweepRuns } from './store.js';
import type { RunKey, ScheduledUser } from './store.js';
import { reportFileName, reportWorkbook } from './workbook.js';

export interface SchedulerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ReportSchedulerOptions {
  readonly db: Kysely<Database>;
  readonly outlet: MailOutlet;
  /** The zone of periods and hours (TIME_ZONE). */
  readonly timeZone: string;
  /** This node's name in the claims (MQTT_NODE_ID). */
  readonly node: string;
  readonly log: SchedulerLog;
  readonly now?: () => number;
  /** How often due reports are looked for; a minute by default. */
  readonly tickMs?: number;
  /** How long after it fell due a report is still made; six hours by default. */
  readonly lateMs?: number;
}

/** What a tick did for one user. */
export interface RunOutcome {
  readonly userId: number;
  readonly period: Period;
  readonly state: 'sent' | 'generated' | 'failed';
}

/** How long a node waits before asking again about a run another node holds. */
const RECHECK_MS = 5 * 60_000;
/** Runs are kept this long for the console's list. */
const KEEP_RUNS_MS = 100 * DAY_MS;

export class ReportScheduler {
  readonly #o: ReportSchedulerOptions;
  readonly #zone: ZonedTime;
  readonly #now: () => number;
  readonly #lateMs: number;
  /** Per user: the run last seen settled or held elsewhere, and until when not to ask again. */
  readonly #seen = new Map<number, { key: string; until: number }>();
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<RunOutcome[]> | null = null;
  #nextSweep = 0;

  constructor(options: ReportSchedulerOptions) {
    this.#o = options;
    this.#zone = new ZonedTime(options.timeZone);
    this.#now = options.now ?? Date.now;
    this.#lateMs = options.lateMs ?? 6 * HOUR_MS;
  }

  /** Ticks every `tickMs` until closed. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.tick().catch((err: unknown) => this.#o.log.warn({ err }, 'report scheduler tick failed'));
    }, this.#o.tickMs ?? 60_000);
    this.#timer.unref?.();
  }

  /** Makes the reports due now; a tick still running is waited for rather than doubled. */
  tick(): Promise<RunOutcome[]> {
    this.#running ??= this.#tick().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Stops ticking and waits for the tick under way. */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => {});
  }

  async #tick(): Promise<RunOutcome[]> {
    const t = this.#now();
    const { db } = this.#o;
    if (t >= this.#nextSweep) {
      this.#nextSweep = t + DAY_MS;
      await sweepRuns(db, t - KEEP_RUNS_MS);
    }
    const outcomes: RunOutcome[] = [];
    for (const user of await scheduledUsers(db)) {
      const { settings } = user;
      const due = latestDue(settings, t, this.#zone);
      if (due < t - this.#lateMs) continue;
      if (settings.updatedAt !== null && due < settings.updatedAt) continue;
      const period = periodDueAt(settings, due, this.#zone);
      const key = `${period.kind}:${period.from}`;
      const seen = this.#seen.get(user.userId);
      if (seen && seen.key === key && seen.until > t) continue;
      const run: RunKey = { userId: user.userId, period };
      if (!(await claimRun(db, run, this.#o.node, t))) {
        const settled = await runSettled(db, run);
        this.#seen.set(user.userId, { key, until: settled ? Number.POSITIVE_INFINITY : t + RECHECK_MS });
        continue;
      }
      const state = await this.#make(user, run, t);
      this.#seen.set(user.userId, {
        key,
        until: state === 'failed' ? t + RETRY_AFTER_MS : Number.POSITIVE_INFINITY,
      });
      outcomes.push({ userId: user.userId, period, state });
    }
    return outcomes;
  }

  /** Makes the claimed report, mails it when asked for, and stores how that went. */
  async #make(user: ScheduledUser, run: RunKey, t: number): Promise<RunOutcome['state']> {
    const { db, log, node, outlet, timeZone } = this.#o;
    const account: AuthUser = { id: user.userId, authority: user.authority, familyId: '' };
    try {
      const report = await buildReport(
        db,
        { user: account, settings: user.settings },
        { ...run.period, partial: false },
        timeZone,
        t,
      );
      const { devices, alarms, uptime } = report.totals;
      const summary = { devices, alarms, uptime };
      const address = user.settings.email ? user.email : null;
      if (address === null) {
        await finishRun(db, run, node, 'generated', summary, this.#now());
        return 'generated';
      }
      const language = mailLanguage(user.language);
      const name = reportFileName(report, this.#zone);
      const mail = reportMail(report, language, this.#zone, name);
      const content = await reportWorkbook(report, language, this.#zone);
      await deliverReport(outlet, log, address, mail, { name, content });
      await finishRun(db, run, node, 'sent', summary, this.#now());
      return 'sent';
    } catch (err) {
      log.warn({ err, userId: user.userId, period: run.period.kind }, 'scheduled report not sent');
      await finishRun(db, run, node, 'failed', null, this.#now()).catch((error: unknown) =>
        log.warn({ err: error, userId: user.userId }, 'scheduled report state not stored'),
      );
      return 'failed';
    }
  }
}
