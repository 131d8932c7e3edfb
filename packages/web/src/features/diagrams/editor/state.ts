/**
 * The diagram editor's state (see model.ts) and the helpers every change goes through: one more
 * undo step (bounded), the widgets replaced, the grid to snap to.
 */
import type { WidgetKind } from '@fieldlink/protocol';
import type { Alignment, Axis, StackMove } from './arrange';
import type { DraftDocument, DraftWidget } from './draft';
import { boundsOf, keepOnCanvas, snap } from './geometry';
import type { Handle, Point } from './geometry';

/** Undo steps kept. */
export const HISTORY_MAX = 200;

export interface EditorState {
  readonly doc: DraftDocument;
  /** The ids chosen, in the order they were chosen. */
  readonly selection: readonly string[];
  readonly past: readonly DraftDocument[];
  readonly future: readonly DraftDocument[];
  /** The document as last saved (or loaded): the draft differs from it when there is something to save. */
  readonly saved: DraftDocument;
  /** The document when the running gesture started. */
  readonly gesture: DraftDocument | null;
  readonly clipboard: readonly DraftWidget[];
  /** Pastes since the last copy: each lands a step further. */
  readonly pastes: number;
}

export type FramePatch = Partial<Pick<DraftWidget, 'x' | 'y' | 'width' | 'height' | 'rotation' | 'layer'>>;
export type CanvasPatch = {
  readonly width?: number;
  readonly height?: number;
  readonly background?: Partial<DraftDocument['canvas']['background']>;
  readonly grid?: Partial<DraftDocument['canvas']['grid']>;
};

export type EditorAction =
  | { type: 'select'; ids: readonly string[]; mode?: 'set' | 'toggle' | 'add' }
  | { type: 'selectAll' }
  | { type: 'selectArea'; from: Point; to: Point; add: boolean }
  | { type: 'nudge'; dx: number; dy: number; free?: boolean }
  | { type: 'beginGesture' }
  | { type: 'drag'; dx: number; dy: number; free?: boolean }
  | {
      type: 'resize';
      id: string;
      handle: Handle;
      dx: number;
      dy: number;
      free?: boolean;
      keepRatio?: boolean;
    }
  | { type: 'dragPoint'; id: string; index: number; dx: number; dy: number; free?: boolean }
  | { type: 'endGesture' }
  | { type: 'cancelGesture' }
  | { type: 'frame'; id: string; patch: FramePatch }
  | { type: 'update'; widget: DraftWidget }
  | { type: 'align'; alignment: Alignment }
  | { type: 'distribute'; axis: Axis }
  | { type: 'restack'; move: StackMove; ids?: readonly string[] }
  | { type: 'lock'; ids: readonly string[]; locked: boolean }
  | { type: 'hide'; ids: readonly string[]; hidden: boolean }
  | { type: 'delete' }
  | { type: 'copy' }
  | { type: 'paste' }
  | { type: 'duplicate' }
  | { type: 'add'; kind: WidgetKind; center: Point; text: string }
  | { type: 'insertPoint'; id: string; segment: number; at?: Point }
  | { type: 'removePoint'; id: string; index: number }
  | { type: 'canvas'; patch: CanvasPatch }
  | { type: 'palette'; palette: readonly string[] }
  | { type: 'svg'; svg: DraftDocument['svg'] }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; doc: DraftDocument }
  | { type: 'saved'; doc: DraftDocument };

export function initialState(doc: DraftDocument): EditorState {
  return { doc, selection: [], past: [], future: [], saved: doc, gesture: null, clipboard: [], pastes: 0 };
}

export const isDirty = (state: EditorState): boolean => state.doc !== state.saved;

/** The chosen widgets, in document (drawing) order. */
export function selectedWidgets(state: EditorState): DraftWidget[] {
  const ids = new Set(state.selection);
  return state.doc.widgets.filter((w) => ids.has(w.id));
}

/** The state with `doc` as one more undo step (nothing when it is the same document). */
export function commit(state: EditorState, doc: DraftDocument, selection = state.selection): EditorState {
  if (doc === state.doc) return selection === state.selection ? state : { ...state, selection };
  return {
    ...state,
    doc,
    selection,
    past: [...state.past, state.doc].slice(-HISTORY_MAX),
    future: [],
  };
}

export const withWidgets = (doc: DraftDocument, widgets: readonly DraftWidget[]): DraftDocument =>
  widgets === doc.widgets ? doc : { ...doc, widgets };

/** The grid size to snap to, or null (snapping off, or the user holds Alt). */
export function gridOf(doc: DraftDocument, free = false): number | null {
  return doc.canvas.grid.snap && !free ? doc.canvas.grid.size : null;
}

/**
 * The chosen, unlocked widgets of `base` moved by (dx, dy) as one block: its top-left corner
 * snaps to the grid and the block stays on the canvas.
 */
export function moved(
  base: DraftDocument,
  ids: ReadonlySet<string>,
  dx: number,
  dy: number,
  grid: number | null,
) {
  const moving = base.widgets.filter((w) => ids.has(w.id) && !w.locked);
  const box = boundsOf(moving);
  if (box === null) return base;
  let x = box.x + dx;
  let y = box.y + dy;
  if (grid !== null) {
    x = snap(x, grid);
    y = snap(y, grid);
  }
  const at = keepOnCanvas({ x: Math.round(x), y: Math.round(y) }, box, base.canvas);
  const [ox, oy] = [at.x - box.x, at.y - box.y];
  if (ox === 0 && oy === 0) return base;
  return withWidgets(
    base,
    base.widgets.map((w) => (ids.has(w.id) && !w.locked ? { ...w, x: w.x + ox, y: w.y + oy } : w)),
  );
}

export function replaceWidget(doc: DraftDocument, widget: DraftWidget): DraftDocument {
  return withWidgets(
    doc,
    doc.widgets.map((w) => (w.id === widget.id ? widget : w)),
  );
}

export function pipeOf(doc: DraftDocument, id: string) {
  const w = doc.widgets.find((x) => x.id === id);
  return w?.kind === 'pipe' ? w : null;
}
