/**
 * The editor's keys, while its page is the one shown and the user is not typing (an input, a
 * text area, a select, an open dialog or picker keeps its keys): Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z
 * and Ctrl/⌘+Y redo, Ctrl/⌘+S save (from a field too: it is left first), Ctrl/⌘+C/X/V copy, cut and paste, Ctrl/⌘+D duplicate,
 * Ctrl/⌘+A choose all, Delete/Backspace delete, the arrows nudge (Shift: ten times, Alt: one
 * pixel whatever the grid), Escape cancels a drag or clears the choice, Ctrl/⌘ + =/-/0 zoom in,
 * out and to 100%, Shift+1 fits; Space held pans with the left button.
 */
import { useEffect, useRef, useState } from 'react';
import type { Dispatch, RefObject } from 'react';
import type { EditorAction } from './model';
import type { Viewport } from './use-viewport';

/** Where keys belong to what has the focus, not to the editor. */
const OWN_KEYS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="listbox"], [role="slider"], .ant-modal-wrap, .ant-select-dropdown, .ant-picker-dropdown, .ant-popover, .ant-color-picker, .ant-dropdown';

export function typingIn(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(OWN_KEYS) !== null;
}

/** Whether an antd dialog is open over the page. */
const dialogOpen = (): boolean =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((w) => w.style.display !== 'none');

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Options {
  readonly enabled: boolean;
  readonly dispatch: Dispatch<EditorAction>;
  readonly viewport: Viewport;
  readonly save: () => void;
  /** Stops a running pointer gesture; true when there was one. */
  readonly cancelGesture: () => boolean;
  /** Set while Space is held (the pointer pans then). */
  readonly spaceHeld: RefObject<boolean>;
}

/** Listens while `enabled`; whether Space is held, for the canvas's cursor. */
export function useShortcuts({
  enabled,
  dispatch,
  viewport,
  save,
  cancelGesture,
  spaceHeld,
}: Options): boolean {
  const [spaceDown, setSpaceDown] = useState(false);
  const latest = useRef({ dispatch, viewport, save, cancelGesture });
  latest.current = { dispatch, viewport, save, cancelGesture };

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || dialogOpen()) return;
      const { dispatch: act, viewport: view, save: store, cancelGesture: cancel } = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 's' && !event.altKey) {
        // Saving from a field too: leaving it commits what was typed, then the draft is saved.
        event.preventDefault();
        const field = document.activeElement;
        if (typingIn(field) && field instanceof HTMLElement) field.blur();
        setTimeout(store, 0);
        return;
      }
      if (typingIn(event.target)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const handled = (): void => event.preventDefault();
      if (mod) {
        if (key === 'z' && !event.shiftKey) act({ type: 'undo' });
        else if ((key === 'z' && event.shiftKey) || key === 'y') act({ type: 'redo' });
        else if (key === 'c') act({ type: 'copy' });
        else if (key === 'x') {
          act({ type: 'copy' });
          act({ type: 'delete' });
        } else if (key === 'v') act({ type: 'paste' });
        else if (key === 'd') act({ type: 'duplicate' });
        else if (key === 'a') act({ type: 'selectAll' });
        else if (key === '=' || key === '+') view.zoomIn();
        else if (key === '-') view.zoomOut();
        else if (key === '0') view.actual();
        else return;
        handled();
        return;
      }
      const arrow = ARROWS[event.key];
      if (arrow) {
        const times = event.shiftKey ? 10 : 1;
        act({ type: 'nudge', dx: arrow[0] * times, dy: arrow[1] * times, free: event.altKey });
      } else if (event.key === 'Delete' || event.key === 'Backspace') act({ type: 'delete' });
      else if (event.key === 'Escape') {
        if (!cancel()) act({ type: 'select', ids: [] });
      } else if (event.key === '!' || (event.code === 'Digit1' && event.shiftKey)) view.fit();
      else if (event.key === ' ') {
        if (!spaceHeld.current) {
          spaceHeld.current = true;
          setSpaceDown(true);
        }
      } else return;
      handled();
    };
    const onKeyUp = (event: KeyboardEvent): void => {
      if (event.key !== ' ' || !spaceHeld.current) return;
      spaceHeld.current = false;
      setSpaceDown(false);
    };
    const onBlur = (): void => {
      spaceHeld.current = false;
      setSpaceDown(false);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [enabled, spaceHeld]);

  return spaceDown;
}
