/**
 * A configuration diagram drawn as one SVG: the canvas (its colour, its picture, the imported SVG
 * drawing, the grid when asked) scaled to fit the container, and the widgets on it by layer then
 * document order, hidden ones left out, each turned around its centre. Pure: it draws the
 * document with the values it is given and asks `onOperate` for operations; it reads and sends
 * nothing itself. All text the document or the equipment carries is drawn as React text.
 *
 * The imported SVG is drawn under the widgets as part of the page (svg/SvgDrawing.tsx: fetched,
 * parsed, cleaned again, its ids kept to itself) with its element bindings applied on every change
 * of the values; one that cannot be read so is drawn as a picture, without its bindings.
 */
import type { Binding, DiagramDocument, ElementBinding, Widget } from '@fieldlink/protocol';
import { memo, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import type { MouseEvent } from 'react';
import { drawOrder, pictureAllowed } from './readouts';
import { knows, readingOf } from './values';
import type { ChannelReading, DiagramValues, EquipmentValues } from './values';
import GaugeWidget from './widgets/GaugeWidget';
import ImageWidget from './widgets/ImageWidget';
import LampWidget from './widgets/LampWidget';
import LevelWidget from './widgets/LevelWidget';
import PipeWidget from './widgets/PipeWidget';
import SetpointWidget from './widgets/SetpointWidget';
import StatusWidget from './widgets/StatusWidget';
import SwitchWidget from './widgets/SwitchWidget';
import TextWidget from './widgets/TextWidget';
import TrendWidget from './widgets/TrendWidget';
import ValueWidget from './widgets/ValueWidget';
import SvgDrawing from './svg/SvgDrawing';
import type { Operate, ViewWords } from './widgets/types';
import { useViewWords } from './words';
import './diagrams.css';

export type { DiagramOperation, Operate } from './widgets/types';

export interface DiagramViewProps {
  readonly document: DiagramDocument;
  readonly values: DiagramValues;
  /**
   * Carries out a switch's open/close or a setpoint's write; without it nothing is operable, nor
   * are the widgets of equipment the user may not operate (EquipmentValues.operable).
   */
  readonly onOperate?: Operate;
  /** False: nothing is operable, whatever `onOperate` (an editor's preview). Default true. */
  readonly interactive?: boolean;
  /** The widget drawn with a selection frame. */
  readonly selectedId?: string | null;
  /** Called with a widget's id when it is clicked, and with null for the canvas. */
  readonly onSelectWidget?: (id: string | null) => void;
  /** Draws the document's grid (canvas.grid.size) over the background. Default false. */
  readonly showGrid?: boolean;
  /** The drawing's accessible name; 'Configuration diagram' by default. */
  readonly label?: string;
  /** The clock of the trends' samples. */
  readonly now?: () => number;
  /**
   * Makes the imported SVG's elements pickable: a click on an element with an id (or inside one)
   * reports that id as the drawing gave it; the element under the pointer is outlined.
   */
  readonly onPickSvgElement?: (id: string) => void;
  /** The imported SVG's element (by its original id) drawn outlined as picked. */
  readonly pickedSvgElement?: string | null;
}

/** A callback whose identity stays while the one it calls changes (memoised widgets keep it). */
function useStable<A extends unknown[]>(fn: ((...args: A) => void) | undefined): (...args: A) => void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current?.(...args), []);
}

interface PlacedProps {
  readonly widget: Widget;
  readonly reading: ChannelReading | undefined;
  readonly equipment: EquipmentValues | undefined;
  /** Whether the values know the equipment the widget is bound to (true when it has none). */
  readonly known: boolean;
  /** Trends only: they read their own series (other widgets would redraw on every push). */
  readonly values: DiagramValues | undefined;
  readonly words: ViewWords;
  readonly operate: Operate | undefined;
  readonly selected: boolean;
  readonly onSelect: ((id: string) => void) | undefined;
  readonly now: () => number;
}

function WidgetBody({ widget, reading, equipment, known, values, words, operate, now }: PlacedProps) {
  switch (widget.kind) {
    case 'switch':
      return <SwitchWidget widget={widget} reading={reading} known={known} words={words} operate={operate} />;
    case 'lamp':
      return <LampWidget widget={widget} reading={reading} known={known} words={words} />;
    case 'value':
      return <ValueWidget widget={widget} reading={reading} known={known} words={words} />;
    case 'gauge':
      return <GaugeWidget widget={widget} reading={reading} known={known} words={words} />;
    case 'level':
      return <LevelWidget widget={widget} reading={reading} known={known} words={words} />;
    case 'trend':
      return (
        <TrendWidget widget={widget} values={values ?? NO_VALUES} known={known} words={words} now={now} />
      );
    case 'setpoint':
      return (
        <SetpointWidget widget={widget} reading={reading} known={known} words={words} operate={operate} />
      );
    case 'text':
      return <TextWidget widget={widget} />;
    case 'image':
      return <ImageWidget widget={widget} words={words} />;
    case 'pipe':
      return <PipeWidget widget={widget} flow={reading} />;
    case 'status':
      return <StatusWidget widget={widget} equipment={equipment} words={words} />;
  }
}

const NO_VALUES: DiagramValues = new Map();
const NO_BINDINGS: readonly ElementBinding[] = [];

const Placed = memo(function Placed(props: PlacedProps) {
  const { widget, known, selected, onSelect } = props;
  const { id, x, y, width, height, rotation } = widget;
  const transform = `translate(${x} ${y})${rotation ? ` rotate(${rotation} ${width / 2} ${height / 2})` : ''}`;
  const select = onSelect
    ? (event: MouseEvent) => {
        event.stopPropagation();
        onSelect(id);
      }
    : undefined;
  return (
    <g
      transform={transform}
      data-widget={id}
      data-kind={widget.kind}
      data-unknown={known ? undefined : true}
      className={known ? undefined : 'diagram-unknown'}
      onClick={select}
    >
      <WidgetBody {...props} />
      {selected && (
        <rect
          className="diagram-selection"
          x={-2}
          y={-2}
          width={width + 4}
          height={height + 4}
          fill="none"
          stroke="#1677ff"
          strokeDasharray="6 3"
          vectorEffect="non-scaling-stroke"
          pointerEvents="none"
        />
      )}
    </g>
  );
});

/** The binding whose equipment decides whether a widget is known (a pipe's flow, if any). */
function boundTo(widget: Widget): Binding | null {
  if (widget.kind === 'pipe') return widget.flow;
  return 'binding' in widget ? widget.binding : null;
}

export default function DiagramView({
  document,
  values,
  onOperate,
  interactive = true,
  selectedId = null,
  onSelectWidget,
  showGrid = false,
  label,
  now = Date.now,
  onPickSvgElement,
  pickedSvgElement = null,
}: DiagramViewProps) {
  const words = useViewWords();
  const order = useMemo(() => drawOrder(document.widgets), [document.widgets]);
  const operateStable = useStable(onOperate);
  const selectStable = useStable(onSelectWidget);
  const operate = interactive && onOperate ? operateStable : undefined;
  const onSelect = onSelectWidget ? selectStable : undefined;
  // useId's characters are not all welcome in a url(#…) reference.
  const gridId = `diagram-grid-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { width, height, background, grid } = document.canvas;
  const svgSrc = document.svg?.src ?? '';
  const svgBindings = document.svg?.bindings ?? NO_BINDINGS;
  const pickStable = useStable(onPickSvgElement);

  return (
    <svg
      className="diagram-view"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      role="group"
      aria-label={label ?? words.title}
      onClick={onSelect ? () => onSelect(null) : undefined}
    >
      <rect width={width} height={height} fill={background.color} />
      {pictureAllowed(background.image) && (
        <image href={background.image} width={width} height={height} preserveAspectRatio="none" />
      )}
      {pictureAllowed(svgSrc) && (
        <SvgDrawing
          src={svgSrc}
          width={width}
          height={height}
          bindings={svgBindings}
          values={values}
          words={words}
          onPick={onPickSvgElement ? pickStable : undefined}
          picked={pickedSvgElement}
        />
      )}
      {showGrid && (
        <>
          <defs>
            <pattern id={gridId} width={grid.size} height={grid.size} patternUnits="userSpaceOnUse">
              <path
                d={`M ${grid.size} 0 L 0 0 0 ${grid.size}`}
                fill="none"
                stroke="#0000001f"
                strokeWidth={1}
              />
            </pattern>
          </defs>
          <rect
            className="diagram-grid"
            width={width}
            height={height}
            fill={`url(#${gridId})`}
            pointerEvents="none"
          />
        </>
      )}
      {order.map((widget) => {
        const binding = boundTo(widget);
        return (
          <Placed
            key={widget.id}
            widget={widget}
            reading={readingOf(values, binding)}
            equipment={binding ? values.get(binding.equipmentId) : undefined}
            known={knows(values, binding)}
            values={widget.kind === 'trend' ? values : undefined}
            words={words}
            operate={binding && values.get(binding.equipmentId)?.operable ? operate : undefined}
            selected={widget.id === selectedId}
            onSelect={onSelect}
            now={now}
          />
        );
      })}
    </svg>
  );
}
