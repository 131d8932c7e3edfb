/**
 * The signed-in user's record (GET /api/v1/me, docs/api.md). Filled after sign-in and on reload;
 * empty when signed out. The route assembly reads `authority` (the numeric level of §2).
 */
import { create } from 'zustand';

export interface AlarmSound {
  /** 0 none, 1 once, 2 loop 10 s, 3 60 s, 4 600 s, 5 a day. */
  readonly alarmtype: number;
  /** File alarm{alarmsound+1}. */
  readonly alarmsound: number;
}

export interface BasicParam {
  readonly Sleep_Enable: boolean;
  readonly Sleep_begin: number;
  readonly Sleep_end: number;
  readonly en_openall: boolean;
  readonly en_closeall: boolean;
  readonly en_oprall_Confirm: boolean;
  readonly en_opr_sec: boolean;
  readonly sec_confirm: boolean;
  readonly en_google: boolean;
  readonly info: { readonly alarm: AlarmSound; readonly cfg: Readonly<Record<string, unknown>> };
}

export interface Me {
  readonly id: number;
  readonly userName: string;
  /** Numeric authority level: 0 visitor, 4 user … 100 manager, 1000 admin. */
  readonly authority: number;
  readonly phone: string | null;
  readonly email: string | null;
  readonly language: string | null;
  readonly city: string | null;
  readonly param: BasicParam;
  readonly cameraParam: Readonly<Record<string, unknown>> | null;
  /** Curve names shown per equipment id. */
  readonly chartFilters: Readonly<Record<string, readonly string[]>>;
  readonly registeredAt: string;
}

interface MeState {
  readonly me: Me | null;
  setMe(me: Me | null): void;
}

export const useMe = create<MeState>()((set) => ({
  me: null,
  setMe: (me) => set({ me }),
}));
