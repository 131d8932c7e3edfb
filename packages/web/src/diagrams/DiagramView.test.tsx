// @vitest-environment jsdom
// The diagram view drawn with fixed values: what each widget shows of its binding, what the
// operable ones ask for, and text kept as text.
import { DIAGRAM_FORMAT, DIAGRAM_VERSION, DiagramDocument } from '@fieldlink/protocol';
import type { DiagramDocumentInput } from '@fieldlink/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import DiagramView from './DiagramView';
import type { DiagramOperation } from './DiagramView';
import { fixedEquipment } from './values';
import type { ChannelLists, ChannelReading, DiagramValues } from './values';

type WidgetInput = NonNullable<DiagramDocumentInput['widgets']>[number];

function diagram(widgets: WidgetInput[]): DiagramDocument {
  return DiagramDocument.parse({
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: { width: 400, height: 300, background: {}, grid: { size: 20 } },
    widgets,
  });
}

const frame = { x: 10, y: 20, width: 80, height: 40 };
const bind = (kind: 'do' | 'di' | 'ai' | 'ao', index = 1, equipmentId = 7) => ({
  equipmentId,
  channel: { kind, index },
});
const reading = (r: Partial<ChannelReading>): ChannelReading => ({
  text: r.value === undefined ? '' : String(r.value),
  unit: '',
  alarm: false,
  name: 'Channel',
  ...r,
});

/** Equipment 7, online, with these channels. */
const valuesOf = (channels: ChannelLists, more: { online?: boolean; alarm?: boolean } = {}): DiagramValues =>
  new Map([[7, fixedEquipment({ name: 'Pump house', channels, ...more })]]);

const widget = (id: string): SVGGElement => {
  const found = document.querySelector<SVGGElement>(`[data-widget="${id}"]`);
  if (!found) throw new Error(`no widget ${id}`);
  return found;
};
const body = (id: string): SVGGElement => widget(id).firstElementChild as SVGGElement;

beforeEach(() => setLanguage('en'));
afterEach(cleanup);

describe('diagram view: the canvas', () => {
  it('fits the canvas to its container, draws the grid only when asked', () => {
    const doc = diagram([]);
    const { container, rerender } = render(<DiagramView document={doc} values={new Map()} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 400 300');
    expect(svg.getAttribute('preserveAspectRatio')).toBe('xMidYMid meet');
    expect(svg.getAttribute('aria-label')).toBe('Configuration diagram');
    expect(svg.querySelector('rect')!.getAttribute('fill')).toBe('#ffffff');
    expect(container.querySelector('.diagram-grid')).toBeNull();
    rerender(<DiagramView document={doc} values={new Map()} showGrid />);
    const pattern = container.querySelector('pattern')!;
    expect(pattern.getAttribute('width')).toBe('20');
    expect(container.querySelector('.diagram-grid')!.getAttribute('fill')).toBe(`url(#${pattern.id})`);
  });

  it('leaves hidden widgets out and draws by layer, then document order, turning around the centre', () => {
    const text = (id: string, layer: number, more: object = {}): WidgetInput => ({
      id,
      kind: 'text',
      ...frame,
      text: id,
      layer,
      ...more,
    });
    render(
      <DiagramView
        document={diagram([
          text('a', 2, { rotation: 45 }),
          text('b', 0),
          text('hidden', 0, { hidden: true }),
          text('c', 1),
          text('d', 0),
        ])}
        values={new Map()}
      />,
    );
    const drawn = [...document.querySelectorAll('[data-widget]')].map((g) => g.getAttribute('data-widget'));
    expect(drawn).toEqual(['b', 'd', 'c', 'a']);
    expect(screen.queryByText('hidden')).toBeNull();
    expect(widget('a').getAttribute('transform')).toBe('translate(10 20) rotate(45 40 20)');
    expect(widget('b').getAttribute('transform')).toBe('translate(10 20)');
  });

  it('selects a widget on click and frames the selected one', () => {
    const onSelect = vi.fn();
    const doc = diagram([{ id: 't', kind: 'text', ...frame, text: 'Tank' }]);
    const { container, rerender } = render(
      <DiagramView document={doc} values={new Map()} onSelectWidget={onSelect} />,
    );
    fireEvent.click(screen.getByText('Tank'));
    expect(onSelect).toHaveBeenLastCalledWith('t');
    fireEvent.click(container.querySelector('svg')!);
    expect(onSelect).toHaveBeenLastCalledWith(null);
    expect(container.querySelector('.diagram-selection')).toBeNull();
    rerender(<DiagramView document={doc} values={new Map()} onSelectWidget={onSelect} selectedId="t" />);
    expect(widget('t').querySelector('.diagram-selection')).not.toBeNull();
  });
});

describe('diagram view: widgets follow their bindings', () => {
  it('lights a lamp in its on colour with a glow, its off colour without', () => {
    const doc = diagram([
      { id: 'l', kind: 'lamp', ...frame, binding: bind('di', 2), onColor: '#00ff00', offColor: '#333333' },
    ]);
    const { rerender } = render(
      <DiagramView
        document={doc}
        values={valuesOf({ di: [undefined, reading({ on: true, name: 'Door' })] })}
      />,
    );
    expect(widget('l').querySelector('.diagram-lamp')!.getAttribute('fill')).toBe('#00ff00');
    expect(widget('l').querySelector('.diagram-lamp-glow')).not.toBeNull();
    expect(widget('l').querySelector('title')!.textContent).toBe('Door: On');
    rerender(
      <DiagramView
        document={doc}
        values={valuesOf({ di: [undefined, reading({ on: false, name: 'Door' })] })}
      />,
    );
    expect(widget('l').querySelector('.diagram-lamp')!.getAttribute('fill')).toBe('#333333');
    expect(widget('l').querySelector('.diagram-lamp-glow')).toBeNull();
    expect(widget('l').querySelector('title')!.textContent).toBe('Door: Off');
  });

  it('shows a value with its decimals and unit, in the alarm colour while it alarms', () => {
    const doc = diagram([
      {
        id: 'v',
        kind: 'value',
        ...frame,
        binding: bind('ai'),
        decimals: 2,
        color: '#111111',
        alarmColor: '#ee0000',
        fontSize: 20,
      },
      { id: 'bare', kind: 'value', ...frame, binding: bind('ai'), decimals: 0, showUnit: false },
    ]);
    const pressure = (alarm: boolean) =>
      valuesOf({ ai: [reading({ value: 3.14159, unit: 'bar', name: 'Pressure', alarm })] });
    const { rerender } = render(<DiagramView document={doc} values={pressure(false)} />);
    const text = () => widget('v').querySelector('text')!;
    expect(text().textContent).toBe('3.14 bar');
    expect(text().getAttribute('fill')).toBe('#111111');
    expect(text().getAttribute('font-size')).toBe('20');
    expect(widget('v').querySelector('title')!.textContent).toBe('Pressure: 3.14 bar');
    expect(widget('bare').querySelector('text')!.textContent).toBe('3');
    rerender(<DiagramView document={doc} values={pressure(true)} />);
    expect(text().getAttribute('fill')).toBe('#ee0000');
  });

  it('fills a tank in proportion to the value, clamped to the range', () => {
    const doc = diagram([
      { id: 'up', kind: 'level', x: 0, y: 0, width: 40, height: 100, binding: bind('ai'), min: 0, max: 200 },
      {
        id: 'across',
        kind: 'level',
        x: 0,
        y: 0,
        width: 100,
        height: 40,
        binding: bind('ai'),
        min: 0,
        max: 200,
        orientation: 'horizontal',
      },
    ]);
    const fill = (id: string, attr: 'height' | 'width') =>
      Number(widget(id).querySelector('.diagram-level-fill')!.getAttribute(attr));
    const { rerender } = render(
      <DiagramView document={doc} values={valuesOf({ ai: [reading({ value: 200 })] })} />,
    );
    const fullHeight = fill('up', 'height');
    const fullWidth = fill('across', 'width');
    expect(fullHeight).toBeGreaterThan(90);
    const show = (value: number) =>
      rerender(<DiagramView document={doc} values={valuesOf({ ai: [reading({ value })] })} />);
    show(50);
    expect(fill('up', 'height')).toBeCloseTo(fullHeight * 0.25);
    expect(fill('across', 'width')).toBeCloseTo(fullWidth * 0.25);
    expect(body('up').getAttribute('data-fraction')).toBe('0.25');
    show(250); // past max
    expect(fill('up', 'height')).toBeCloseTo(fullHeight);
    show(-10); // below min
    expect(fill('up', 'height')).toBe(0);
    expect(fill('across', 'width')).toBe(0);
  });

  it('turns the gauge needle with the value, clamped to the sweep', () => {
    const doc = diagram([{ id: 'g', kind: 'gauge', ...frame, binding: bind('ao'), min: 0, max: 100 }]);
    const needle = () => widget('g').querySelector('.diagram-gauge-needle')!.getAttribute('transform');
    const { rerender } = render(
      <DiagramView document={doc} values={valuesOf({ ao: [reading({ value: 50 })] })} />,
    );
    expect(needle()).toBe('rotate(0 40 20)');
    rerender(<DiagramView document={doc} values={valuesOf({ ao: [reading({ value: 150 })] })} />);
    expect(needle()).toBe('rotate(135 40 20)');
    rerender(<DiagramView document={doc} values={valuesOf({ ao: [reading({ value: -5 })] })} />);
    expect(needle()).toBe('rotate(-135 40 20)');
  });

  it('animates a pipe only while its flow is on or above the threshold', () => {
    const pipe = (id: string, flow: ReturnType<typeof bind> | null, threshold = 0): WidgetInput => ({
      id,
      kind: 'pipe',
      x: 0,
      y: 0,
      width: 200,
      height: 10,
      points: [
        { x: 0, y: 5 },
        { x: 200, y: 5 },
      ],
      flow,
      threshold,
    });
    const doc = diagram([pipe('digital', bind('do')), pipe('analog', bind('ai'), 10), pipe('none', null)]);
    const animated = (id: string) => widget(id).querySelector('.diagram-pipe-flow') !== null;
    const show = (on: boolean, value: number) =>
      valuesOf({ do: [reading({ on })], ai: [reading({ value })] });
    const { rerender } = render(<DiagramView document={doc} values={show(true, 10.5)} />);
    expect([animated('digital'), animated('analog'), animated('none')]).toEqual([true, true, false]);
    expect(widget('digital').querySelector('.diagram-pipe-flow')!.getAttribute('stroke-dasharray')).toBe(
      '12 12',
    );
    rerender(<DiagramView document={doc} values={show(false, 10)} />);
    expect([animated('digital'), animated('analog')]).toEqual([false, false]);
  });

  it('shows an equipment online, offline or in alarm', () => {
    const doc = diagram([{ id: 's', kind: 'status', ...frame, binding: { equipmentId: 7, channel: null } }]);
    const { rerender } = render(<DiagramView document={doc} values={valuesOf({}, { online: true })} />);
    expect(body('s').getAttribute('data-status')).toBe('online');
    expect(widget('s').textContent).toContain('Online');
    expect(widget('s').querySelector('title')!.textContent).toBe('Pump house: Online');
    rerender(<DiagramView document={doc} values={valuesOf({}, { online: true, alarm: true })} />);
    expect(body('s').getAttribute('data-status')).toBe('alarm');
    expect(widget('s').textContent).toContain('Alarm');
    rerender(<DiagramView document={doc} values={valuesOf({}, { online: false, alarm: true })} />);
    expect(body('s').getAttribute('data-status')).toBe('offline');
    expect(widget('s').textContent).toContain('Offline');
  });

  it('greys widgets of equipment the values do not know and shows —', () => {
    const doc = diagram([
      { id: 'v', kind: 'value', ...frame, binding: bind('ai', 1, 99) },
      { id: 's', kind: 'status', ...frame, binding: { equipmentId: 99, channel: null } },
      { id: 'sw', kind: 'switch', ...frame, binding: bind('do', 1, 99), label: 'Fan' },
      { id: 'known', kind: 'value', ...frame, binding: bind('ai') },
    ]);
    const onOperate = vi.fn();
    render(
      <DiagramView document={doc} values={valuesOf({ ai: [reading({ value: 1 })] })} onOperate={onOperate} />,
    );
    for (const id of ['v', 's', 'sw']) {
      expect(widget(id).getAttribute('class')).toBe('diagram-unknown');
      expect(widget(id).textContent).toContain('—');
    }
    expect(widget('v').querySelector('title')!.textContent).toMatch(/Not available/);
    expect(widget('known').getAttribute('class')).toBeNull();
    const fan = screen.getByRole('button', { name: /^Fan: Not available/ });
    fireEvent.click(fan);
    expect(onOperate).not.toHaveBeenCalled();
  });

  it('draws text as text, markup included', () => {
    render(
      <DiagramView
        document={diagram([
          { id: 't', kind: 'text', ...frame, text: '<b>Pump house</b>\n<img src=x onerror=alert(1)>' },
        ])}
        values={new Map()}
      />,
    );
    expect(screen.getByText('<b>Pump house</b>')).toBeTruthy();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('b, img')).toBeNull();
  });

  it('draws pictures only from addresses the document format allows', () => {
    const doc = diagram([
      { id: 'ok', kind: 'image', ...frame, src: '/api/v1/pictures/3', fit: 'cover' },
      { id: 'bad', kind: 'image', ...frame, src: '' },
    ]);
    // A document the page did not parse may carry any address.
    const unparsed: DiagramDocument = {
      ...doc,
      widgets: doc.widgets.map((w) =>
        w.kind === 'image' && w.id === 'bad' ? { ...w, src: 'javascript:alert(1)' } : w,
      ),
    };
    render(<DiagramView document={unparsed} values={new Map()} />);
    const image = widget('ok').querySelector('image')!;
    expect(image.getAttribute('href')).toBe('/api/v1/pictures/3');
    expect(image.getAttribute('preserveAspectRatio')).toBe('xMidYMid slice');
    expect(widget('bad').querySelector('image')).toBeNull();
  });

  it('draws a trend of the values seen since it opened', () => {
    const doc = diagram([{ id: 'tr', kind: 'trend', ...frame, binding: bind('ai'), minutes: 10 }]);
    let clock = 0;
    const now = () => clock;
    const show = (value: number) => valuesOf({ ai: [reading({ value })] });
    const { rerender } = render(<DiagramView document={doc} values={show(1)} now={now} />);
    for (const [at, value] of [
      [60_000, 3],
      [120_000, 2],
    ] as const) {
      clock = at;
      act(() => rerender(<DiagramView document={doc} values={show(value)} now={now} />));
    }
    expect(body('tr').getAttribute('data-samples')).toBe('3');
    const points = widget('tr').querySelector('polyline')!.getAttribute('points')!.split(' ');
    expect(points).toHaveLength(3);
    // The newest at the right edge; the highest value at the top.
    expect(points[2]!.startsWith('80.00,')).toBe(true);
    expect(points[1]).toBe(`${(80 * (1 - 60_000 / 600_000)).toFixed(2)},4.00`);
  });
});

describe('diagram view: operations', () => {
  const switchDoc = diagram([{ id: 'p', kind: 'switch', ...frame, binding: bind('do', 3), label: 'Pump 1' }]);
  const relay = (on: boolean) => valuesOf({ do: [undefined, undefined, reading({ on, name: 'Relay 3' })] });

  it('asks to close a switch that is on and to open one that is off', () => {
    const operations: DiagramOperation[] = [];
    const onOperate = (op: DiagramOperation) => operations.push(op);
    const { rerender } = render(
      <DiagramView document={switchDoc} values={relay(true)} onOperate={onOperate} />,
    );
    const button = screen.getByRole('button', { name: 'Pump 1: On' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    rerender(<DiagramView document={switchDoc} values={relay(false)} onOperate={onOperate} />);
    const off = screen.getByRole('button', { name: 'Pump 1: Off' });
    expect(off.getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(off, { key: 'Enter' });
    expect(operations).toEqual([
      { binding: bind('do', 3), action: 'close' },
      { binding: bind('do', 3), action: 'open' },
    ]);
  });

  it('names a switch without a label by its channel', () => {
    const doc = diagram([{ id: 'p', kind: 'switch', ...frame, binding: bind('do', 3) }]);
    render(<DiagramView document={doc} values={relay(false)} onOperate={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Relay 3: Off' })).toBeTruthy();
  });

  it('operates nothing when not interactive or without a handler', () => {
    const onOperate = vi.fn();
    const { rerender } = render(
      <DiagramView document={switchDoc} values={relay(true)} onOperate={onOperate} interactive={false} />,
    );
    const button = screen.getByRole('button', { name: 'Pump 1: On' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('tabindex')).toBeNull();
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: ' ' });
    rerender(<DiagramView document={switchDoc} values={relay(true)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pump 1: On' }));
    expect(onOperate).not.toHaveBeenCalled();
  });

  it('operates nothing of equipment the user may only read', () => {
    const onOperate = vi.fn();
    const readOnly: DiagramValues = new Map([
      [
        7,
        fixedEquipment({ operable: false, channels: { do: [undefined, undefined, reading({ on: false })] } }),
      ],
    ]);
    render(<DiagramView document={switchDoc} values={readOnly} onOperate={onOperate} />);
    const button = screen.getByRole('button', { name: 'Pump 1: Off' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onOperate).not.toHaveBeenCalled();
  });

  it('steps a setpoint within the output’s limits, unclamped without them', () => {
    const doc = diagram([{ id: 'sp', kind: 'setpoint', ...frame, binding: bind('ao'), step: 1 }]);
    const onOperate = vi.fn();
    const ao = (r: Partial<ChannelReading>) => valuesOf({ ao: [reading({ name: 'Valve', ...r })] });
    const { rerender } = render(
      <DiagramView document={doc} values={ao({ value: 99.5, min: 0, max: 100 })} onOperate={onOperate} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raise Valve by 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Lower Valve by 1' }));
    expect(onOperate.mock.calls).toEqual([
      [{ binding: bind('ao'), action: 'write', value: 100 }],
      [{ binding: bind('ao'), action: 'write', value: 98.5 }],
    ]);
    // At the top: + asks nothing.
    rerender(
      <DiagramView document={doc} values={ao({ value: 100, min: 0, max: 100 })} onOperate={onOperate} />,
    );
    const raise = screen.getByRole('button', { name: 'Raise Valve by 1' });
    expect(raise.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(raise);
    expect(onOperate).toHaveBeenCalledTimes(2);
    rerender(<DiagramView document={doc} values={ao({ value: 150 })} onOperate={onOperate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Raise Valve by 1' }));
    expect(onOperate).toHaveBeenLastCalledWith({ binding: bind('ao'), action: 'write', value: 151 });
    rerender(
      <DiagramView document={doc} values={ao({ value: 150 })} onOperate={onOperate} interactive={false} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raise Valve by 1' }));
    expect(onOperate).toHaveBeenCalledTimes(3);
  });
});

describe('diagram view: languages', () => {
  it('speaks Chinese by default words', () => {
    setLanguage('zh');
    render(
      <DiagramView
        document={diagram([
          { id: 's', kind: 'status', ...frame, binding: { equipmentId: 7, channel: null } },
        ])}
        values={valuesOf({}, { online: false })}
      />,
    );
    expect(widget('s').textContent).toContain('离线');
    expect(document.querySelector('svg')!.getAttribute('aria-label')).toBe('组态图');
  });
});
