/**
 * The editor's canvas: the diagram drawn by the console's own view (DiagramView, with the values
 * the console holds, nothing operable) at the viewport's zoom inside a scrolling area, and the
 * editor's overlay stacked on it with the same viewBox (SelectionOverlay). The pointer and drops
 * from the palette are handled here.
 */
import type { WidgetKind } from '@fieldlink/protocol';
import type { DragEvent, RefObject } from 'react';
import { diagramEquipment } from '@fieldlink/protocol';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DiagramView, useDiagramValues } from '../../../diagrams';
import { readIfStale } from '../../../live/service';
import { viewDocument } from './draft';
import type { DraftDocument } from './draft';
import type { Point } from './geometry';
import SelectionOverlay from './SelectionOverlay';
import type { useCanvasPointer } from './use-canvas-pointer';
import { MARGIN } from './use-viewport';
import type { Viewport } from './use-viewport';
import { WIDGET_DRAG_TYPE } from './WidgetPalette';
import { WIDGET_KINDS } from './widget-kinds';

interface Props {
  readonly doc: DraftDocument;
  readonly selection: readonly string[];
  readonly viewport: Viewport;
  readonly pointer: ReturnType<typeof useCanvasPointer>;
  readonly spaceDown: boolean;
  /** The element holding the drawing (for the preview picture). */
  readonly drawing: RefObject<HTMLDivElement | null>;
  /** Adds a widget of `kind` centred at a canvas point. */
  readonly onAdd: (kind: WidgetKind, at: Point) => void;
  /**
   * Picking the imported SVG's elements (the SVG panel is open): clicks go to the drawing, the
   * widgets are left alone.
   */
  readonly svgPick?: { readonly picked: string | null; readonly onPick: (id: string) => void } | null;
}

const isKind = (value: string): value is WidgetKind => (WIDGET_KINDS as readonly string[]).includes(value);

export default function EditorCanvas({
  doc,
  selection,
  viewport,
  pointer,
  spaceDown,
  drawing,
  onAdd,
  svgPick = null,
}: Props) {
  const { t } = useTranslation();
  const view = useMemo(() => viewDocument(doc), [doc]);
  const values = useDiagramValues(view);
  // The widgets show their equipment's values while edited: each is read once when it is bound.
  const equipment = diagramEquipment(view).join(',');
  useEffect(() => {
    for (const id of equipment.split(',')) if (Number(id) > 0) readIfStale(Number(id));
  }, [equipment]);
  const { width, height } = doc.canvas;
  const z = viewport.zoom;
  const onDragOver = (event: DragEvent): void => {
    if (event.dataTransfer.types.includes(WIDGET_DRAG_TYPE)) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (event: DragEvent): void => {
    const kind = event.dataTransfer.getData(WIDGET_DRAG_TYPE);
    if (!isKind(kind)) return;
    event.preventDefault();
    onAdd(kind, viewport.toCanvas({ x: event.clientX, y: event.clientY }));
  };
  const cursor = pointer.panning ? 'grabbing' : spaceDown ? 'grab' : undefined;
  return (
    <div
      ref={viewport.scroller}
      className="diagram-editor-scroller"
      data-testid="diagram-editor-canvas"
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <div
        className="diagram-editor-stage"
        style={{ width: width * z + 2 * MARGIN, height: height * z + 2 * MARGIN, cursor }}
        {...(svgPick ? {} : pointer.handlers)}
      >
        <div
          ref={drawing}
          className="diagram-editor-paper"
          style={{ left: MARGIN, top: MARGIN, width: width * z, height: height * z }}
        >
          <DiagramView
            document={view}
            values={values}
            interactive={false}
            showGrid={doc.canvas.grid.visible}
            label={t('diagramEditor.canvas.drawing')}
            {...(svgPick ? { onPickSvgElement: svgPick.onPick, pickedSvgElement: svgPick.picked } : {})}
          />
          {!svgPick && <SelectionOverlay doc={doc} selection={selection} zoom={z} band={pointer.band} />}
        </div>
      </div>
    </div>
  );
}
