/**
 * Session hooks that live for the page: a 401 on a call that carried a token means the session is
 * gone ('please log in again', then logout, spec §8), and a sign-out or refresh in another tab
 * reaches this one through the shared storage.
 */
import { setUnauthorizedHandler } from '../api/http';
import { i18n } from '../i18n';
import { sessionActive } from './lifecycle';
import { endSessionLocally, loggingOut, logout } from './logout';
import { navigateTo } from './navigation';
import { notify } from './notify';
import { SESSION_STORAGE_KEY, useSession } from './store';

let installed = false;

export function handleUnauthorized(): void {
  if (loggingOut()) return;
  notify('warning', i18n.t('auth.messages.loginAgain'), 'session-expired');
  void logout();
}

async function onStorage(event: StorageEvent): Promise<void> {
  if (event.key !== SESSION_STORAGE_KEY) return;
  await useSession.persist.rehydrate();
  if (!useSession.getState().accessToken && sessionActive()) {
    await endSessionLocally();
    navigateTo('/login');
  }
}

export function installSessionHandlers(): void {
  if (installed) return;
  installed = true;
  setUnauthorizedHandler(handleUnauthorized);
  window.addEventListener('storage', (event) => void onStorage(event));
}
