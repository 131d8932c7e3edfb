/**
 * Gestures of the pointer (model.ts): a drag of the chosen widgets, a resize handle, a pipe's
 * point. Each move recomputes the document from the one at the gesture's start, so snapping never
 * accumulates, and the end makes it one undo step (none when nothing moved); cancelling (Escape)
 * puts the start back.
 */
import type { DraftDocument } from './draft';
import { fitPipe, resizeFrame, scalePoints, snap } from './geometry';
import { HISTORY_MAX, commit, gridOf, moved, pipeOf, replaceWidget } from './state';
import type { EditorAction, EditorState } from './state';

/** During a gesture: the document recomputed from the gesture's start. */
function during(state: EditorState, make: (base: DraftDocument) => DraftDocument): EditorState {
  const base = state.gesture ?? state.doc;
  const doc = make(base);
  return state.gesture ? { ...state, doc } : commit(state, doc);
}

export function gesture(state: EditorState, action: EditorAction): EditorState | null {
  switch (action.type) {
    case 'beginGesture':
      return { ...state, gesture: state.doc };
    case 'drag':
      return during(state, (base) =>
        moved(base, new Set(state.selection), action.dx, action.dy, gridOf(base, action.free)),
      );
    case 'resize':
      return during(state, (base) => {
        const w = base.widgets.find((x) => x.id === action.id);
        if (!w || w.locked) return base;
        const box = resizeFrame(
          w,
          action.handle,
          { x: action.dx, y: action.dy },
          {
            grid: gridOf(base, action.free),
            keepRatio: action.keepRatio ?? false,
            canvas: base.canvas,
          },
        );
        if (box.x === w.x && box.y === w.y && box.width === w.width && box.height === w.height) return base;
        const next = { ...w, ...box };
        return replaceWidget(base, next.kind === 'pipe' ? scalePoints(next, w) : next);
      });
    case 'dragPoint':
      return during(state, (base) => {
        const pipe = pipeOf(base, action.id);
        const p = pipe?.points[action.index];
        if (!pipe || !p || pipe.locked) return base;
        const grid = gridOf(base, action.free);
        const world = { x: pipe.x + p.x + action.dx, y: pipe.y + p.y + action.dy };
        const to =
          grid === null || pipe.rotation % 360 !== 0
            ? world
            : { x: snap(world.x, grid), y: snap(world.y, grid) };
        const points = pipe.points.map((q, i) =>
          i === action.index ? { x: Math.round(to.x - pipe.x), y: Math.round(to.y - pipe.y) } : q,
        );
        return replaceWidget(base, fitPipe({ ...pipe, points }));
      });
    case 'endGesture': {
      const base = state.gesture;
      if (base === null) return state;
      const ended = { ...state, gesture: null };
      return base === state.doc
        ? ended
        : { ...ended, doc: state.doc, past: [...state.past, base].slice(-HISTORY_MAX), future: [] };
    }
    case 'cancelGesture':
      return state.gesture === null ? state : { ...state, doc: state.gesture, gesture: null };
    default:
      return null;
  }
}
