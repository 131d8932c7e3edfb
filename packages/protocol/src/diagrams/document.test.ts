// docs/protocol.md § Diagram documents: the versioned JSON of a configuration diagram — round
// trip, the upgrade of the spec's project entry, and every kind of invalid document refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIAGRAM_FORMAT,
  DIAGRAM_VERSION,
  DiagramDocument,
  diagramEquipment,
  emptyDiagram,
  parseDiagramDocument,
  scenePathProblem,
} from './document.js';
import type { DiagramDocumentInput } from './document.js';

const relay = (index: number, kind: 'do' | 'di' | 'ai' | 'ao' = 'do') => ({
  equipmentId: 7,
  channel: { kind, index },
});

function sample(): DiagramDocumentInput {
  return {
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: { width: 1280, height: 720, background: { color: '#f0f5ff' }, grid: { size: 20 } },
    palette: ['#1677ff', '#52c41a'],
    widgets: [
      { id: 'pump', kind: 'switch', x: 40, y: 40, width: 80, height: 40, binding: relay(1), label: 'Pump 1' },
      { id: 'lamp', kind: 'lamp', x: 140, y: 40, width: 40, height: 40, binding: relay(2, 'di') },
      {
        id: 'level',
        kind: 'value',
        x: 200,
        y: 40,
        width: 120,
        height: 40,
        binding: { equipmentId: 9, channel: { kind: 'ai', index: 1 } },
      },
      {
        id: 'pipe',
        kind: 'pipe',
        x: 0,
        y: 0,
        width: 300,
        height: 10,
        points: [
          { x: 0, y: 5 },
          { x: 300, y: 5 },
        ],
        flow: relay(1),
      },
      {
        id: 'badge',
        kind: 'status',
        x: 10,
        y: 600,
        width: 100,
        height: 30,
        binding: { equipmentId: 11, channel: null },
      },
      { id: 'title', kind: 'text', x: 10, y: 10, width: 300, height: 24, text: '<b>Pump house</b>' },
    ],
  };
}

describe('diagram documents', () => {
  it('read back what they wrote, with every default filled in', () => {
    const doc = DiagramDocument.parse(sample());
    expect(doc.widgets[0]).toMatchObject({ rotation: 0, layer: 0, locked: false, hidden: false });
    const again = parseDiagramDocument(JSON.parse(JSON.stringify(doc)));
    expect(again).toEqual({ ok: true, document: doc, upgradedFrom: null });
    // Text stays text: the document holds it, the console draws it as text.
    expect(doc.widgets.find((w) => w.kind === 'text')).toMatchObject({ text: '<b>Pump house</b>' });
    expect(diagramEquipment(doc)).toEqual([7, 9, 11]);
    expect(parseDiagramDocument(emptyDiagram()).ok).toBe(true);
  });

  it('round-trip any document of switches, lamps and values through JSON', () => {
    const position = fc.record({
      x: fc.integer({ min: -20_000, max: 20_000 }),
      y: fc.integer({ min: -20_000, max: 20_000 }),
      width: fc.integer({ min: 1, max: 20_000 }),
      height: fc.integer({ min: 1, max: 20_000 }),
    });
    const widget = fc.oneof(
      fc.record({
        kind: fc.constant('switch'),
        binding: fc.integer({ min: 1, max: 32 }).map((i) => relay(i)),
      }),
      fc.record({
        kind: fc.constant('lamp'),
        binding: fc.integer({ min: 1, max: 32 }).map((i) => relay(i, 'di')),
      }),
      fc.record({
        kind: fc.constant('value'),
        binding: fc.integer({ min: 1, max: 32 }).map((i) => relay(i, 'ai')),
        decimals: fc.integer({ min: 0, max: 6 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(position, widget), { maxLength: 20 }), (items) => {
        const input = { ...sample(), widgets: items.map(([p, w], i) => ({ id: `w${i}`, ...p, ...w })) };
        const doc = DiagramDocument.parse(input);
        const read = parseDiagramDocument(JSON.parse(JSON.stringify(doc)));
        expect(read.ok && read.document).toEqual(doc);
      }),
    );
  });

  it('upgrade the spec’s project entry (canvasConfig, globalColorArr) to the current version', () => {
    const legacy = {
      projectName: 'Farm',
      canvasConfig: JSON.stringify({ width: 1600, height: 900, backgroundColor: '#102030' }),
      globalColorArr: ['#ff0000', 'not a colour', '#00ff00'],
      equipType: 'FL-R8',
    };
    const read = parseDiagramDocument(legacy);
    expect(read.ok && read.upgradedFrom).toBe(0);
    expect(read.ok && read.document.canvas).toMatchObject({
      width: 1600,
      height: 900,
      background: { color: '#102030' },
    });
    expect(read.ok && read.document.palette).toEqual(['#ff0000', '#00ff00']);
    expect(read.ok && read.document.version).toBe(DIAGRAM_VERSION);
    // An unreadable canvasConfig gives the default canvas, not a refusal.
    const broken = parseDiagramDocument({ canvasConfig: '{', globalColorArr: [] });
    expect(broken.ok && broken.document.canvas.width).toBe(1920);
  });

  it('take a 3D scene only as a file of the project’s files, never an address', () => {
    const withScene = (src: string) =>
      parseDiagramDocument({ ...emptyDiagram(), scene: { src, bindings: [] } });
    for (const src of [`${'a'.repeat(32)}/plant.glb`, 'scenes/pump house.gltf', `${'d/'.repeat(8)}x.glb`]) {
      expect(withScene(src).ok, src).toBe(true);
    }
    for (const src of [
      'https://cdn.example/plant.glb',
      'javascript:alert(1)',
      '/api/v1/files/project/content?path=x',
      '../other/plant.glb',
      'a//b.glb',
      ' plant.glb',
      '',
      `${'d/'.repeat(9)}x.glb`,
    ]) {
      const parsed = withScene(src);
      expect(parsed.ok, src).toBe(false);
      if (!parsed.ok) expect(parsed.problems[0], src).toMatch(/^scene\.src: /);
    }
    expect(scenePathProblem('https://cdn.example/plant.glb')).toMatch(/not an address: upload the scene/);
  });

  it('refuse what is not a document of a known version, naming what is wrong', () => {
    const refused = (input: unknown): string[] => {
      const read = parseDiagramDocument(input);
      expect(read.ok, JSON.stringify(input).slice(0, 120)).toBe(false);
      return read.ok ? [] : [...read.problems];
    };
    const doc = sample();
    const widgets = doc.widgets ?? [];
    expect(refused(null)[0]).toMatch(/JSON object/);
    expect(refused([])[0]).toMatch(/JSON object/);
    expect(refused({ format: 'other', version: 1 })[0]).toMatch(/^format:/);
    expect(refused({ ...doc, version: 2 })[0]).toMatch(/newer console/);
    expect(refused({ ...doc, widgets: [{ ...widgets[0], binding: relay(1, 'ai') }] })[0]).toMatch(
      /^widgets\.0\.binding: bind it to a DO channel/,
    );
    expect(refused({ ...doc, widgets: [widgets[0], widgets[0]] })[0]).toMatch(/used twice/);
    expect(refused({ ...doc, widgets: [{ ...widgets[0], kind: 'rocket' }] })).not.toEqual([]);
    expect(refused({ ...doc, widgets: [{ ...widgets[0], x: Number.NaN }] })).not.toEqual([]);
    expect(refused({ ...doc, widgets: [{ ...widgets[0], x: 1e9 }] })).not.toEqual([]);
    expect(refused({ ...doc, widgets: [{ ...widgets[0], onclick: 'alert(1)' }] })).not.toEqual([]);
    expect(
      refused({
        ...doc,
        widgets: [{ id: 'i', kind: 'image', x: 0, y: 0, width: 1, height: 1, src: 'javascript:alert(1)' }],
      })[0],
    ).toMatch(/picture address/);
    expect(
      refused({ ...doc, canvas: { ...doc.canvas, background: { color: 'red; background:url(x)' } } }),
    ).not.toEqual([]);
    expect(refused({ ...doc, widgets: [{ ...widgets[4], binding: relay(1) }] })[0]).toMatch(/no channel/);
    expect(refused({ ...doc, palette: Array.from({ length: 33 }, () => '#000') })).not.toEqual([]);
  });
});
