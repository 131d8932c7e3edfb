/**
 * The diagrams the web benchmarks draw: FL-R8 devices of the seeded account (8 DO, 8 DI, 2 AI),
 * ten widgets bound to each, laid out in a grid on a 1920×1080 canvas: four lamps on DO1-4, two
 * on DI1-2, a value on AI1 and AI2, a gauge on AI1 and a tank level on AI2. Every widget is bound,
 * and a push of the device's outputs, inputs and analog values changes each of them.
 */
import type { Session } from './session.js';
import { call } from './session.js';

export const WIDGETS_PER_DEVICE = 10;

export interface TreeDevice {
  readonly id: number;
  readonly unid: string;
}

interface Node extends TreeDevice {
  readonly children: readonly Node[];
}

/** The first `count` devices of the account's tree, in the tree's order. */
export async function firstDevices(session: Session, count: number): Promise<TreeDevice[]> {
  const tree = await call<{ groups: { children: Node[] }[]; devices: Node[] }>(
    session,
    'GET',
    '/equipment/tree',
  );
  const out: TreeDevice[] = [];
  const visit = (nodes: readonly Node[]): void => {
    for (const n of nodes) {
      if (out.length >= count) return;
      out.push({ id: n.id, unid: n.unid });
      visit(n.children);
    }
  };
  for (const group of tree.groups) visit(group.children);
  visit(tree.devices);
  return out;
}

/** A diagram document with WIDGETS_PER_DEVICE widgets bound to each of `ids` (none: an empty canvas). */
export function boundDiagram(ids: readonly number[]): unknown {
  const columns = Math.max(1, Math.ceil(Math.sqrt(ids.length * 2)));
  const cellWidth = Math.floor(1920 / columns);
  const rows = Math.max(1, Math.ceil(ids.length / columns));
  const cellHeight = Math.floor(1080 / rows);
  const widgets = ids.flatMap((equipmentId, d) => {
    const x0 = (d % columns) * cellWidth;
    const y0 = Math.floor(d / columns) * cellHeight;
    const w = Math.floor(cellWidth / 6);
    const h = Math.floor(cellHeight / 3);
    const bind = (kind: string, index: number) => ({ equipmentId, channel: { kind, index } });
    const at = (i: number, row: number) => ({
      x: x0 + i * w + 2,
      y: y0 + row * h + 2,
      width: w - 4,
      height: h - 4,
    });
    return [
      ...[1, 2, 3, 4].map((index, i) => ({
        id: `d${d}-do${index}`,
        kind: 'lamp',
        ...at(i, 0),
        binding: bind('do', index),
      })),
      ...[1, 2].map((index, i) => ({
        id: `d${d}-di${index}`,
        kind: 'lamp',
        ...at(4 + i, 0),
        binding: bind('di', index),
      })),
      { id: `d${d}-ai1`, kind: 'value', ...at(0, 1), width: w * 3 - 4, fontSize: 14, binding: bind('ai', 1) },
      { id: `d${d}-ai2`, kind: 'value', ...at(3, 1), width: w * 3 - 4, fontSize: 14, binding: bind('ai', 2) },
      { id: `d${d}-gauge`, kind: 'gauge', ...at(0, 2), width: w * 3 - 4, max: 65535, binding: bind('ai', 1) },
      { id: `d${d}-level`, kind: 'level', ...at(3, 2), max: 65535, binding: bind('ai', 2) },
    ];
  });
  return {
    format: 'fieldlink-diagram',
    version: 1,
    canvas: { width: 1920, height: 1080, background: { color: '#f5f8ff' }, grid: { visible: false } },
    widgets,
  };
}

/** Creates a project of the document; its id. */
export async function createProject(session: Session, name: string, document: unknown): Promise<string> {
  const project = await call<{ id: string }>(session, 'POST', '/diagrams', { name, document });
  return project.id;
}
