/**
 * The editor's changes of the document other than gestures (model.ts): nudges, frame fields,
 * widget fields, arranging, locking and hiding, delete, copy/paste/duplicate, new widgets, pipe
 * points, the canvas and the palette. Each is one undo step; a change that changes nothing is none.
 */
import { CANVAS_MAX, PALETTE_MAX } from '@fieldlink/protocol';
import { align, distribute, restack, stacked } from './arrange';
import { copiesOf, pasteOffset } from './clipboard';
import { clamp, fitPipe, keepOnCanvas, scalePoints, snap } from './geometry';
import type { CanvasSize } from './geometry';
import { commit, gridOf, moved, pipeOf, replaceWidget, selectedWidgets, withWidgets } from './state';
import type { EditorAction, EditorState, FramePatch } from './state';
import { newWidget, nextId } from './widget-kinds';

/** A frame change within the format's bounds: sizes from 1 to the canvas's, layers 0-999. */
function boundedFrame(patch: FramePatch, canvas: CanvasSize): FramePatch {
  const out: { -readonly [K in keyof FramePatch]: number } = {};
  const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);
  if (finite(patch.x)) out.x = clamp(patch.x, -CANVAS_MAX, CANVAS_MAX);
  if (finite(patch.y)) out.y = clamp(patch.y, -CANVAS_MAX, CANVAS_MAX);
  if (finite(patch.width)) out.width = clamp(patch.width, 1, Math.min(canvas.width, CANVAS_MAX));
  if (finite(patch.height)) out.height = clamp(patch.height, 1, Math.min(canvas.height, CANVAS_MAX));
  if (finite(patch.rotation)) out.rotation = clamp(patch.rotation, -360, 360);
  if (finite(patch.layer)) out.layer = clamp(Math.round(patch.layer), 0, 999);
  return out;
}

export function editing(state: EditorState, action: EditorAction): EditorState {
  const { doc } = state;
  const ids = new Set(state.selection);
  switch (action.type) {
    case 'nudge': {
      const grid = gridOf(doc, action.free);
      const step = grid ?? 1;
      return commit(state, moved(doc, ids, action.dx * step, action.dy * step, grid));
    }
    case 'frame': {
      const w = doc.widgets.find((x) => x.id === action.id);
      if (!w || w.locked) return state;
      const next = { ...w, ...boundedFrame(action.patch, doc.canvas) };
      const same = (Object.keys(action.patch) as (keyof FramePatch)[]).every((k) => next[k] === w[k]);
      if (same) return state;
      const resized = next.kind === 'pipe' && (next.width !== w.width || next.height !== w.height);
      const widget = resized && next.kind === 'pipe' ? scalePoints(next, w) : next;
      const widgets =
        action.patch.layer === undefined
          ? doc.widgets.map((x) => (x.id === w.id ? widget : x))
          : stacked(doc.widgets.map((x) => (x.id === w.id ? widget : x)));
      return commit(state, withWidgets(doc, widgets));
    }
    case 'update': {
      const w = doc.widgets.find((x) => x.id === action.widget.id);
      if (!w) return state;
      const next = action.widget;
      // A pipe's frame follows its points and stroke.
      const fitted =
        next.kind === 'pipe' &&
        w.kind === 'pipe' &&
        (next.points !== w.points || next.thickness !== w.thickness)
          ? fitPipe(next)
          : next;
      return commit(state, replaceWidget(doc, fitted));
    }
    case 'align':
      return commit(state, withWidgets(doc, align(doc.widgets, ids, action.alignment, doc.canvas)));
    case 'distribute':
      return commit(state, withWidgets(doc, distribute(doc.widgets, ids, action.axis)));
    case 'restack':
      return commit(
        state,
        withWidgets(doc, restack(doc.widgets, new Set(action.ids ?? state.selection), action.move)),
      );
    case 'lock':
    case 'hide': {
      const of = new Set(action.ids);
      const key = action.type === 'lock' ? 'locked' : 'hidden';
      const value = action.type === 'lock' ? action.locked : action.hidden;
      if (!doc.widgets.some((w) => of.has(w.id) && w[key] !== value)) return state;
      return commit(
        state,
        withWidgets(
          doc,
          doc.widgets.map((w) => (of.has(w.id) ? { ...w, [key]: value } : w)),
        ),
      );
    }
    case 'delete': {
      const gone = doc.widgets.filter((w) => ids.has(w.id) && !w.locked);
      if (gone.length === 0) return state;
      const kept = doc.widgets.filter((w) => !gone.includes(w));
      return commit(
        state,
        withWidgets(doc, kept),
        state.selection.filter((id) => kept.some((w) => w.id === id)),
      );
    }
    case 'copy': {
      const chosen = selectedWidgets(state);
      return chosen.length === 0 ? state : { ...state, clipboard: chosen, pastes: 0 };
    }
    case 'paste':
    case 'duplicate': {
      const source = action.type === 'paste' ? state.clipboard : selectedWidgets(state);
      if (source.length === 0) return state;
      const times = action.type === 'paste' ? state.pastes + 1 : 1;
      const copies = copiesOf(source, doc, pasteOffset(doc, times));
      const next = commit(
        state,
        withWidgets(doc, [...doc.widgets, ...copies]),
        copies.map((w) => w.id),
      );
      return action.type === 'paste' ? { ...next, pastes: times } : next;
    }
    case 'add': {
      const id = nextId(action.kind, new Set(doc.widgets.map((w) => w.id)));
      const top = Math.max(0, ...doc.widgets.map((w) => w.layer));
      const draft = newWidget(action.kind, id, { x: 0, y: 0, layer: top }, action.text);
      const grid = gridOf(doc);
      let x = action.center.x - draft.width / 2;
      let y = action.center.y - draft.height / 2;
      if (grid !== null) [x, y] = [snap(x, grid), snap(y, grid)];
      const at = keepOnCanvas({ x: Math.round(x), y: Math.round(y) }, draft, doc.canvas);
      return commit(state, withWidgets(doc, [...doc.widgets, { ...draft, ...at }]), [id]);
    }
    case 'insertPoint': {
      const pipe = pipeOf(doc, action.id);
      const a = pipe?.points[action.segment];
      const b = pipe?.points[action.segment + 1];
      if (!pipe || !a || !b || pipe.locked || pipe.points.length >= 200) return state;
      const at = action.at ?? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const points = [...pipe.points];
      points.splice(action.segment + 1, 0, { x: Math.round(at.x), y: Math.round(at.y) });
      return commit(state, replaceWidget(doc, fitPipe({ ...pipe, points })));
    }
    case 'removePoint': {
      const pipe = pipeOf(doc, action.id);
      if (!pipe || pipe.locked || pipe.points.length <= 2 || !pipe.points[action.index]) return state;
      const points = pipe.points.filter((_, i) => i !== action.index);
      return commit(state, replaceWidget(doc, fitPipe({ ...pipe, points })));
    }
    case 'canvas': {
      const { width, height, background, grid } = action.patch;
      const canvas = {
        ...doc.canvas,
        ...(width === undefined ? {} : { width }),
        ...(height === undefined ? {} : { height }),
        background: { ...doc.canvas.background, ...background },
        grid: { ...doc.canvas.grid, ...grid },
      };
      const same = JSON.stringify(canvas) === JSON.stringify(doc.canvas);
      return same ? state : commit(state, { ...doc, canvas });
    }
    case 'svg':
      return action.svg === doc.svg ? state : commit(state, { ...doc, svg: action.svg });
    case 'palette':
      return commit(state, { ...doc, palette: action.palette.slice(0, PALETTE_MAX) });
    default:
      return state;
  }
}
