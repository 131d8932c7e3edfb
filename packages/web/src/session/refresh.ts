/**
 * Token refresh (specification §4, §9): 360 s after each sign-in or refresh the refresh token is
 * exchanged for a new pair; the access token lives 10 minutes, so this leaves room for a slow
 * answer. A refused refresh (the token expired, was revoked or replaced) ends the session; a
 * server that cannot be reached is retried, since the refresh token stays good for 30 days and a
 * network blip should not sign anyone out.
 *
 * Several tabs share the stored tokens. Spending a refresh token twice revokes the whole session
 * (docs/api.md), so a refresh runs under a cross-tab lock and first re-reads the stored tokens:
 * when another tab refreshed moments ago, this one takes that pair instead of refreshing again.
 */
import { refresh } from '../api/auth';
import { ApiError } from '../api/http';
import { useSession } from './store';

export const REFRESH_INTERVAL_MS = 360_000;
export const RETRY_AFTER_MS = 30_000;
const LOCK_NAME = 'fieldlink.token-refresh';

export type RefreshOutcome = 'refreshed' | 'expired' | 'unreachable';

let timer: ReturnType<typeof setTimeout> | null = null;
let inflight: Promise<RefreshOutcome> | null = null;
let onExpired: (() => void) | null = null;

/** Whether the stored pair is older than the refresh interval. */
export function refreshDue(now = Date.now()): boolean {
  const { tokenAt } = useSession.getState();
  return tokenAt === null || now - tokenAt >= REFRESH_INTERVAL_MS;
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, work) : work();
}

async function exchange(): Promise<RefreshOutcome> {
  return withLock(async () => {
    await useSession.persist.rehydrate();
    const { refreshToken } = useSession.getState();
    if (!refreshToken) return 'expired';
    if (!refreshDue()) return 'refreshed';
    try {
      useSession.getState().setTokens(await refresh(refreshToken));
      return 'refreshed';
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return 'expired';
      return 'unreachable';
    }
  });
}

/** Refreshes now when the pair is due (one exchange at a time, whoever asks). */
export function refreshTokens(): Promise<RefreshOutcome> {
  inflight ??= exchange().finally(() => {
    inflight = null;
  });
  return inflight;
}

function schedule(delay: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void refreshTokens().then((outcome) => {
      if (outcome === 'expired') onExpired?.();
      else if (outcome === 'unreachable') schedule(RETRY_AFTER_MS);
      else schedule(nextDelay());
    });
  }, delay);
}

function nextDelay(now = Date.now()): number {
  const { tokenAt } = useSession.getState();
  return Math.max(0, (tokenAt ?? now) + REFRESH_INTERVAL_MS - now);
}

/** Starts the refresh timer; `expired` runs when the server refuses the refresh token. */
export function startRefreshTimer(expired: () => void): void {
  onExpired = expired;
  schedule(nextDelay());
}

export function stopRefreshTimer(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  onExpired = null;
}

export const refreshTimerRunning = (): boolean => timer !== null;
