/** Drafts for the editor's model tests: a canvas, and widgets placed by their frame. */
import { emptyDiagram } from '@fieldlink/protocol';
import type { DraftDocument, DraftWidget } from './draft';
import { editorReducer, initialState } from './model';
import type { EditorAction, EditorState } from './model';

export function lamp(id: string, x: number, y: number, more: Partial<DraftWidget> = {}): DraftWidget {
  return {
    id,
    kind: 'lamp',
    x,
    y,
    width: 40,
    height: 40,
    rotation: 0,
    layer: 0,
    locked: false,
    hidden: false,
    binding: { equipmentId: 4, channel: { kind: 'do', index: 1 } },
    onColor: '#52c41a',
    offColor: '#bfbfbf',
    ...more,
  } as DraftWidget;
}

export function pipe(id: string, points: readonly { x: number; y: number }[], x = 100, y = 100): DraftWidget {
  return {
    id,
    kind: 'pipe',
    x,
    y,
    width: 200,
    height: 20,
    rotation: 0,
    layer: 0,
    locked: false,
    hidden: false,
    points: [...points],
    thickness: 8,
    color: '#8c8c8c',
    flowColor: '#1677ff',
    flow: null,
    threshold: 0,
  };
}

/** A 1000 × 500 canvas with a grid of 10 (snapping as asked) and these widgets. */
export function draft(widgets: readonly DraftWidget[], snap = false): DraftDocument {
  const doc = emptyDiagram(1000, 500);
  return { ...doc, canvas: { ...doc.canvas, grid: { size: 10, snap, visible: true } }, widgets };
}

/** The state after each action in turn. */
export function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

export function start(widgets: readonly DraftWidget[], snap = false): EditorState {
  return initialState(draft(widgets, snap));
}

export function widget(state: EditorState, id: string): DraftWidget {
  const found = state.doc.widgets.find((w) => w.id === id);
  if (!found) throw new Error(`no widget ${id}`);
  return found;
}

export const ids = (state: EditorState): string[] => state.doc.widgets.map((w) => w.id);
