import { describe, expect, it } from 'vitest';
import { checkDraft } from './draft';
import { HISTORY_MAX, isDirty, selectedWidgets } from './model';
import { WIDGET_KINDS } from './widget-kinds';
import { ids, lamp, run, start, widget } from './test-fixtures';

describe('the editor model: selection', () => {
  const s0 = start([
    lamp('a', 0, 0),
    lamp('b', 100, 0),
    lamp('c', 200, 0),
    lamp('h', 300, 0, { hidden: true }),
  ]);

  it('sets, toggles with shift and adds; unknown ids are ignored', () => {
    let s = run(s0, { type: 'select', ids: ['a'] });
    expect(s.selection).toEqual(['a']);
    s = run(s, { type: 'select', ids: ['b'], mode: 'toggle' });
    expect(s.selection).toEqual(['a', 'b']);
    s = run(s, { type: 'select', ids: ['a'], mode: 'toggle' });
    expect(s.selection).toEqual(['b']);
    s = run(s, { type: 'select', ids: ['c', 'nope'], mode: 'add' });
    expect(s.selection).toEqual(['b', 'c']);
    expect(run(s, { type: 'select', ids: [] }).selection).toEqual([]);
  });

  it('selects what a rubber band touches, not hidden or locked widgets; shift adds', () => {
    const locked = run(s0, { type: 'lock', ids: ['c'], locked: true });
    const s = run(locked, { type: 'selectArea', from: { x: 250, y: 50 }, to: { x: 30, y: 30 }, add: false });
    expect(s.selection).toEqual(['a', 'b']);
    const more = run(
      { ...s, selection: ['a'] },
      { type: 'selectArea', from: { x: 95, y: 0 }, to: { x: 105, y: 5 }, add: true },
    );
    expect(more.selection).toEqual(['a', 'b']);
    expect(
      run(s, { type: 'selectArea', from: { x: 600, y: 0 }, to: { x: 700, y: 50 }, add: false }).selection,
    ).toEqual([]);
  });

  it('selects all shown widgets', () => {
    expect(run(s0, { type: 'selectAll' }).selection).toEqual(['a', 'b', 'c']);
  });

  it('changes of the selection are not undo steps', () => {
    const s = run(s0, { type: 'select', ids: ['a'] }, { type: 'selectAll' });
    expect(s.past).toEqual([]);
    expect(isDirty(s)).toBe(false);
  });
});

describe('the editor model: moving', () => {
  it('a drag is one undo step, however many moves it has', () => {
    let s = run(start([lamp('a', 100, 100)]), { type: 'select', ids: ['a'] }, { type: 'beginGesture' });
    for (let i = 1; i <= 30; i++) s = run(s, { type: 'drag', dx: i, dy: i * 2 });
    s = run(s, { type: 'endGesture' });
    expect(widget(s, 'a')).toMatchObject({ x: 130, y: 160 });
    expect(s.past).toHaveLength(1);
    expect(isDirty(s)).toBe(true);
    s = run(s, { type: 'undo' });
    expect(widget(s, 'a')).toMatchObject({ x: 100, y: 100 });
    expect(isDirty(s)).toBe(false);
    s = run(s, { type: 'redo' });
    expect(widget(s, 'a')).toMatchObject({ x: 130, y: 160 });
  });

  it('a click without a move leaves no undo step; Escape puts the start back', () => {
    const s0 = run(start([lamp('a', 100, 100)]), { type: 'select', ids: ['a'] });
    expect(run(s0, { type: 'beginGesture' }, { type: 'endGesture' }).past).toEqual([]);
    const cancelled = run(
      s0,
      { type: 'beginGesture' },
      { type: 'drag', dx: 50, dy: 0 },
      { type: 'cancelGesture' },
    );
    expect(widget(cancelled, 'a').x).toBe(100);
    expect(cancelled.past).toEqual([]);
    expect(cancelled.gesture).toBeNull();
  });

  it('snaps the dragged block to the grid when snapping is on, not with Alt', () => {
    const s0 = run(start([lamp('a', 100, 100), lamp('b', 160, 130)], true), {
      type: 'select',
      ids: ['a', 'b'],
    });
    const snapped = run(s0, { type: 'beginGesture' }, { type: 'drag', dx: 13, dy: 17 });
    expect(widget(snapped, 'a')).toMatchObject({ x: 110, y: 120 });
    expect(widget(snapped, 'b')).toMatchObject({ x: 170, y: 150 });
    const free = run(s0, { type: 'beginGesture' }, { type: 'drag', dx: 13, dy: 17, free: true });
    expect(widget(free, 'a')).toMatchObject({ x: 113, y: 117 });
  });

  it('keeps moved widgets on the canvas and leaves locked ones where they are', () => {
    const s = run(
      start([lamp('a', 100, 100), lamp('l', 300, 300, { locked: true })]),
      { type: 'select', ids: ['a', 'l'] },
      { type: 'beginGesture' },
      { type: 'drag', dx: 5000, dy: -5000 },
      { type: 'endGesture' },
    );
    expect(widget(s, 'a')).toMatchObject({ x: 960, y: 0 });
    expect(widget(s, 'l')).toMatchObject({ x: 300, y: 300 });
  });

  it('nudges by 1 px, or by the grid when snapping (Alt: 1 px); each nudge a step', () => {
    const free = run(
      start([lamp('a', 100, 100)]),
      { type: 'select', ids: ['a'] },
      { type: 'nudge', dx: 1, dy: 0 },
      { type: 'nudge', dx: 0, dy: -10 },
    );
    expect(widget(free, 'a')).toMatchObject({ x: 101, y: 90 });
    expect(free.past).toHaveLength(2);
    const grid = run(
      start([lamp('a', 100, 100)], true),
      { type: 'select', ids: ['a'] },
      { type: 'nudge', dx: 10, dy: 1 },
    );
    expect(widget(grid, 'a')).toMatchObject({ x: 200, y: 110 });
    const alt = run(
      start([lamp('a', 100, 100)], true),
      { type: 'select', ids: ['a'] },
      { type: 'nudge', dx: 1, dy: 0, free: true },
    );
    expect(widget(alt, 'a').x).toBe(101);
  });

  it('ignores other actions while a gesture runs', () => {
    const s = run(
      start([lamp('a', 100, 100)]),
      { type: 'select', ids: ['a'] },
      { type: 'beginGesture' },
      { type: 'delete' },
      { type: 'undo' },
    );
    expect(ids(s)).toEqual(['a']);
  });
});

describe('the editor model: resizing', () => {
  const s0 = run(start([lamp('a', 100, 100, { width: 100, height: 50 })], true), {
    type: 'select',
    ids: ['a'],
  });

  it('moves the sides its handle holds and snaps them; one undo step', () => {
    const s = run(
      s0,
      { type: 'beginGesture' },
      { type: 'resize', id: 'a', handle: 'se', dx: 33, dy: 12 },
      { type: 'resize', id: 'a', handle: 'se', dx: 44, dy: 26 },
      { type: 'endGesture' },
    );
    expect(widget(s, 'a')).toMatchObject({ x: 100, y: 100, width: 140, height: 80 });
    expect(s.past).toHaveLength(1);
    const nw = run(s0, { type: 'resize', id: 'a', handle: 'nw', dx: -21, dy: 7, free: true });
    expect(widget(nw, 'a')).toMatchObject({ x: 79, y: 107, width: 121, height: 43 });
  });

  it('keeps at least 1 × 1 and stays within the canvas', () => {
    const tiny = run(s0, { type: 'resize', id: 'a', handle: 'e', dx: -500, dy: 0, free: true });
    expect(widget(tiny, 'a')).toMatchObject({ x: 100, width: 1 });
    const tinyW = run(s0, { type: 'resize', id: 'a', handle: 'w', dx: 500, dy: 0, free: true });
    expect(widget(tinyW, 'a')).toMatchObject({ x: 199, width: 1 });
    const huge = run(s0, { type: 'resize', id: 'a', handle: 'se', dx: 5000, dy: 5000 });
    expect(widget(huge, 'a')).toMatchObject({ x: 100, y: 100, width: 900, height: 400 });
    const left = run(s0, { type: 'resize', id: 'a', handle: 'w', dx: -5000, dy: 0 });
    expect(widget(left, 'a')).toMatchObject({ x: 0, width: 200 });
  });

  it('keeps the ratio with shift on a corner', () => {
    const s = run(s0, { type: 'resize', id: 'a', handle: 'se', dx: 100, dy: 0, free: true, keepRatio: true });
    expect(widget(s, 'a')).toMatchObject({ width: 200, height: 100 });
  });

  it('does not resize a locked widget', () => {
    const s = run(
      s0,
      { type: 'lock', ids: ['a'], locked: true },
      { type: 'resize', id: 'a', handle: 'se', dx: 50, dy: 50 },
    );
    expect(widget(s, 'a')).toMatchObject({ width: 100, height: 50 });
  });

  it('frame fields: clamped to the format and the canvas, one step each, none when unchanged', () => {
    let s = run(s0, { type: 'frame', id: 'a', patch: { width: 0, rotation: 720, layer: 1e6 } });
    expect(widget(s, 'a')).toMatchObject({ width: 1, rotation: 360, layer: 999 });
    s = run(s, { type: 'frame', id: 'a', patch: { height: 99999 } });
    expect(widget(s, 'a').height).toBe(500);
    expect(s.past).toHaveLength(2);
    expect(run(s, { type: 'frame', id: 'a', patch: { height: 500 } }).past).toHaveLength(2);
  });
});

describe('the editor model: undo history', () => {
  it('is bounded to the last HISTORY_MAX steps; a new change drops the redo steps', () => {
    let s = run(start([lamp('a', 0, 0)]), { type: 'select', ids: ['a'] });
    for (let i = 0; i < HISTORY_MAX + 20; i++) s = run(s, { type: 'nudge', dx: 1, dy: 0 });
    expect(s.past).toHaveLength(HISTORY_MAX);
    for (let i = 0; i < HISTORY_MAX + 5; i++) s = run(s, { type: 'undo' });
    expect(widget(s, 'a').x).toBe(20);
    s = run(s, { type: 'redo' }, { type: 'redo' });
    expect(widget(s, 'a').x).toBe(22);
    s = run(s, { type: 'nudge', dx: 0, dy: 1 });
    expect(s.future).toEqual([]);
    expect(run(s, { type: 'redo' }).doc).toBe(s.doc);
  });

  it('keeps the selection to widgets that exist after an undo', () => {
    const s = run(
      start([]),
      { type: 'add', kind: 'lamp', center: { x: 500, y: 250 }, text: '' },
      { type: 'undo' },
    );
    expect(s.doc.widgets).toEqual([]);
    expect(s.selection).toEqual([]);
  });

  it('is clean again once saved, and after undoing back to what was saved', () => {
    let s = run(start([lamp('a', 0, 0)]), { type: 'select', ids: ['a'] }, { type: 'nudge', dx: 1, dy: 0 });
    s = run(s, { type: 'saved', doc: s.doc });
    expect(isDirty(s)).toBe(false);
    s = run(s, { type: 'nudge', dx: 1, dy: 0 });
    expect(isDirty(s)).toBe(true);
    expect(isDirty(run(s, { type: 'undo' }))).toBe(false);
  });

  it('loading another document starts a fresh history and keeps the clipboard', () => {
    const s = run(
      start([lamp('a', 0, 0)]),
      { type: 'select', ids: ['a'] },
      { type: 'copy' },
      { type: 'nudge', dx: 1, dy: 0 },
    );
    const loaded = run(s, { type: 'load', doc: start([]).doc });
    expect(loaded.past).toEqual([]);
    expect(loaded.selection).toEqual([]);
    expect(isDirty(loaded)).toBe(false);
    expect(ids(run(loaded, { type: 'paste' }))).toEqual(['lamp1']);
  });
});

describe('the editor model: delete, copy, paste, duplicate', () => {
  const s0 = start([
    lamp('a', 100, 100),
    lamp('b', 200, 100, { layer: 2 }),
    lamp('l', 300, 100, { locked: true }),
  ]);

  it('deletes the chosen unlocked widgets in one step', () => {
    const s = run(s0, { type: 'select', ids: ['a', 'l'] }, { type: 'delete' });
    expect(ids(s)).toEqual(['b', 'l']);
    expect(s.selection).toEqual(['l']);
    expect(ids(run(s, { type: 'undo' }))).toEqual(['a', 'b', 'l']);
    expect(run(s, { type: 'delete' }).past).toHaveLength(1);
  });

  it('pastes copies with new unique ids, each paste a step further, selected, on top', () => {
    let s = run(
      s0,
      { type: 'select', ids: ['a', 'b'] },
      { type: 'copy' },
      { type: 'paste' },
      { type: 'paste' },
    );
    const all = ids(s);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(['a', 'b', 'l', 'lamp1', 'lamp2', 'lamp3', 'lamp4']);
    expect(s.selection).toEqual(['lamp3', 'lamp4']);
    expect(widget(s, 'lamp1')).toMatchObject({ x: 110, y: 110, layer: 2 });
    expect(widget(s, 'lamp3')).toMatchObject({ x: 120, y: 120 });
    expect(s.past).toHaveLength(2);
    // The pasted widgets keep everything else.
    expect(widget(s, 'lamp2')).toMatchObject({
      kind: 'lamp',
      binding: { equipmentId: 4 },
      onColor: '#52c41a',
    });
    s = run(s, { type: 'undo' }, { type: 'undo' });
    expect(ids(s)).toEqual(['a', 'b', 'l']);
  });

  it('duplicates the selection without touching the clipboard; copies of a locked widget are unlocked', () => {
    const s = run(s0, { type: 'select', ids: ['l'] }, { type: 'duplicate' });
    expect(widget(s, 'lamp1')).toMatchObject({ x: 310, y: 110, locked: false });
    expect(s.clipboard).toEqual([]);
    expect(run(s, { type: 'paste' }).doc).toBe(s.doc);
  });

  it('pastes ids unique against the widgets added since the copy', () => {
    const s = run(
      s0,
      { type: 'select', ids: ['a'] },
      { type: 'copy' },
      { type: 'add', kind: 'lamp', center: { x: 10, y: 10 }, text: '' },
      { type: 'paste' },
    );
    expect(ids(s)).toEqual(['a', 'b', 'l', 'lamp1', 'lamp2']);
  });
});

describe('the editor model: adding widgets', () => {
  it('adds each of the eleven kinds at the given centre, selected, on top; bound ones start unbound', () => {
    let s = start([lamp('x', 0, 0, { layer: 3 })], true);
    for (const kind of WIDGET_KINDS)
      s = run(s, { type: 'add', kind, center: { x: 503, y: 247 }, text: 'Text' });
    expect(s.doc.widgets.map((w) => w.kind)).toEqual(['lamp', ...WIDGET_KINDS]);
    expect(s.selection).toEqual(['status1']);
    const sw = widget(s, 'switch1');
    expect(sw).toMatchObject({ binding: null, layer: 3, x: 420, y: 220, width: 160, height: 48 });
    expect(widget(s, 'text1')).toMatchObject({ text: 'Text' });
    expect(widget(s, 'lamp1').kind).toBe('lamp');
    const check = checkDraft(s.doc);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems.filter((p) => p.unbound).map((p) => p.widgetId)).toEqual([
      'switch1',
      'lamp1',
      'value1',
      'gauge1',
      'level1',
      'trend1',
      'setpoint1',
      'status1',
    ]);
    // Text, picture and pipe are valid as they come.
    expect(check.problems.some((p) => ['text1', 'image1', 'pipe1'].includes(p.widgetId ?? ''))).toBe(false);
  });

  it('keeps a new widget on the canvas', () => {
    const s = run(start([]), { type: 'add', kind: 'gauge', center: { x: 990, y: -50 }, text: '' });
    expect(widget(s, 'gauge1')).toMatchObject({ x: 840, y: 0 });
  });
});

describe('the editor model: widget fields, lock, hide, canvas and palette', () => {
  it('replaces a widget’s fields in one step', () => {
    const s0 = start([lamp('a', 0, 0)]);
    const a = widget(s0, 'a');
    if (a.kind !== 'lamp') throw new Error('not a lamp');
    const s = run(s0, { type: 'update', widget: { ...a, onColor: '#ff0000' } });
    expect(widget(s, 'a')).toMatchObject({ onColor: '#ff0000' });
    expect(s.past).toHaveLength(1);
  });

  it('locks and hides; a change to the same is no step', () => {
    const s0 = start([lamp('a', 0, 0), lamp('b', 0, 0)]);
    const s = run(
      s0,
      { type: 'lock', ids: ['a', 'b'], locked: true },
      { type: 'hide', ids: ['b'], hidden: true },
    );
    expect(selectedWidgets({ ...s, selection: ['a', 'b'] }).map((w) => [w.locked, w.hidden])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(run(s, { type: 'lock', ids: ['a'], locked: true }).past).toHaveLength(2);
  });

  it('changes the canvas and the palette (at most 32 colours) as steps', () => {
    const s0 = start([]);
    let s = run(s0, { type: 'canvas', patch: { width: 1280, grid: { snap: true } } });
    expect(s.doc.canvas).toMatchObject({
      width: 1280,
      height: 500,
      grid: { size: 10, snap: true, visible: true },
    });
    s = run(s, { type: 'canvas', patch: { background: { color: '#000000' } } });
    expect(s.doc.canvas.background).toEqual({ color: '#000000', image: '' });
    expect(run(s, { type: 'canvas', patch: { width: 1280 } }).past).toHaveLength(2);
    s = run(s, { type: 'palette', palette: Array.from({ length: 40 }, () => '#123456') });
    expect(s.doc.palette).toHaveLength(32);
    expect(run(s, { type: 'undo' }).doc.palette).toEqual([]);
  });

  it('takes the imported drawing and its bindings as a step, leaving the widgets', () => {
    const s0 = start([lamp('a', 0, 0)]);
    const svg = { src: '/api/v1/pictures/k/plant.svg', bindings: [] };
    const s = run(s0, { type: 'svg', svg });
    expect(s.doc.svg).toBe(svg);
    expect(s.doc.widgets).toBe(s0.doc.widgets);
    expect(run(s, { type: 'undo' }).doc.svg).toBeNull();
  });
});
