/**
 * Keeping a camera stream going. A stream ticket is good to start only until `expiresAt`, so when
 * a stream ends or fails the camera is read again for a fresh ticket and the stream restarts,
 * after 1 s, 2 s and 5 s; after the third failed try in a row the user gets a Retry button. A
 * stream that plays resets the count. The timers and the clock are injected (tests run them by
 * hand).
 */
import { useEffect, useRef, useState } from 'react';
import type { CameraStream } from '../../api/cameras';

export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000];

/** Runs `run` after `ms`; the returned function cancels it. */
export type Schedule = (run: () => void, ms: number) => () => void;

export const timerSchedule: Schedule = (run, ms) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

/** A fresh ticket, or null with why there is none (the server's words). */
export interface StreamFetched {
  readonly stream: CameraStream | null;
  readonly error: string | null;
}

export type StreamState =
  /** `generation` changes with every (re)start, so the player element is made anew. */
  | { readonly phase: 'playing'; readonly stream: CameraStream; readonly generation: number }
  /** Waiting before try `attempt` (1…max), or fetching it; attempt 0: a start asked for. */
  | { readonly phase: 'waiting'; readonly attempt: number }
  /** Given up (or never had a stream): `error` says why when the server said. */
  | { readonly phase: 'failed'; readonly error: string | null };

export interface StreamSessionOptions {
  readonly initial: CameraStream | null;
  /** Why `initial` is null. */
  readonly initialError: string | null;
  readonly fetchStream: () => Promise<StreamFetched>;
  readonly delays?: readonly number[];
  readonly schedule?: Schedule;
  readonly now?: () => number;
}

export class StreamSession {
  state: StreamState;
  private attempts = 0;
  /** A try is waiting or fetching: further reports of the same failure are the same failure. */
  private busy = false;
  private cancelTimer: (() => void) | null = null;
  /** Bumped on open and close, so a fetch that outlives its opening is dropped. */
  private epoch = 0;
  private generation = 0;
  private lastError: string | null;
  private readonly delays: readonly number[];
  private readonly schedule: Schedule;
  private readonly now: () => number;

  constructor(
    private readonly options: StreamSessionOptions,
    private readonly onChange: (state: StreamState) => void,
  ) {
    this.delays = options.delays ?? RETRY_DELAYS_MS;
    this.schedule = options.schedule ?? timerSchedule;
    this.now = options.now ?? Date.now;
    this.lastError = options.initialError;
    const { initial } = options;
    this.state =
      initial === null
        ? { phase: 'failed', error: options.initialError }
        : this.expired(initial)
          ? { phase: 'waiting', attempt: 0 }
          : { phase: 'playing', stream: initial, generation: 0 };
  }

  /** Starts what the first state asks for: a ticket read at once when the first had expired. */
  open(): void {
    this.epoch += 1;
    if (this.state.phase === 'waiting' && !this.busy) void this.load();
  }

  close(): void {
    this.epoch += 1;
    this.busy = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** The stream ended or failed: try again after the next delay, or give up. */
  readonly failed = (): void => {
    if (this.busy || this.state.phase !== 'playing') return;
    this.backOff();
  };

  /** The stream plays: a later failure starts the count anew. */
  readonly playing = (): void => {
    this.attempts = 0;
  };

  /** The user asks for a new start: at once, with a fresh count. */
  readonly retry = (): void => {
    if (this.busy) return;
    this.attempts = 0;
    this.set({ phase: 'waiting', attempt: 0 });
    void this.load();
  };

  private backOff(): void {
    const attempt = this.attempts;
    const delay = this.delays[attempt];
    if (delay === undefined) {
      this.set({ phase: 'failed', error: this.lastError });
      return;
    }
    this.attempts = attempt + 1;
    this.busy = true;
    this.set({ phase: 'waiting', attempt: attempt + 1 });
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = null;
      void this.load();
    }, delay);
  }

  private async load(): Promise<void> {
    const epoch = this.epoch;
    this.busy = true;
    let fetched: StreamFetched;
    try {
      fetched = await this.options.fetchStream();
    } catch (error) {
      fetched = { stream: null, error: error instanceof Error ? error.message : String(error) };
    }
    if (epoch !== this.epoch) return;
    this.busy = false;
    this.lastError = fetched.error;
    if (fetched.stream) {
      this.generation += 1;
      this.set({ phase: 'playing', stream: fetched.stream, generation: this.generation });
    } else {
      this.backOff();
    }
  }

  private expired(stream: CameraStream): boolean {
    return Date.parse(stream.expiresAt) <= this.now();
  }

  private set(state: StreamState): void {
    this.state = state;
    this.onChange(state);
  }
}

/** A StreamSession for the life of the component; `fetchStream` may change between renders. */
export function useStreamSession(options: StreamSessionOptions): {
  readonly state: StreamState;
  readonly session: StreamSession;
} {
  const fetchRef = useRef(options.fetchStream);
  useEffect(() => {
    fetchRef.current = options.fetchStream;
  });
  const [, setState] = useState<StreamState | null>(null);
  const [session] = useState(
    () => new StreamSession({ ...options, fetchStream: () => fetchRef.current() }, setState),
  );
  useEffect(() => {
    session.open();
    return () => session.close();
  }, [session]);
  return { state: session.state, session };
}
