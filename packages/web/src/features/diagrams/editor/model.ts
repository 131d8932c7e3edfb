/**
 * The diagram editor's state and its reducer, free of React and the DOM: the draft document, the
 * selection, the undo history and the clipboard. Every change of the document is one undo step,
 * except a gesture (a drag of widgets, a resize handle or a pipe's point): it starts from the
 * document at pointer-down, each pointer move recomputes from there, and it becomes ONE step when
 * it ends (none when nothing moved). Snapping follows the canvas's grid setting unless the action
 * says it is free (the user holds Alt).
 */
import { stacked } from './arrange';
import { editing } from './edits';
import { boxBetween, intersects, turnedBounds } from './geometry';
import { gesture } from './gestures';
import { HISTORY_MAX, initialState } from './state';
import type { EditorAction, EditorState } from './state';

export { HISTORY_MAX, initialState, isDirty, selectedWidgets } from './state';
export type { CanvasPatch, EditorAction, EditorState, FramePatch } from './state';

function selecting(state: EditorState, action: EditorAction): EditorState | null {
  switch (action.type) {
    case 'select': {
      const known = new Set(state.doc.widgets.map((w) => w.id));
      const ids = action.ids.filter((id) => known.has(id));
      const mode = action.mode ?? 'set';
      if (mode === 'set') return { ...state, selection: ids };
      if (mode === 'add')
        return {
          ...state,
          selection: [...state.selection, ...ids.filter((id) => !state.selection.includes(id))],
        };
      const toggled = new Set(ids);
      return {
        ...state,
        selection: [
          ...state.selection.filter((id) => !toggled.has(id)),
          ...ids.filter((id) => !state.selection.includes(id)),
        ],
      };
    }
    case 'selectAll':
      return { ...state, selection: state.doc.widgets.filter((w) => !w.hidden).map((w) => w.id) };
    case 'selectArea': {
      const area = boxBetween(action.from, action.to);
      const hit = stacked(state.doc.widgets)
        .filter((w) => !w.hidden && !w.locked && intersects(area, turnedBounds(w)))
        .map((w) => w.id);
      return selecting(state, { type: 'select', ids: hit, mode: action.add ? 'add' : 'set' });
    }
    default:
      return null;
  }
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const g = gesture(state, action);
  if (g !== null) return g;
  // Nothing else happens while a gesture runs (a key pressed mid-drag waits).
  if (state.gesture !== null) return state;
  const s = selecting(state, action);
  if (s !== null) return s;
  switch (action.type) {
    case 'undo': {
      const doc = state.past[state.past.length - 1];
      if (doc === undefined) return state;
      return keepSelection({
        ...state,
        doc,
        past: state.past.slice(0, -1),
        future: [state.doc, ...state.future],
      });
    }
    case 'redo': {
      const [doc, ...future] = state.future;
      if (doc === undefined) return state;
      return keepSelection({ ...state, doc, past: [...state.past, state.doc].slice(-HISTORY_MAX), future });
    }
    case 'load':
      return { ...initialState(action.doc), clipboard: state.clipboard };
    case 'saved':
      return { ...state, saved: action.doc };
    default:
      return editing(state, action);
  }
}

/** The selection less the widgets the document no longer has. */
function keepSelection(state: EditorState): EditorState {
  const known = new Set(state.doc.widgets.map((w) => w.id));
  const selection = state.selection.filter((id) => known.has(id));
  return selection.length === state.selection.length ? state : { ...state, selection };
}
