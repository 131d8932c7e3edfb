/**
 * Ending a session (specification §4 "Logout"): tell the server, forget the tokens, the user's
 * record and every cached reply, stop the refresh timer, let the other parts close their things
 * (live channel, timers, visited tabs, via lifecycle.ts), and go to the sign-in page that brings
 * the user back to where they were.
 */
import { logout as endOnServer } from '../api/auth';
import { queryClient } from '../app/query-client';
import { loginPathFor } from '../routes/guard.decide';
import { announceSignOut } from './lifecycle';
import { useMe } from './me';
import { currentRoute, navigateTo } from './navigation';
import { stopRefreshTimer } from './refresh';
import { useSession } from './store';

let running: Promise<void> | null = null;

/**
 * Forgets the session in this tab without going anywhere: for a new login link replacing a
 * session, and when another tab signed out.
 */
export async function endSessionLocally(): Promise<void> {
  stopRefreshTimer();
  useSession.getState().clear();
  useMe.getState().setMe(null);
  queryClient.clear();
  await announceSignOut();
}

export function logout(): Promise<void> {
  running ??= (async () => {
    const previous = currentRoute();
    const { accessToken, refreshToken } = useSession.getState();
    // Sent before the tokens are cleared (it reads them at once); its answer is not awaited, so
    // a slow or failing server does not keep the user on the page.
    if (accessToken || refreshToken) endOnServer(refreshToken).catch(() => undefined);
    await endSessionLocally();
    navigateTo(loginPathFor(previous));
  })().finally(() => {
    running = null;
  });
  return running;
}

export const loggingOut = (): boolean => running !== null;
