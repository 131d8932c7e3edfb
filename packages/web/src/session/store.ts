/**
 * The signed-in session: tokens (kept in local storage so a reload stays signed in) and the
 * user's record from GET /me. The sign-in flows (features/auth) fill it; logout empties it.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export interface SessionTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** When the account was registered, as the login reply gives it. */
  readonly registeredAt?: string | number | null;
}

export interface SessionState {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readonly registeredAt: string | number | null;
  /** Epoch ms of the last sign-in or refresh: the refresh timer counts from here. */
  readonly tokenAt: number | null;
  setTokens(tokens: SessionTokens): void;
  clear(): void;
}

export const SESSION_STORAGE_KEY = 'fieldlink.session';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      accessToken: null,
      refreshToken: null,
      registeredAt: null,
      tokenAt: null,
      setTokens: (tokens) =>
        set({
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          registeredAt: tokens.registeredAt ?? null,
          tokenAt: Date.now(),
        }),
      clear: () => set({ accessToken: null, refreshToken: null, registeredAt: null, tokenAt: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      partialize: (s) => ({
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        registeredAt: s.registeredAt,
        tokenAt: s.tokenAt,
      }),
    },
  ),
);
