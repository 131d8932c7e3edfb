/**
 * Starting a session (specification §4 "Sign-in"): store the tokens, load the user's record,
 * apply the account's language, start the token refresh and tell the rest of the console
 * (lifecycle.ts). Every way in goes through here: the sign-in form, login links, social sign-in
 * and a reload that finds stored tokens.
 */
import { create } from 'zustand';
import type { SessionReply } from '../api/auth';
import { fetchMe } from '../api/me';
import { announceSignIn } from './lifecycle';
import { applyAccountLanguage } from './language';
import { logout } from './logout';
import { useMe } from './me';
import type { Me } from './me';
import { refreshDue, refreshTokens, startRefreshTimer } from './refresh';
import { useSession } from './store';

/**
 * True from the moment new tokens are stored until the user's record is loaded: the guard waits
 * instead of judging a session it cannot see yet (and leaves the sign-in page where it is).
 */
export const useSessionStart = create<{ readonly starting: boolean }>(() => ({ starting: false }));

async function activate(): Promise<Me> {
  const me = await applyAccountLanguage(await fetchMe());
  useMe.getState().setMe(me);
  startRefreshTimer(() => void logout());
  // The live channel and other parts start in the background; the page does not wait for them.
  void announceSignIn(me);
  return me;
}

/** After any successful sign-in call: the new pair becomes the session. */
export async function startSession(tokens: SessionReply): Promise<Me> {
  useSessionStart.setState({ starting: true });
  useSession.getState().setTokens(tokens);
  try {
    return await activate();
  } catch (error) {
    // Tokens without a readable record are no session: do not leave them behind.
    useSession.getState().clear();
    useMe.getState().setMe(null);
    throw error;
  } finally {
    useSessionStart.setState({ starting: false });
  }
}

let restoring: Promise<Me | null> | null = null;

/**
 * On load with stored tokens: refresh them first when they are due (the access token may have
 * run out while the page was closed), then load the record. Null when there was nothing to
 * restore or the server refused the tokens (the user is signed out then); throws when the server
 * cannot be reached, so the page can offer to retry.
 */
export function restoreSession(): Promise<Me | null> {
  restoring ??= (async () => {
    if (!useSession.getState().accessToken) return null;
    if (refreshDue()) {
      const outcome = await refreshTokens();
      if (outcome === 'expired') {
        await logout();
        return null;
      }
      if (outcome === 'unreachable') throw new Error('the server cannot be reached');
    }
    // A 401 here goes through the unauthorized handler, which signs out.
    return activate();
  })().finally(() => {
    restoring = null;
  });
  return restoring;
}
