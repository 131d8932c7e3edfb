import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlarmPlayer } from './player';
import type { AudioLike } from './player';
import { patternMs, tonePattern } from './sound';

function fakeAudio() {
  const log: string[] = [];
  let started = 0;
  const context: AudioLike = {
    currentTime: 0,
    state: 'running',
    destination: {},
    resume: () => Promise.resolve(),
    createOscillator: () => ({
      type: 'sine',
      frequency: { setValueAtTime: () => undefined },
      connect: () => undefined,
      start: () => {
        started += 1;
      },
      stop: (at: number) => log.push(`stop@${at}`),
      disconnect: () => undefined,
    }),
    createGain: () => ({
      gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined },
      connect: () => undefined,
      disconnect: () => undefined,
    }),
  };
  return { context, log, started: () => started };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AlarmPlayer', () => {
  it('plays a pattern once for repeat 1', async () => {
    const audio = fakeAudio();
    const player = new AlarmPlayer(() => audio.context);
    await player.play({ repeat: 1, sound: 2 });
    expect(audio.started()).toBe(tonePattern(2).length);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(audio.started()).toBe(tonePattern(2).length);
  });

  it('loops for 10 s with repeat 2, then stops', async () => {
    const audio = fakeAudio();
    const player = new AlarmPlayer(() => audio.context);
    await player.play({ repeat: 2, sound: 0 });
    const tones = tonePattern(0).length;
    const times = Math.ceil(10_000 / patternMs(tonePattern(0)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(audio.started()).toBe(times * tones);
    expect(player.playing).toBe(false);
  });

  it('stops the sound playing before it starts another', async () => {
    const audio = fakeAudio();
    const player = new AlarmPlayer(() => audio.context);
    await player.play({ repeat: 5, sound: 0 });
    await player.play({ repeat: 1, sound: 1 });
    // The first pattern's oscillators were stopped at once.
    expect(audio.log.filter((l) => l === 'stop@0').length).toBeGreaterThanOrEqual(tonePattern(0).length);
    const before = audio.started();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(audio.started()).toBe(before);
  });

  it('plays nothing for repeat 0 and creates no audio context', async () => {
    const create = vi.fn(() => fakeAudio().context);
    await new AlarmPlayer(create).play({ repeat: 0, sound: 0 });
    expect(create).not.toHaveBeenCalled();
  });

  it('rejects when no sound can be made', async () => {
    const player = new AlarmPlayer(() => {
      throw new Error('no audio');
    });
    await expect(player.play({ repeat: 1, sound: 0 })).rejects.toThrow('no audio');
  });
});
