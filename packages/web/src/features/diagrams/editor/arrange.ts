/**
 * Arranging widgets: aligning the selection's sides or centres (to each other, or to the canvas
 * when one widget is chosen), spreading three or more evenly, and the stacking order. The view
 * draws by `layer`, then by document order (DiagramView's drawOrder): the editor keeps the
 * document in that order, so moving a widget up or down the stack is moving it in the array and
 * giving it a layer that keeps the layers ascending. Locked widgets stay where they are.
 */
import { boundsOf } from './geometry';
import type { Box, CanvasSize } from './geometry';
import type { DraftWidget } from './draft';

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type Axis = 'horizontal' | 'vertical';
export type StackMove = 'front' | 'forward' | 'backward' | 'back';

type Widgets = readonly DraftWidget[];

function placed(widget: DraftWidget, reference: Box, alignment: Alignment): DraftWidget {
  const { x, y, width: w, height: h } = widget;
  const r = reference;
  const next = {
    left: { x: r.x, y },
    center: { x: r.x + (r.width - w) / 2, y },
    right: { x: r.x + r.width - w, y },
    top: { x, y: r.y },
    middle: { x, y: r.y + (r.height - h) / 2 },
    bottom: { x, y: r.y + r.height - h },
  }[alignment];
  const moved = { x: Math.round(next.x), y: Math.round(next.y) };
  return moved.x === x && moved.y === y ? widget : { ...widget, ...moved };
}

/**
 * The widgets with the chosen ones aligned: to the box around them all when two or more are
 * chosen, to the canvas when one is.
 */
export function align(
  widgets: Widgets,
  ids: ReadonlySet<string>,
  alignment: Alignment,
  canvas: CanvasSize,
): Widgets {
  const chosen = widgets.filter((w) => ids.has(w.id));
  const reference: Box | null =
    chosen.length === 1 ? { x: 0, y: 0, width: canvas.width, height: canvas.height } : boundsOf(chosen);
  if (reference === null) return widgets;
  return widgets.map((w) => (ids.has(w.id) && !w.locked ? placed(w, reference, alignment) : w));
}

/**
 * The chosen widgets (three or more) spread evenly across the space between the first and the
 * last (by position): equal gaps between neighbours; the outer two stay.
 */
export function distribute(widgets: Widgets, ids: ReadonlySet<string>, axis: Axis): Widgets {
  const [pos, size] = axis === 'horizontal' ? (['x', 'width'] as const) : (['y', 'height'] as const);
  const chosen = widgets
    .filter((w) => ids.has(w.id))
    .sort((a, b) => a[pos] + a[size] / 2 - (b[pos] + b[size] / 2));
  if (chosen.length < 3) return widgets;
  const first = chosen[0]!;
  const last = chosen[chosen.length - 1]!;
  const span = last[pos] + last[size] - first[pos];
  const gap = (span - chosen.reduce((sum, w) => sum + w[size], 0)) / (chosen.length - 1);
  const target = new Map<string, number>();
  let at = first[pos];
  for (const w of chosen) {
    target.set(w.id, Math.round(at));
    at += w[size] + gap;
  }
  return widgets.map((w) => {
    const to = target.get(w.id);
    return to === undefined || w.locked || to === w[pos] ? w : { ...w, [pos]: to };
  });
}

/** The widgets in drawing order (by layer, then document order; Array.sort is stable). */
export function stacked(widgets: Widgets): DraftWidget[] {
  return [...widgets].sort((a, b) => a.layer - b.layer);
}

/**
 * The widgets in drawing order with the chosen ones moved: to the top or bottom of the stack, or
 * one step past their neighbour. A moved widget takes the layer of the one it passed, so the
 * layers keep ascending along the array.
 */
export function restack(widgets: Widgets, ids: ReadonlySet<string>, move: StackMove): Widgets {
  const order = stacked(widgets);
  const chosen = (w: DraftWidget): boolean => ids.has(w.id) && !w.locked;
  if (!order.some(chosen)) return widgets;
  if (move === 'front' || move === 'back') {
    const moving = order.filter(chosen);
    const rest = order.filter((w) => !chosen(w));
    if (rest.length === 0) return order;
    const layer = move === 'front' ? rest[rest.length - 1]!.layer : rest[0]!.layer;
    const moved = moving.map((w) =>
      (move === 'front' ? w.layer < layer : w.layer > layer) ? { ...w, layer } : w,
    );
    return move === 'front' ? [...rest, ...moved] : [...moved, ...rest];
  }
  const list = [...order];
  const step = move === 'forward' ? 1 : -1;
  // From the end they move towards, so a block of chosen widgets moves together.
  const indices = list.map((_, i) => i);
  if (step === 1) indices.reverse();
  for (const i of indices) {
    const w = list[i]!;
    const other = list[i + step];
    if (!chosen(w) || other === undefined || chosen(other)) continue;
    list[i + step] = { ...w, layer: other.layer };
    list[i] = other;
  }
  return list;
}
