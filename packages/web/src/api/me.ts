/**
 * The signed-in user's own record (docs/api.md `GET/PATCH /me`, password, binding, social links).
 * Every call sends the access token.
 */
import { MeReply } from '@fieldlink/protocol';
import type { MePatch } from '@fieldlink/protocol';
import type { Me } from '../session/me';
import { del, get, patch, post } from './http';
import { validated } from './validated';

/** What PATCH /me accepts for `param`: any subset, merged by the server onto the stored values. */
export type { ParamPatch, MePatch } from '@fieldlink/protocol';

/** Binding needs the code sent to the new phone or address and the account's password. */
export type Binding =
  | { readonly phone: string; readonly code: string; readonly password: string }
  | { readonly email: string; readonly code: string; readonly password: string };

export interface SocialLink {
  readonly provider: string;
  readonly externalId: string;
  readonly linkedAt: string;
}

const checkMe = validated(MeReply);

export const fetchMe = (signal?: AbortSignal): Promise<Me> =>
  get<unknown>('/me', signal ? { signal } : {}).then(checkMe);

export const updateMe = (changes: MePatch): Promise<Me> => patch<unknown>('/me', changes).then(checkMe);

/**
 * The first-sign-in call of §4 with the authority level the console holds: the server clears
 * `firstSignIn` (once; repeating it is harmless) or answers 409 when that level is stale.
 */
export const confirmFirstSignIn = (authority: number): Promise<void> =>
  post<void>('/me/first-sign-in', { authority });

/** Other sessions of the account end; this one stays. */
export const changePassword = (currentPassword: string, newPassword: string): Promise<void> =>
  patch<void>('/me/password', { currentPassword, newPassword });

export const bind = (binding: Binding): Promise<Me> => post<unknown>('/me/bind', binding).then(checkMe);

export const removeEmail = (): Promise<Me> => del<unknown>('/me/email').then(checkMe);

export async function socialLinks(): Promise<readonly SocialLink[]> {
  const reply = await get<{ items: SocialLink[] }>('/me/social');
  return reply.items;
}

export const linkSocial = (provider: string, code: string): Promise<SocialLink> =>
  post<SocialLink>(`/me/social/${encodeURIComponent(provider)}`, { code });

export const unlinkSocial = (provider: string): Promise<void> =>
  del<void>(`/me/social/${encodeURIComponent(provider)}`);
