/**
 * The signed-in user's record (GET /api/v1/me, docs/api.md). Filled after sign-in and on reload;
 * empty when signed out. The route assembly reads `authority` (the numeric level of §2).
 */
import type { MeReply } from '@fieldlink/protocol';
import { create } from 'zustand';
import type { Reply } from '../api/validated';

/** The signed-in user's record, as the contract (@fieldlink/protocol `MeReply`) gives it. */
export type Me = Reply<MeReply>;
/** The basic param of spec §3 (quiet hours, open/close all, secured operation, alarm sound). */
export type BasicParam = Me['param'];
/** `repeat` 0 none, 1 once, 2 loop 10 s, 3 60 s, 4 600 s, 5 a day; `sound` the file alarm{sound+1}. */
export type AlarmChoice = BasicParam['alarm'];

interface MeState {
  readonly me: Me | null;
  setMe(me: Me | null): void;
}

export const useMe = create<MeState>()((set) => ({
  me: null,
  setMe: (me) => set({ me }),
}));
