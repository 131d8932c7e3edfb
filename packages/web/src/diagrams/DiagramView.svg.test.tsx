// @vitest-environment jsdom
// The imported SVG drawn in the diagram view: part of the page, its element bindings applied as
// the values change, unknown equipment marked, its own look back when unbound, and picking.
import { DIAGRAM_FORMAT, DIAGRAM_VERSION, DiagramDocument } from '@fieldlink/protocol';
import type { ElementBinding } from '@fieldlink/protocol';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import DiagramView from './DiagramView';
import { fixedEquipment } from './values';
import type { ChannelLists, ChannelReading, DiagramValues } from './values';

const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
  <style>.st0 { fill: #123456 }</style>
  <g id="pumpGroup"><rect id="pump" class="st0" width="40" height="20" fill="#cccccc"/></g>
  <text id="level" x="10" y="80"><tspan>Level</tspan></text>
  <circle id="lamp" r="5"/>
  <rect id="unbound" onclick="window.svgRan = true" width="1" height="1"/>
  <script>window.svgRan = true</script>
</svg>`;
const SRC = `data:image/svg+xml;utf8,${encodeURIComponent(DRAWING)}`;

function diagram(bindings: ElementBinding[], src = SRC): DiagramDocument {
  return DiagramDocument.parse({
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: { width: 400, height: 300, background: {}, grid: {} },
    svg: { src, bindings },
  });
}

const rule = { threshold: 0, decimals: 1 };
const BINDINGS: ElementBinding[] = [
  {
    target: 'pump',
    binding: { equipmentId: 7, channel: { kind: 'do', index: 5 } },
    rule: { ...rule, property: 'fill', on: '#00ff00', off: '#ff0000' },
  },
  {
    target: 'level',
    binding: { equipmentId: 7, channel: { kind: 'ai', index: 1 } },
    rule: { ...rule, property: 'text', decimals: 2 },
  },
  {
    target: 'lamp',
    binding: { equipmentId: 7, channel: { kind: 'ai', index: 1 } },
    rule: { ...rule, property: 'visibility', threshold: 2 },
  },
];

const digital = (on: boolean): ChannelReading => ({ on, text: '', unit: '', alarm: false, name: 'DO5' });
const analog = (value: number): ChannelReading => ({ value, text: '', unit: 'm', alarm: false, name: 'AI1' });
const valuesOf = (channels: ChannelLists): DiagramValues =>
  new Map([[7, fixedEquipment({ name: 'Pump house', channels })]]);
const pumpOn = (on: boolean, level: number) =>
  valuesOf({ do: [undefined, undefined, undefined, undefined, digital(on)], ai: [analog(level)] });

const element = (id: string): SVGElement => {
  const found = document.querySelector<SVGElement>(`[data-svg-id="${id}"]`);
  if (!found) throw new Error(`no element ${id}`);
  return found;
};

async function drawn(): Promise<void> {
  await waitFor(() => expect(document.querySelector('[data-svg-id="pump"]')).not.toBeNull());
}

beforeEach(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  delete (window as { svgRan?: boolean }).svgRan;
});

describe('diagram view: an imported SVG', () => {
  it('draws the drawing in the page, inert, fitted to the canvas, with its ids its own', async () => {
    const { container } = render(<DiagramView document={diagram([])} values={new Map()} />);
    await drawn();
    const nested = container.querySelector('[data-testid="diagram-svg"] > svg')!;
    expect(nested.getAttribute('width')).toBe('400');
    expect(nested.getAttribute('viewBox')).toBe('0 0 200 100');
    expect(container.querySelector('script')).toBeNull();
    expect(element('unbound').getAttribute('onclick')).toBeNull();
    fireEvent.click(element('unbound'));
    expect((window as { svgRan?: boolean }).svgRan).toBeUndefined();
    expect(element('pump').id).not.toBe('pump');
    expect(element('pump').id.endsWith('-pump')).toBe(true);
    expect(container.querySelector('image')).toBeNull();
  });

  it('applies the rules as the values change', async () => {
    const { rerender } = render(<DiagramView document={diagram(BINDINGS)} values={pumpOn(false, 1.234)} />);
    await drawn();
    expect(element('pump').style.getPropertyValue('fill')).toBe('#ff0000');
    expect(element('pump').style.getPropertyPriority('fill')).toBe('important');
    expect(element('level').textContent).toBe('1.23 m');
    expect(element('lamp').style.getPropertyValue('display')).toBe('none');

    rerender(<DiagramView document={diagram(BINDINGS)} values={pumpOn(true, 2)} />);
    expect(element('pump').style.getPropertyValue('fill')).toBe('#00ff00');
    expect(element('level').textContent).toBe('2.00 m');
    expect(element('lamp').style.getPropertyValue('display')).toBe('');
  });

  it('shows digital text in the user language', async () => {
    const bindings: ElementBinding[] = [
      { ...BINDINGS[1]!, binding: { equipmentId: 7, channel: { kind: 'do', index: 5 } } },
    ];
    render(<DiagramView document={diagram(bindings)} values={pumpOn(true, 0)} />);
    await drawn();
    expect(element('level').textContent).toBe('On');
    await act(() => setLanguage('tc'));
    await waitFor(() => expect(element('level').textContent).toBe('開'));
  });

  it('marks unknown equipment instead of showing stale values', async () => {
    const { rerender } = render(<DiagramView document={diagram(BINDINGS)} values={pumpOn(true, 5)} />);
    await drawn();
    expect(element('pump').style.getPropertyValue('fill')).toBe('#00ff00');
    rerender(<DiagramView document={diagram(BINDINGS)} values={new Map()} />);
    expect(element('pump').classList.contains('diagram-svg-unknown')).toBe(true);
    expect(element('pump').style.getPropertyValue('fill')).toBe('');
    expect(element('level').textContent).toBe('—');
    expect(element('lamp').style.getPropertyValue('display')).toBe('');
  });

  it('gives an element its own look back once it is no longer bound', async () => {
    const { rerender } = render(<DiagramView document={diagram(BINDINGS)} values={pumpOn(false, 5)} />);
    await drawn();
    expect(element('level').textContent).toBe('5.00 m');
    rerender(<DiagramView document={diagram([])} values={pumpOn(false, 5)} />);
    expect(element('pump').style.getPropertyValue('fill')).toBe('');
    expect(element('pump').getAttribute('fill')).toBe('#cccccc');
    expect(element('level').textContent).toBe('Level');
    expect(element('level').querySelector('tspan')).not.toBeNull();
  });

  it('reports the original id of the element clicked (or the nearest with one) when picking', async () => {
    const onPick = vi.fn();
    const onSelect = vi.fn();
    const { rerender } = render(
      <DiagramView
        document={diagram([])}
        values={new Map()}
        onPickSvgElement={onPick}
        onSelectWidget={onSelect}
      />,
    );
    await drawn();
    fireEvent.click(element('pump'));
    expect(onPick).toHaveBeenLastCalledWith('pump');
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(element('level').querySelector('tspan')!);
    expect(onPick).toHaveBeenLastCalledWith('level');
    rerender(
      <DiagramView
        document={diagram([])}
        values={new Map()}
        onPickSvgElement={onPick}
        pickedSvgElement="lamp"
      />,
    );
    expect(element('lamp').classList.contains('diagram-svg-picked')).toBe(true);
    expect(element('pump').classList.contains('diagram-svg-picked')).toBe(false);
  });

  it('draws an SVG it may not read as a picture, without bindings', async () => {
    const { container } = render(
      <DiagramView document={diagram(BINDINGS, 'https://elsewhere.test/plant.svg')} values={new Map()} />,
    );
    await waitFor(() => expect(container.querySelector('image')).not.toBeNull());
    expect(container.querySelector('image')!.getAttribute('href')).toBe('https://elsewhere.test/plant.svg');
    expect(container.querySelector('[data-svg-id]')).toBeNull();
  });
});
