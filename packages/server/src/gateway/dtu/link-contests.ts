/**
 * Contested device links (docs/protocol.md § Contested links): a connection that tries to take a
 * serial's link and is refused while the serial has a link to keep, or that keeps being refused.
 * Each contest is an alarm for the equipment's readers: an event of kind 'alarm' without a channel
 * (`detail.cause` 'link_contested', the remote address and the number of attempts) and a Notiface
 * on channel `LINK`. One report per serial per window at most, so a flood of attempts costs one
 * event row a minute: the first attempt is reported at once, the ones after it in the window are
 * counted and reported together when the window ends.
 */
import type { ServerMessage } from '@fieldlink/protocol';
import { DEFAULT_TIME_ZONE, ZonedTime } from '../../history/time.js';
import type { EventInput } from '../../history/writer.js';
import { silentLog } from '../link/log.js';
import type { GatewayLog } from '../link/log.js';

/** A connection refused for a serial that has equipment. */
export interface ContestAttempt {
  readonly equipmentId: number;
  /** Upper case, as stored (the unid the consoles know the equipment by). */
  readonly serial: string;
  /** `address:port` of the connection. */
  readonly remote: string;
  /** Why it was refused: 'wrong secret', 'secret missing', 'link kept' … */
  readonly reason: string;
}

export interface ContestReport extends ContestAttempt {
  /** Attempts since the last report, this one included. */
  readonly attempts: number;
  readonly at: number;
}

export interface LinkContestsOptions {
  readonly report: (report: ContestReport) => void;
  readonly now?: () => number;
  /** At most one report per serial in this long; default 60 s. */
  readonly windowMs?: number;
  /**
   * Refusals of one serial within the window that make a contest even while it has no link to
   * keep (someone guessing its secret); default 3.
   */
  readonly repeatAfter?: number;
}

export const DEFAULT_CONTEST_WINDOW_MS = 60_000;
export const DEFAULT_CONTEST_REPEAT = 3;

interface Window {
  /** Attempts since the last report. */
  count: number;
  last: ContestAttempt;
  readonly timer: NodeJS.Timeout;
}

export class LinkContests {
  readonly #report: (report: ContestReport) => void;
  readonly #now: () => number;
  readonly #windowMs: number;
  readonly #repeatAfter: number;
  /** Reporting windows by serial. */
  readonly #windows = new Map<string, Window>();
  /** Refusals by serial: when the first of the window came, and how many. */
  readonly #refusals = new Map<string, { start: number; n: number }>();

  constructor(options: LinkContestsOptions) {
    this.#report = options.report;
    this.#now = options.now ?? Date.now;
    this.#windowMs = options.windowMs ?? DEFAULT_CONTEST_WINDOW_MS;
    this.#repeatAfter = options.repeatAfter ?? DEFAULT_CONTEST_REPEAT;
  }

  /**
   * A registration refused (wrong or missing secret): a contest when the serial has a link that
   * authenticated (`linkToKeep`), or when it is refused repeatedly within the window.
   */
  refused(attempt: ContestAttempt, linkToKeep: boolean): void {
    const at = this.#now();
    let refusals = this.#refusals.get(attempt.serial);
    if (!refusals || at - refusals.start >= this.#windowMs) {
      this.#sweep(at);
      refusals = { start: at, n: 0 };
      this.#refusals.set(attempt.serial, refusals);
    }
    refusals.n++;
    if (linkToKeep || refusals.n >= this.#repeatAfter) this.contested(attempt);
  }

  /** A registration refused because the serial's live link was kept: always a contest. */
  contested(attempt: ContestAttempt): void {
    const window = this.#windows.get(attempt.serial);
    if (window) {
      window.count++;
      window.last = attempt;
      return;
    }
    this.#report({ ...attempt, attempts: 1, at: this.#now() });
    this.#open(attempt);
  }

  /** Stops the windows' timers; attempts counted and not yet reported are dropped. */
  close(): void {
    for (const window of this.#windows.values()) clearTimeout(window.timer);
    this.#windows.clear();
    this.#refusals.clear();
  }

  #open(attempt: ContestAttempt): void {
    const timer = setTimeout(() => this.#end(attempt.serial), this.#windowMs);
    timer.unref();
    this.#windows.set(attempt.serial, { count: 0, last: attempt, timer });
  }

  /** The window ends: what it counted is reported, and that report opens the next window. */
  #end(serial: string): void {
    const window = this.#windows.get(serial);
    this.#windows.delete(serial);
    if (!window || window.count === 0) return;
    this.#report({ ...window.last, attempts: window.count, at: this.#now() });
    this.#open(window.last);
  }

  /** Refusal counts of windows that ended, so serials tried once long ago are not kept. */
  #sweep(at: number): void {
    if (this.#refusals.size < 1024) return;
    for (const [serial, refusals] of this.#refusals) {
      if (at - refusals.start >= this.#windowMs) this.#refusals.delete(serial);
    }
  }
}

/** Where contests go: the history's events and the live channel's readers of the equipment. */
export interface ContestSinks {
  /** Resolves with the event's id (a stub may resolve with nothing). */
  readonly recordEvent: (event: EventInput) => Promise<number | void>;
  readonly publish: (equipmentId: number, message: ServerMessage) => void;
  /** The zone of the Notiface's time; default Asia/Shanghai. */
  readonly timeZone?: string;
  readonly log?: GatewayLog;
}

/** The text of a contest, in the server's language like its other alarm texts. */
export function contestMessage(report: ContestReport): string {
  const times = report.attempts === 1 ? 'once' : `${report.attempts} times`;
  return `Link contested: ${report.remote} tried to register ${report.serial} (${report.reason}) ${times}; the link was refused`;
}

/** Records each report as an alarm event and pushes it to the equipment's consoles. */
export function reportContests(sinks: ContestSinks): (report: ContestReport) => void {
  const zone = new ZonedTime(sinks.timeZone ?? DEFAULT_TIME_ZONE);
  const log = sinks.log ?? silentLog;
  return (report) => {
    const message = contestMessage(report);
    log.warn(
      {
        serial: report.serial,
        equipmentId: report.equipmentId,
        remote: report.remote,
        attempts: report.attempts,
      },
      'DTU link contested',
    );
    const notify = (eventId: number | void): void =>
      sinks.publish(report.equipmentId, {
        infotype: 'Notiface',
        info: {
          SN: report.serial,
          channel: 'LINK',
          level: 1,
          value: report.attempts,
          Time: zone.format(report.at),
          text: message.slice(0, 256),
          // The stored alarm, to acknowledge it by.
          ...(typeof eventId === 'number' ? { eventId } : {}),
        },
      });
    sinks
      .recordEvent({
        equipmentId: report.equipmentId,
        kind: 'alarm',
        at: report.at,
        level: 1,
        message,
        detail: {
          cause: 'link_contested',
          remote: report.remote,
          reason: report.reason,
          attempts: report.attempts,
        },
      })
      .then(notify, (error: unknown) => {
        log.error({ err: error, serial: report.serial }, 'could not record a contested link');
        // Told all the same, without an event to acknowledge.
        notify();
      });
  };
}
