/**
 * Copies of widgets for paste and duplicate: each gets an id no widget of the document has (its
 * kind and the next free number), lands `offset` further right and down (kept on the canvas),
 * unlocked and shown, on top of the stack in the order they had among themselves.
 */
import type { DraftDocument, DraftWidget } from './draft';
import { keepOnCanvas } from './geometry';
import { stacked } from './arrange';
import { nextId } from './widget-kinds';

/** How far the `times`-th paste lands from the original: a grid step (10 px without snapping) each. */
export function pasteOffset(doc: DraftDocument, times: number): number {
  return (doc.canvas.grid.snap ? doc.canvas.grid.size : 10) * times;
}

export function copiesOf(source: readonly DraftWidget[], doc: DraftDocument, offset: number): DraftWidget[] {
  const taken = new Set(doc.widgets.map((w) => w.id));
  const top = Math.max(0, ...doc.widgets.map((w) => w.layer));
  return stacked(source).map((w) => {
    const id = nextId(w.kind, taken);
    taken.add(id);
    const at = keepOnCanvas({ x: w.x + offset, y: w.y + offset }, w, doc.canvas);
    return { ...w, id, ...at, layer: Math.max(w.layer, top), locked: false, hidden: false };
  });
}
