// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmPlayer } from '../../alarms/notify';
import type { AudioLike } from '../../alarms/player';
import { tonePattern } from '../../alarms/sound';
import { useAlarms } from '../../alarms/store';
import type { LiveAlarm } from '../../alarms/store';
import { MIN_GAP_MS, useWallSound, WallSound } from './wall-sound';

/** An audio context that starts suspended (no gesture yet) and counts the tones it starts. */
function fakeAudio(resumable = true) {
  let started = 0;
  const context: AudioLike & { state: string; close: () => Promise<void> } = {
    currentTime: 0,
    state: 'suspended',
    destination: {},
    resume: () => {
      if (!resumable) return Promise.reject(new Error('not allowed'));
      context.state = 'running';
      return Promise.resolve();
    },
    close: () => {
      context.state = 'closed';
      return Promise.resolve();
    },
    createOscillator: () => ({
      type: 'sine',
      frequency: { setValueAtTime: () => undefined },
      connect: () => undefined,
      start: () => {
        started += 1;
      },
      stop: () => undefined,
      disconnect: () => undefined,
    }),
    createGain: () => ({
      gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined },
      connect: () => undefined,
      disconnect: () => undefined,
    }),
  };
  return { context, started: () => started };
}

const alarm = (n: number): LiveAlarm => ({
  key: `k${n}`,
  unid: 'SN1',
  name: 'Pump house',
  channel: 'AI1',
  level: 1,
  value: n,
  time: '2026-01-05 10:00:00',
  text: `alarm ${n}`,
  receivedAt: n,
});

afterEach(() => {
  cleanup();
  useAlarms.getState().clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the wall’s sound', () => {
  it('makes no sound until a click has unlocked it, then one beep per burst', async () => {
    let now = 0;
    const audio = fakeAudio();
    const sound = new WallSound(
      () => audio.context,
      () => now,
    );
    expect(sound.unlocked).toBe(false);
    expect(sound.beep(0)).toBe(false);
    expect(audio.started()).toBe(0);

    await expect(sound.unlock()).resolves.toBe(true);
    expect(sound.beep(2)).toBe(true);
    await Promise.resolve();
    expect(audio.started()).toBe(tonePattern(2).length);
    // A burst: the second alarm within the gap is silent, one after it beeps again.
    now += MIN_GAP_MS - 1;
    expect(sound.beep(2)).toBe(false);
    now += 1;
    expect(sound.beep(2)).toBe(true);
    sound.dispose();
    expect(sound.unlocked).toBe(false);
    expect(audio.context.state).toBe('closed');
  });

  it('stays locked when the browser refuses to start the audio', async () => {
    const sound = new WallSound(() => fakeAudio(false).context);
    await expect(sound.unlock()).resolves.toBe(false);
    expect(sound.beep(0)).toBe(false);
  });

  it('says "click to enable" while wanted and locked, beeps new alarms once on, and silences the console', async () => {
    const audio = fakeAudio();
    const stopGlobal = vi.spyOn(alarmPlayer, 'stop');
    let wanted = true;
    const setWanted = vi.fn((next: boolean) => {
      wanted = next;
    });
    const { result, rerender } = renderHook(() =>
      useWallSound(wanted, setWanted, () => new WallSound(() => audio.context)),
    );
    expect(result.current.state).toBe('locked');
    // The console's sound of an earlier alarm ends as the wall opens.
    expect(stopGlobal).toHaveBeenCalledTimes(1);

    // A new alarm while locked: no sound.
    act(() => void useAlarms.getState().add(alarm(1)));
    await act(async () => Promise.resolve());
    expect(audio.started()).toBe(0);

    // The click unlocks it.
    await act(async () => result.current.toggle());
    expect(result.current.state).toBe('on');
    act(() => void useAlarms.getState().add(alarm(2)));
    await act(async () => Promise.resolve());
    expect(audio.started()).toBeGreaterThan(0);

    // Muted: the choice is saved and new alarms are silent.
    const before = audio.started();
    act(() => result.current.toggle());
    expect(setWanted).toHaveBeenLastCalledWith(false);
    rerender();
    expect(result.current.state).toBe('muted');
    act(() => void useAlarms.getState().add(alarm(3)));
    await act(async () => Promise.resolve());
    expect(audio.started()).toBe(before);
  });

  it('is released with the page', async () => {
    const audio = fakeAudio();
    const { result, unmount } = renderHook(() =>
      useWallSound(
        true,
        () => undefined,
        () => new WallSound(() => audio.context),
      ),
    );
    await act(async () => result.current.toggle());
    expect(result.current.state).toBe('on');
    unmount();
    // The audio is closed and nothing of the page reacts to an alarm any more.
    expect(audio.context.state).toBe('closed');
    const stopGlobal = vi.spyOn(alarmPlayer, 'stop');
    act(() => void useAlarms.getState().add(alarm(9)));
    await Promise.resolve();
    expect(stopGlobal).not.toHaveBeenCalled();
    expect(audio.started()).toBe(0);
  });
});
