/**
 * Press-and-hold PTZ: pressing a direction sends `start`, letting go sends `stop`, exactly once
 * for each start whatever ends the hold (the pointer lifted, leaving the button, cancelled by the
 * browser, the key released, the button or the window losing focus, the pad going away). One
 * hold at a time. Commands go out one after the other, so a quick release cannot overtake its
 * start on the way to the camera.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { PtzCommand, PtzDirection } from '../../api/cameras';

export type PtzSpeed = 0 | 1 | 2;

/** The arrow keys move in their own direction on any button of the pad; Enter and Space in the button's. */
const ARROWS: Readonly<Record<string, PtzDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
const PRESS_KEYS = new Set(['Enter', ' ']);

export function keyDirection(key: string, own: PtzDirection): PtzDirection | null {
  if (PRESS_KEYS.has(key)) return own;
  return ARROWS[key] ?? null;
}

interface Hold {
  readonly direction: PtzDirection;
  readonly speed: PtzSpeed;
  /** 'pointer', or the key held. */
  readonly via: string;
}

export interface PtzButtonHandlers {
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onPointerUp(): void;
  onPointerLeave(): void;
  onPointerCancel(): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onKeyUp(event: KeyboardEvent<HTMLElement>): void;
  onBlur(): void;
  onContextMenu(event: { preventDefault(): void }): void;
}

export function usePtzHold(
  send: (command: PtzCommand) => Promise<void>,
  speed: PtzSpeed,
  onError: (error: unknown) => void,
): {
  readonly pressed: PtzDirection | null;
  readonly handlers: (direction: PtzDirection) => PtzButtonHandlers;
} {
  const [pressed, setPressed] = useState<PtzDirection | null>(null);
  const hold = useRef<Hold | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ send, speed, onError });
  useEffect(() => {
    latest.current = { send, speed, onError };
  });

  const dispatch = useCallback((command: PtzCommand) => {
    queue.current = queue.current
      .then(() => latest.current.send(command))
      .catch((error: unknown) => latest.current.onError(error));
  }, []);

  const begin = useCallback(
    (direction: PtzDirection, via: string) => {
      if (hold.current) return;
      const { speed: current } = latest.current;
      hold.current = { direction, speed: current, via };
      setPressed(direction);
      dispatch({ action: 'start', direction, speed: current });
    },
    [dispatch],
  );

  /** Ends the hold (only one begun `via` this, when given). */
  const end = useCallback(
    (via?: string) => {
      const current = hold.current;
      if (!current || (via !== undefined && current.via !== via)) return;
      hold.current = null;
      setPressed(null);
      dispatch({ action: 'stop', direction: current.direction, speed: current.speed });
    },
    [dispatch],
  );

  useEffect(() => {
    const onWindowBlur = (): void => end();
    window.addEventListener('blur', onWindowBlur);
    return () => {
      window.removeEventListener('blur', onWindowBlur);
      end();
    };
  }, [end]);

  const handlers = useCallback(
    (direction: PtzDirection): PtzButtonHandlers => ({
      onPointerDown: (event) => {
        // Only the main button (a touch and a pen's tip are button 0 too).
        if (event.button > 0) return;
        begin(direction, 'pointer');
      },
      onPointerUp: () => end('pointer'),
      onPointerLeave: () => end('pointer'),
      onPointerCancel: () => end('pointer'),
      onKeyDown: (event) => {
        const moved = keyDirection(event.key, direction);
        if (!moved) return;
        // No page scroll, no click: the key is the hold.
        event.preventDefault();
        if (!event.repeat) begin(moved, event.key);
      },
      onKeyUp: (event) => {
        if (keyDirection(event.key, direction) === null) return;
        event.preventDefault();
        end(event.key);
      },
      onBlur: () => end(),
      onContextMenu: (event) => event.preventDefault(),
    }),
    [begin, end],
  );

  return { pressed, handlers };
}
