/**
 * Plays an alarm's tone pattern with the Web Audio API. Any sound still playing is stopped
 * first (spec §4). Long loops are scheduled a pattern at a time, so stopping takes effect
 * within one pattern and a day-long loop does not schedule a day of oscillators up front.
 */
import { patternMs, repetitions, soundPlan, tonePattern } from './sound';
import type { Tone } from './sound';

/** The user's `param.alarm`: how long it plays (0-5) and which tone (0-9). */
export interface AlarmSoundChoice {
  readonly repeat: number;
  readonly sound: number;
}

/** The parts of AudioContext used here, so tests can stand in for it. */
export interface AudioLike {
  readonly currentTime: number;
  readonly state: string;
  readonly destination: unknown;
  resume(): Promise<void>;
  createOscillator(): {
    type: string;
    frequency: { setValueAtTime(value: number, at: number): unknown };
    connect(node: unknown): unknown;
    start(at: number): void;
    stop(at: number): void;
    disconnect(): void;
  };
  createGain(): {
    gain: {
      setValueAtTime(value: number, at: number): unknown;
      linearRampToValueAtTime(value: number, at: number): unknown;
    };
    connect(node: unknown): unknown;
    disconnect(): void;
  };
}

type Oscillator = ReturnType<AudioLike['createOscillator']>;

const VOLUME = 0.25;

export class AlarmPlayer {
  readonly #createContext: () => AudioLike;
  #context: AudioLike | null = null;
  #playing: Oscillator[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #token = 0;

  constructor(createContext?: () => AudioLike) {
    this.#createContext =
      createContext ??
      (() => {
        const Ctor = globalThis.AudioContext as (new () => AudioLike) | undefined;
        if (!Ctor) throw new Error('Web Audio is not available');
        return new Ctor();
      });
  }

  get playing(): boolean {
    return this.#timer !== null || this.#playing.length > 0;
  }

  /** Stops what plays, then plays the choice. Rejects when no sound can be made. */
  async play(choice: AlarmSoundChoice): Promise<void> {
    this.stop();
    const plan = soundPlan(choice.repeat);
    if (plan.kind === 'none') return;
    const token = ++this.#token;
    this.#context ??= this.#createContext();
    const context = this.#context;
    if (context.state === 'suspended') await context.resume();
    if (token !== this.#token) return;
    const pattern = tonePattern(choice.sound);
    let left = repetitions(plan, pattern);
    const next = (): void => {
      this.#timer = null;
      if (token !== this.#token) return;
      if (left <= 0) {
        // The last pattern has ended.
        this.#playing = [];
        return;
      }
      left -= 1;
      this.#schedule(context, pattern);
      this.#timer = setTimeout(next, patternMs(pattern));
    };
    next();
  }

  stop(): void {
    this.#token += 1;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const now = this.#context?.currentTime ?? 0;
    for (const osc of this.#playing) {
      try {
        osc.stop(now);
        osc.disconnect();
      } catch {
        // Already stopped.
      }
    }
    this.#playing = [];
  }

  #schedule(context: AudioLike, pattern: readonly Tone[]): void {
    let at = context.currentTime + 0.02;
    const started: Oscillator[] = [];
    for (const tone of pattern) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      const seconds = tone.ms / 1000;
      osc.type = tone.wave;
      osc.frequency.setValueAtTime(tone.hz, at);
      // A short ramp at each end keeps the tone from clicking.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.setValueAtTime(VOLUME, at + seconds - 0.01);
      gain.gain.linearRampToValueAtTime(0, at + seconds);
      osc.connect(gain);
      gain.connect(context.destination);
      osc.start(at);
      osc.stop(at + seconds);
      started.push(osc);
      at += seconds + tone.gapMs / 1000;
    }
    // Only the oscillators of the pattern now playing are kept to stop.
    this.#playing = started;
  }
}
