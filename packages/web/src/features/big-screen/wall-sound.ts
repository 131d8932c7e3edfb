/**
 * The big screen's alarm sound. Browsers let a page make sound only after the user has
 * interacted with it, so a wall that should sound starts 'locked' and says so ('click to enable
 * sound'); the click makes (or resumes) the audio context, and from then each new alarm beeps the
 * user's chosen tone pattern once, generated with Web Audio (alarms/player.ts: no sound files). A
 * burst of alarms beeps once per MIN_GAP_MS. While the wall is open it owns the sound: the
 * console's own alarm sound (alarms/notify.ts) is silenced for the alarms it shows, so a wall that
 * is muted stays quiet and one that sounds does not sound twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { alarmPlayer } from '../../alarms/notify';
import { AlarmPlayer } from '../../alarms/player';
import type { AudioLike } from '../../alarms/player';
import { useAlarms } from '../../alarms/store';
import { useMe } from '../../session/me';

/** Beeps closer than this are one. */
export const MIN_GAP_MS = 3_000;

export type SoundState = 'muted' | 'locked' | 'on';

/** An audio context as made here: it can also be closed. */
type Context = AudioLike & { close?: () => Promise<void> };

function browserContext(): Context {
  const Ctor = globalThis.AudioContext as (new () => Context) | undefined;
  if (!Ctor) throw new Error('Web Audio is not available');
  return new Ctor();
}

export class WallSound {
  readonly #create: () => Context;
  readonly #now: () => number;
  #context: Context | null = null;
  #player: AlarmPlayer | null = null;
  #lastBeep = Number.NEGATIVE_INFINITY;

  constructor(create: () => Context = browserContext, now: () => number = Date.now) {
    this.#create = create;
    this.#now = now;
  }

  /** Whether the browser lets this page sound now. */
  get unlocked(): boolean {
    return this.#context?.state === 'running';
  }

  /** Called from a user's click: makes or resumes the audio context. Resolves whether it runs. */
  async unlock(): Promise<boolean> {
    try {
      this.#context ??= this.#create();
      if (this.#context.state !== 'running') await this.#context.resume();
    } catch {
      return false;
    }
    return this.unlocked;
  }

  /** One beep of tone pattern `sound` (0-9), unless locked or within MIN_GAP_MS of the last. */
  beep(sound: number): boolean {
    const context = this.#context;
    if (!context || !this.unlocked) return false;
    const now = this.#now();
    if (now - this.#lastBeep < MIN_GAP_MS) return false;
    this.#lastBeep = now;
    this.#player ??= new AlarmPlayer(() => context);
    this.#player.play({ repeat: 1, sound }).catch(() => undefined);
    return true;
  }

  dispose(): void {
    this.#player?.stop();
    this.#player = null;
    void this.#context?.close?.().catch(() => undefined);
    this.#context = null;
  }
}

/**
 * The wall's sound: its state, and `toggle` for the sound button (a click: it unlocks as it turns
 * the sound on). `wanted` is the saved choice; `setWanted` saves a new one.
 */
export function useWallSound(
  wanted: boolean,
  setWanted: (wanted: boolean) => void,
  make: () => WallSound = () => new WallSound(),
): { readonly state: SoundState; toggle(): void; unlock(): void } {
  const sound = useRef<WallSound | null>(null);
  const maker = useRef(make);
  const [unlocked, setUnlocked] = useState(false);
  const wantedNow = useRef(wanted);
  wantedNow.current = wanted;

  useEffect(() => {
    const wall = maker.current();
    sound.current = wall;
    // Opened from the console by a click, the page may sound at once; after a reload it may not.
    const activation = (globalThis.navigator as { userActivation?: { hasBeenActive?: boolean } } | undefined)
      ?.userActivation;
    if (wantedNow.current && activation?.hasBeenActive) void wall.unlock().then(setUnlocked);
    // A console alarm sound started before the wall opened ends here; while the wall is up the
    // console sounds none (alarms/notify.ts showAlarmsOnWall), the wall beeps instead.
    alarmPlayer.stop();
    const unsubscribe = useAlarms.subscribe((state, before) => {
      const newest = state.alarms[0];
      if (!newest || newest === before.alarms[0]) return;
      if (wantedNow.current) wall.beep(useMe.getState().me?.param.alarm.sound ?? 0);
    });
    return () => {
      unsubscribe();
      wall.dispose();
      if (sound.current === wall) sound.current = null;
    };
  }, []);

  const unlock = useCallback(() => {
    const wall = sound.current;
    if (wall && !wall.unlocked) void wall.unlock().then(setUnlocked);
  }, []);

  const toggle = useCallback(() => {
    const wall = sound.current;
    if (!wall) return;
    if (wanted && wall.unlocked) {
      setWanted(false);
      return;
    }
    if (!wanted) setWanted(true);
    void wall.unlock().then(setUnlocked);
  }, [wanted, setWanted]);

  const state: SoundState = !wanted ? 'muted' : unlocked ? 'on' : 'locked';
  return { state, toggle, unlock };
}
