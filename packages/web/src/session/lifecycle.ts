/**
 * The session's lifecycle registry: the other parts of the console hook their start and stop
 * here instead of the session importing them (the live channel, timers, visited tabs, caches).
 *
 *   import { onSignIn, onSignOut } from '../session/lifecycle';
 *   onSignIn((me) => liveChannel.open());   // a session became active
 *   onSignOut(() => liveChannel.close());  // the session ended; tidy up
 *
 * `onSignIn` callbacks run each time a session becomes active: after a sign-in of any kind
 * (password, login link, social) and after a reload restores a stored session, once the user's
 * record is loaded. A callback registered while a session is already active runs at once (on a
 * microtask), so a part loaded lazily after sign-in still starts. `onSignOut` callbacks run on
 * logout, before the page goes to /login. Each returns a function that removes the callback.
 * A callback that throws or rejects is logged and does not stop the others. The current access
 * token is always `useSession.getState().accessToken` (it changes on every refresh: read it when
 * it is needed, e.g. when the live channel (re)connects).
 */
import type { Me } from './me';

export type SignInListener = (me: Me) => void | Promise<void>;
export type SignOutListener = () => void | Promise<void>;

const signInListeners = new Set<SignInListener>();
const signOutListeners = new Set<SignOutListener>();
let active: Me | null = null;

async function runAll<A extends unknown[]>(
  listeners: Iterable<(...args: A) => void | Promise<void>>,
  args: A,
): Promise<void> {
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(...args);
      } catch (error) {
        console.error('session listener failed', error);
      }
    }),
  );
}

export function onSignIn(listener: SignInListener): () => void {
  signInListeners.add(listener);
  const me = active;
  if (me) queueMicrotask(() => void runAll([listener], [me]));
  return () => signInListeners.delete(listener);
}

export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Whether a session is active (signed in with the user's record loaded). */
export const sessionActive = (): boolean => active !== null;

/** Called by the session when a session becomes active. */
export async function announceSignIn(me: Me): Promise<void> {
  active = me;
  await runAll(signInListeners, [me]);
}

/** Called by logout. */
export async function announceSignOut(): Promise<void> {
  if (active === null && signOutListeners.size === 0) return;
  active = null;
  await runAll(signOutListeners, []);
}
