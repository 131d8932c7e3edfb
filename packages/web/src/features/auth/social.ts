/**
 * The round trip to a social provider's sign-in page and back to /callback. Before leaving, a
 * random `state` is kept in this tab's session storage with the provider and what to do on return
 * (sign in, or link to the signed-in account); /callback accepts a code only with that state, so a
 * code from someone else's sign-in cannot be slipped in (docs/operations.md).
 */
export type SocialMode = 'login' | 'link';

export interface PendingSocial {
  readonly state: string;
  readonly provider: string;
  readonly mode: SocialMode;
  /** Where to go after signing in. */
  readonly redirect: string;
}

export const SOCIAL_STORAGE_KEY = 'fieldlink.social';

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps the pending sign-in and gives the provider's address to go to, with the state added. */
export function beginSocial(
  provider: string,
  authorizeUrl: string,
  mode: SocialMode,
  redirect = '/',
  storage: Storage = sessionStorage,
): string {
  const pending: PendingSocial = { state: randomState(), provider, mode, redirect };
  storage.setItem(SOCIAL_STORAGE_KEY, JSON.stringify(pending));
  const url = new URL(authorizeUrl, window.location.href);
  url.searchParams.set('state', pending.state);
  return url.href;
}

/**
 * The pending sign-in the returned state belongs to, or null when there is none or the state
 * differs. It is used up either way: a code is good once.
 */
export function takePending(state: string | null, storage: Storage = sessionStorage): PendingSocial | null {
  const raw = storage.getItem(SOCIAL_STORAGE_KEY);
  storage.removeItem(SOCIAL_STORAGE_KEY);
  if (!raw || !state) return null;
  try {
    const pending = JSON.parse(raw) as Partial<PendingSocial>;
    if (
      pending.state !== state ||
      typeof pending.provider !== 'string' ||
      (pending.mode !== 'login' && pending.mode !== 'link')
    ) {
      return null;
    }
    return {
      state: pending.state,
      provider: pending.provider,
      mode: pending.mode,
      redirect: typeof pending.redirect === 'string' ? pending.redirect : '/',
    };
  } catch {
    return null;
  }
}

/**
 * The code and state handed back: in the route's query, or in the page's own query when the
 * provider was given the page address without the hash.
 */
export function callbackParams(
  routeSearch: string,
  pageSearch: string,
): { code: string | null; state: string | null } {
  const route = new URLSearchParams(routeSearch);
  const page = new URLSearchParams(pageSearch);
  return {
    code: route.get('code') ?? page.get('code'),
    state: route.get('state') ?? page.get('state'),
  };
}
