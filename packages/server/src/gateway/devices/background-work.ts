/**
 * The device service's background work (link changes, polls, pauses, cycles, cyclic reads): each
 * piece is tracked until it settles and its failure logged (a history backlog is left to the
 * writer, which reports its own); `stopped` is what the work checks between its steps.
 */
import { HistoryBacklogError } from '../../history/writer.js';
import type { GatewayLog } from '../link/log.js';

export class BackgroundWork {
  readonly #log: GatewayLog;
  readonly #running = new Set<Promise<void>>();
  #stopped = false;

  constructor(log: GatewayLog) {
    this.#log = log;
  }

  /** Set once the service stops: no new work is started, work under way ends at its next step. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** Work still running: 0 when idle. */
  get size(): number {
    return this.#running.size;
  }

  track(work: Promise<void>): void {
    const p = work.catch((e: unknown) => {
      // The writer reports its own backlog (HistoryWriter onBacklog).
      if (!(e instanceof HistoryBacklogError)) this.#log.warn({ err: e }, 'device link work failed');
    });
    this.#running.add(p);
    void p.finally(() => this.#running.delete(p));
  }

  stop(): void {
    this.#stopped = true;
  }

  /** Resolves once the work running now has settled. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#running]);
  }
}
