/**
 * Accounts and sessions (docs/api.md "Accounts and sessions", "Social sign-in"): sign-in, token
 * login, refresh, logout, registration, recovery and one-time codes. None of these calls sends
 * the access token except logout by bearer: they are made while signed out, and a 401 from them
 * means wrong credentials, not an expired session. Also the demo account's credentials, which the
 * sign-in page offers while the server has them.
 */
import { z } from 'zod';
import { ApiError, get, post } from './http';

/** The reply of every sign-in and refresh. */
export interface SessionReply {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly registeredAt: string;
}

export type CodePurpose = 'register' | 'recover' | 'bind';

/** Where a one-time code goes: a phone or an e-mail address. */
export type CodeTarget = { readonly phone: string } | { readonly email: string };

export interface CodeSent {
  readonly sent: true;
  readonly expiresAt: string;
}

export interface Registration {
  readonly userName: string;
  readonly password: string;
  readonly phone: string;
  readonly code: string;
}

export interface Registered {
  readonly id: number;
  readonly userName: string;
  readonly registeredAt: string;
}

export interface Recovery {
  readonly phone: string;
  readonly code: string;
  readonly password: string;
}

export interface SocialProvider {
  readonly id: string;
  readonly name: string;
  /**
   * The provider's own sign-in page. The server does not list it today; a provider that comes
   * with one gets a button on the sign-in page.
   */
  readonly authorizeUrl?: string;
}

const anonymous = { anonymous: true } as const;

export const login = (userName: string, password: string): Promise<SessionReply> =>
  post<SessionReply>('/auth/login', { userName, password }, anonymous);

/** Starts a new session from an access token handed over in a login link (`?token=`). */
export const tokenLogin = (token: string): Promise<SessionReply> =>
  post<SessionReply>('/auth/token-login', { token }, anonymous);

/** Spends the refresh token for a new pair. */
export const refresh = (refreshToken: string): Promise<SessionReply> =>
  post<SessionReply>('/auth/refresh', { refreshToken }, anonymous);

/**
 * Ends the session's family. The refresh token alone is enough and still works when the access
 * token has expired, so it is preferred; the bearer is the fallback when there is none.
 */
export const logout = (refreshToken: string | null): Promise<void> =>
  refreshToken ? post<void>('/auth/logout', { refreshToken }, anonymous) : post<void>('/auth/logout');

export const requestCode = (target: CodeTarget, purpose: CodePurpose): Promise<CodeSent> =>
  post<CodeSent>('/auth/verification-codes', { ...target, purpose }, anonymous);

export const register = (registration: Registration): Promise<Registered> =>
  post<Registered>('/auth/register', registration, anonymous);

/** Sets a new password with a `recover` code; every session of the account ends. */
export const recover = (recovery: Recovery): Promise<void> =>
  post<void>('/auth/recover', recovery, anonymous);

export async function socialProviders(): Promise<readonly SocialProvider[]> {
  const reply = await get<{ items: SocialProvider[] }>('/auth/social-providers', anonymous);
  return reply.items;
}

export const socialLogin = (provider: string, code: string): Promise<SessionReply> =>
  post<SessionReply>(`/auth/social/${encodeURIComponent(provider)}/login`, { code }, anonymous);

/** The reply of `GET /demo-account`, checked before its words are put in the sign-in form. */
const DemoAccountReply = z.object({
  userName: z.string().min(1).max(128),
  password: z.string().min(1).max(128),
});
export type DemoAccount = z.output<typeof DemoAccountReply>;

/**
 * The demo account's user name and password while the server runs the demo and the account still
 * has its default password; null when it has none (404) or the reply is not of that shape. Other
 * failures (network, server error) reject.
 */
export async function demoAccount(): Promise<DemoAccount | null> {
  let reply: unknown;
  try {
    reply = await get<unknown>('/demo-account', anonymous);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const parsed = DemoAccountReply.safeParse(reply);
  return parsed.success ? parsed.data : null;
}
