/**
 * The pointer on the editor's canvas. Pressing on a widget chooses it (Shift adds or takes it
 * away) and dragging moves the chosen widgets; on a handle it resizes (Shift keeps the ratio), on
 * a pipe's point it moves the point; on empty canvas it draws a rubber band. Alt held: no
 * snapping. The middle button, or the left one with Space held, pans. A gesture becomes one undo
 * step when the button is released; Escape (use-shortcuts.ts) cancels it. A double click on the
 * chosen pipe adds a point there; on a point, removes it.
 */
import { useCallback, useRef, useState } from 'react';
import type {
  Dispatch,
  MouseEvent as ReactMouseEvent,
  PointerEvent as ReactPointerEvent,
  RefObject,
} from 'react';
import type { DraftDocument } from './draft';
import { boxBetween, nearestSegment, toLocal } from './geometry';
import type { Box, Handle, Point } from './geometry';
import type { EditorAction } from './model';
import type { Viewport } from './use-viewport';

/** How far (screen pixels) the pointer travels before a press becomes a drag. */
const DRAG_START = 3;

type Gesture =
  | { readonly kind: 'move'; readonly start: Point; dragging: boolean }
  | { readonly kind: 'resize'; readonly start: Point; readonly id: string; readonly handle: Handle }
  | { readonly kind: 'point'; readonly start: Point; readonly id: string; readonly index: number }
  | { readonly kind: 'band'; readonly from: Point; readonly add: boolean }
  | { readonly kind: 'pan'; last: Point };

interface Options {
  readonly doc: DraftDocument;
  readonly selection: readonly string[];
  readonly dispatch: Dispatch<EditorAction>;
  readonly viewport: Viewport;
  /** Whether Space is held (panning with the left button). */
  readonly spaceHeld: RefObject<boolean>;
}

const attribute = (target: EventTarget, name: string): string | null => {
  const found = target instanceof Element ? target.closest(`[${name}]`) : null;
  return found?.getAttribute(name) ?? null;
};

export function useCanvasPointer({ doc, selection, dispatch, viewport, spaceHeld }: Options) {
  const gesture = useRef<Gesture | null>(null);
  const [band, setBand] = useState<Box | null>(null);
  const [panning, setPanning] = useState(false);
  const latest = useRef({ doc, selection });
  latest.current = { doc, selection };

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const client = { x: event.clientX, y: event.clientY };
      if (event.button === 1 || (event.button === 0 && spaceHeld.current)) {
        event.preventDefault();
        gesture.current = { kind: 'pan', last: client };
        setPanning(true);
        event.currentTarget.setPointerCapture?.(event.pointerId);
        return;
      }
      if (event.button !== 0) return;
      const { doc: d, selection: chosen } = latest.current;
      const handle = attribute(event.target, 'data-handle') as Handle | null;
      const point = attribute(event.target, 'data-point');
      const hit = attribute(event.target, 'data-hit');
      event.currentTarget.setPointerCapture?.(event.pointerId);
      if (handle !== null && chosen.length === 1) {
        dispatch({ type: 'beginGesture' });
        gesture.current = { kind: 'resize', start: client, id: chosen[0]!, handle };
      } else if (point !== null && chosen.length === 1) {
        dispatch({ type: 'beginGesture' });
        gesture.current = { kind: 'point', start: client, id: chosen[0]!, index: Number(point) };
      } else if (hit !== null) {
        if (event.shiftKey) {
          dispatch({ type: 'select', ids: [hit], mode: 'toggle' });
          // Shift-clicking takes a widget out without dragging the rest.
          if (chosen.includes(hit)) return;
        } else if (!chosen.includes(hit)) {
          dispatch({ type: 'select', ids: [hit] });
        }
        const widget = d.widgets.find((w) => w.id === hit);
        if (widget && !widget.locked) {
          dispatch({ type: 'beginGesture' });
          gesture.current = { kind: 'move', start: client, dragging: false };
        }
      } else {
        if (!event.shiftKey) dispatch({ type: 'select', ids: [] });
        gesture.current = { kind: 'band', from: viewport.toCanvas(client), add: event.shiftKey };
      }
    },
    [dispatch, spaceHeld, viewport],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const g = gesture.current;
      if (!g) return;
      const client = { x: event.clientX, y: event.clientY };
      if (g.kind === 'pan') {
        viewport.panBy(g.last.x - client.x, g.last.y - client.y);
        g.last = client;
        return;
      }
      if (g.kind === 'band') {
        setBand(boxBetween(g.from, viewport.toCanvas(client)));
        return;
      }
      const dx = (client.x - g.start.x) / viewport.zoom;
      const dy = (client.y - g.start.y) / viewport.zoom;
      const free = event.altKey;
      if (g.kind === 'move') {
        if (!g.dragging && Math.hypot(client.x - g.start.x, client.y - g.start.y) < DRAG_START) return;
        g.dragging = true;
        dispatch({ type: 'drag', dx, dy, free });
      } else if (g.kind === 'resize') {
        dispatch({ type: 'resize', id: g.id, handle: g.handle, dx, dy, free, keepRatio: event.shiftKey });
      } else {
        dispatch({ type: 'dragPoint', id: g.id, index: g.index, dx, dy, free });
      }
    },
    [dispatch, viewport],
  );

  const finish = useCallback(
    (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
      const g = gesture.current;
      gesture.current = null;
      event.currentTarget.releasePointerCapture?.(event.pointerId);
      if (!g) return;
      if (g.kind === 'pan') {
        setPanning(false);
      } else if (g.kind === 'band') {
        setBand(null);
        const to = viewport.toCanvas({ x: event.clientX, y: event.clientY });
        if (!cancelled && (Math.abs(to.x - g.from.x) > 1 || Math.abs(to.y - g.from.y) > 1)) {
          dispatch({ type: 'selectArea', from: g.from, to, add: g.add });
        }
      } else {
        dispatch({ type: cancelled ? 'cancelGesture' : 'endGesture' });
      }
    },
    [dispatch, viewport],
  );

  const onDoubleClick = useCallback(
    (event: ReactMouseEvent<HTMLElement>) => {
      const { doc: d, selection: chosen } = latest.current;
      const pipe = chosen.length === 1 ? d.widgets.find((w) => w.id === chosen[0]) : undefined;
      if (pipe?.kind !== 'pipe' || pipe.locked) return;
      // What is under the pointer: a captured pointer's events may name the canvas instead.
      const under = document.elementFromPoint?.(event.clientX, event.clientY) ?? event.target;
      const point = attribute(under, 'data-point');
      if (point !== null) {
        dispatch({ type: 'removePoint', id: pipe.id, index: Number(point) });
        return;
      }
      if (attribute(under, 'data-hit') !== pipe.id) return;
      const local = toLocal(viewport.toCanvas({ x: event.clientX, y: event.clientY }), pipe);
      const { index, at } = nearestSegment(pipe.points, local);
      dispatch({ type: 'insertPoint', id: pipe.id, segment: index, at });
    },
    [dispatch, viewport],
  );

  /** Stops the running gesture (Escape): the document goes back to its start; true when there was one. */
  const cancel = useCallback((): boolean => {
    const g = gesture.current;
    if (!g) return false;
    gesture.current = null;
    setBand(null);
    setPanning(false);
    if (g.kind !== 'band' && g.kind !== 'pan') dispatch({ type: 'cancelGesture' });
    return true;
  }, [dispatch]);

  return {
    band,
    panning,
    cancel,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => finish(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => finish(event, true),
      onDoubleClick,
    },
  };
}
