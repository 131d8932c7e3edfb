/**
 * The signed-in user's own record (docs/api.md `GET/PATCH /me`, password, binding, social links).
 * Every call sends the access token.
 */
import type { AlarmSound, BasicParam, Me } from '../session/me';
import { del, get, patch, post } from './http';

/** What PATCH /me accepts for `param`: any subset, merged by the server onto the stored values. */
export interface ParamPatch extends Partial<Omit<BasicParam, 'info'>> {
  readonly info?: {
    readonly alarm?: Partial<AlarmSound>;
    /** Replaced whole when given. */
    readonly cfg?: Readonly<Record<string, unknown>>;
  };
}

export interface MePatch {
  readonly language?: 'zh' | 'en' | 'tc';
  readonly city?: string | null;
  readonly param?: ParamPatch;
  readonly cameraParam?: Readonly<Record<string, unknown>> | null;
  /** Per equipment id: a list replaces its curve names, null removes them. */
  readonly chartFilters?: Readonly<Record<string, readonly string[] | null>>;
}

/** Binding needs the code sent to the new phone or address and the account's password. */
export type Binding =
  | { readonly phone: string; readonly code: string; readonly password: string }
  | { readonly email: string; readonly code: string; readonly password: string };

export interface SocialLink {
  readonly provider: string;
  readonly externalId: string;
  readonly linkedAt: string;
}

export const fetchMe = (signal?: AbortSignal): Promise<Me> => get<Me>('/me', signal ? { signal } : {});

export const updateMe = (changes: MePatch): Promise<Me> => patch<Me>('/me', changes);

/** Other sessions of the account end; this one stays. */
export const changePassword = (currentPassword: string, newPassword: string): Promise<void> =>
  patch<void>('/me/password', { currentPassword, newPassword });

export const bind = (binding: Binding): Promise<Me> => post<Me>('/me/bind', binding);

export const removeEmail = (): Promise<Me> => del<Me>('/me/email');

export async function socialLinks(): Promise<readonly SocialLink[]> {
  const reply = await get<{ items: SocialLink[] }>('/me/social');
  return reply.items;
}

export const linkSocial = (provider: string, code: string): Promise<SocialLink> =>
  post<SocialLink>(`/me/social/${encodeURIComponent(provider)}`, { code });

export const unlinkSocial = (provider: string): Promise<void> =>
  del<void>(`/me/social/${encodeURIComponent(provider)}`);
