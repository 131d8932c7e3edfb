import { describe, expect, it } from 'vitest';
import { drawOrder } from '../../../diagrams/readouts';
import { restack } from './arrange';
import { viewDocument } from './draft';
import type { DraftWidget } from './draft';
import { draft, ids, lamp, run, start, widget } from './test-fixtures';

const frames = (widgets: readonly DraftWidget[]) => widgets.map((w) => [w.id, w.x, w.y]);

describe('aligning', () => {
  const s0 = run(
    start([
      lamp('a', 100, 100, { width: 40, height: 40 }),
      lamp('b', 300, 160, { width: 100, height: 20 }),
      lamp('c', 200, 40, { width: 60, height: 60 }),
    ]),
    { type: 'select', ids: ['a', 'b', 'c'] },
  );

  it('aligns sides and centres to the box around the chosen widgets, in one step', () => {
    const cases = {
      left: [
        ['a', 100, 100],
        ['b', 100, 160],
        ['c', 100, 40],
      ],
      right: [
        ['a', 360, 100],
        ['b', 300, 160],
        ['c', 340, 40],
      ],
      center: [
        ['a', 230, 100],
        ['b', 200, 160],
        ['c', 220, 40],
      ],
      top: [
        ['a', 100, 40],
        ['b', 300, 40],
        ['c', 200, 40],
      ],
      bottom: [
        ['a', 100, 140],
        ['b', 300, 160],
        ['c', 200, 120],
      ],
      middle: [
        ['a', 100, 90],
        ['b', 300, 100],
        ['c', 200, 80],
      ],
    } as const;
    for (const [alignment, expected] of Object.entries(cases)) {
      const s = run(s0, { type: 'align', alignment: alignment as keyof typeof cases });
      expect(frames(s.doc.widgets), alignment).toEqual(expected);
      expect(s.past).toHaveLength(1);
    }
  });

  it('aligns one widget to the canvas', () => {
    const s = run(
      s0,
      { type: 'select', ids: ['b'] },
      { type: 'align', alignment: 'right' },
      { type: 'align', alignment: 'middle' },
    );
    expect(widget(s, 'b')).toMatchObject({ x: 900, y: 240 });
  });

  it('leaves locked widgets where they are (they still count for the box)', () => {
    const s = run(s0, { type: 'lock', ids: ['a'], locked: true }, { type: 'align', alignment: 'top' });
    expect(frames(s.doc.widgets)).toEqual([
      ['a', 100, 100],
      ['b', 300, 40],
      ['c', 200, 40],
    ]);
  });
});

describe('distributing', () => {
  it('spreads three or more with equal gaps, the outer ones staying', () => {
    const s0 = run(
      start([
        lamp('a', 0, 0, { width: 40 }),
        lamp('b', 60, 50, { width: 100 }),
        lamp('c', 400, 10, { width: 60 }),
        lamp('d', 150, 300, { width: 20 }),
      ]),
      { type: 'select', ids: ['a', 'b', 'c', 'd'] },
      { type: 'distribute', axis: 'horizontal' },
    );
    // Span 0-460, widths 220: three gaps of 80.
    expect(frames(s0.doc.widgets)).toEqual([
      ['a', 0, 0],
      ['b', 120, 50],
      ['c', 400, 10],
      ['d', 300, 300],
    ]);
    const v = run(
      start([
        lamp('a', 0, 0, { height: 10 }),
        lamp('b', 0, 15, { height: 10 }),
        lamp('c', 0, 200, { height: 10 }),
      ]),
      { type: 'select', ids: ['a', 'b', 'c'] },
      { type: 'distribute', axis: 'vertical' },
    );
    expect(frames(v.doc.widgets)).toEqual([
      ['a', 0, 0],
      ['b', 0, 100],
      ['c', 0, 200],
    ]);
  });

  it('does nothing for fewer than three', () => {
    const s = run(
      start([lamp('a', 0, 0), lamp('b', 500, 0)]),
      { type: 'select', ids: ['a', 'b'] },
      { type: 'distribute', axis: 'horizontal' },
    );
    expect(s.past).toEqual([]);
  });
});

describe('the stacking order', () => {
  const widgets = [
    lamp('a', 0, 0),
    lamp('b', 0, 0),
    lamp('c', 0, 0, { layer: 1 }),
    lamp('d', 0, 0, { layer: 3 }),
  ];
  const order = (list: readonly DraftWidget[]) =>
    drawOrder(viewDocument(draft(list)).widgets).map((w) => w.id);
  const layersAscend = (list: readonly DraftWidget[]) =>
    list.every((w, i) => i === 0 || list[i - 1]!.layer <= w.layer);

  it('brings to the front, forward, backward and to the back, as the view draws them', () => {
    const cases = [
      ['a', 'front', ['b', 'c', 'd', 'a']],
      ['a', 'forward', ['b', 'a', 'c', 'd']],
      ['c', 'forward', ['a', 'b', 'd', 'c']],
      ['c', 'backward', ['a', 'c', 'b', 'd']],
      ['d', 'back', ['d', 'a', 'b', 'c']],
      ['d', 'forward', ['a', 'b', 'c', 'd']],
      ['a', 'backward', ['a', 'b', 'c', 'd']],
    ] as const;
    for (const [id, move, expected] of cases) {
      const next = restack(widgets, new Set([id]), move);
      expect(order(next), `${id} ${move}`).toEqual(expected);
      expect(
        next.map((w) => w.id),
        `${id} ${move}: the array is the drawing order`,
      ).toEqual(expected);
      expect(layersAscend(next)).toBe(true);
    }
  });

  it('moves a block of chosen widgets together and keeps their own order', () => {
    expect(order(restack(widgets, new Set(['a', 'b']), 'forward'))).toEqual(['c', 'a', 'b', 'd']);
    expect(order(restack(widgets, new Set(['a', 'c']), 'front'))).toEqual(['b', 'd', 'a', 'c']);
    expect(order(restack(widgets, new Set(['b', 'd']), 'back'))).toEqual(['b', 'd', 'a', 'c']);
  });

  it('is an undo step of the editor; locked widgets do not move', () => {
    const s = run(start(widgets), { type: 'select', ids: ['a'] }, { type: 'restack', move: 'front' });
    expect(ids(s)).toEqual(['b', 'c', 'd', 'a']);
    expect(ids(run(s, { type: 'undo' }))).toEqual(['a', 'b', 'c', 'd']);
    const locked = run(
      start(widgets),
      { type: 'lock', ids: ['a'], locked: true },
      { type: 'restack', move: 'front', ids: ['a'] },
    );
    expect(locked.past).toHaveLength(1);
  });

  it('a layer typed in keeps the array in drawing order', () => {
    const s = run(start(widgets), { type: 'frame', id: 'a', patch: { layer: 2 } });
    expect(ids(s)).toEqual(['b', 'c', 'a', 'd']);
  });
});
