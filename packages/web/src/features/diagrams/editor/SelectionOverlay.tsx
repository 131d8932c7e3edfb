/**
 * What the editor draws over the diagram, in the canvas's own units (the same viewBox as the
 * view): an invisible shape per shown widget to hit (a pipe by its line), the frames of the chosen
 * widgets, the eight resize handles of one unlocked widget, a pipe's points, widgets still unbound
 * outlined in orange, and the rubber band. Sizes that must look the same at any zoom are divided
 * by it. The canvas handles the pointer; the shapes only carry what was hit (data-hit,
 * data-handle, data-point).
 */
import { memo } from 'react';
import { stacked } from './arrange';
import { isUnbound } from './draft';
import type { DraftDocument, DraftWidget } from './draft';
import { boundsOf, HANDLES } from './geometry';
import type { Box, Handle } from './geometry';

const SELECT = '#1677ff';
const LOCKED = '#8c8c8c';
const UNBOUND = '#fa8c16';

const CURSOR: Record<Handle, string> = {
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  nw: 'nwse-resize',
  se: 'nwse-resize',
};

function handleAt(handle: Handle, w: number, h: number): { x: number; y: number } {
  const x = handle.includes('w') ? 0 : handle.includes('e') ? w : w / 2;
  const y = handle.includes('n') ? 0 : handle.includes('s') ? h : h / 2;
  return { x, y };
}

const placement = (w: DraftWidget): string =>
  `translate(${w.x} ${w.y})${w.rotation ? ` rotate(${w.rotation} ${w.width / 2} ${w.height / 2})` : ''}`;

function HitShape({ widget }: { readonly widget: DraftWidget }) {
  const cursor = widget.locked ? 'default' : 'move';
  if (widget.kind === 'pipe') {
    return (
      <polyline
        data-hit={widget.id}
        points={widget.points.map((p) => `${p.x},${p.y}`).join(' ')}
        fill="none"
        stroke="transparent"
        strokeWidth={Math.max(widget.thickness, 12)}
        strokeLinecap="round"
        strokeLinejoin="round"
        pointerEvents="stroke"
        style={{ cursor }}
      />
    );
  }
  return (
    <rect
      data-hit={widget.id}
      width={widget.width}
      height={widget.height}
      fill="transparent"
      pointerEvents="all"
      style={{ cursor }}
    />
  );
}

interface Props {
  readonly doc: DraftDocument;
  readonly selection: readonly string[];
  readonly zoom: number;
  readonly band: Box | null;
}

export default memo(function SelectionOverlay({ doc, selection, zoom, band }: Props) {
  const { width, height } = doc.canvas;
  const chosen = new Set(selection);
  const order = stacked(doc.widgets);
  const picked = order.filter((w) => chosen.has(w.id));
  const single = picked.length === 1 ? picked[0]! : null;
  const px = 1 / zoom;
  const handle = 8 * px;
  const group = picked.length > 1 ? boundsOf(picked) : null;
  return (
    <svg
      className="diagram-editor-overlay"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      data-testid="diagram-editor-overlay"
    >
      {order
        .filter((w) => !w.hidden)
        .map((w) => (
          <g key={w.id} transform={placement(w)}>
            <HitShape widget={w} />
            {isUnbound(w) && (
              <rect
                width={w.width}
                height={w.height}
                fill="none"
                stroke={UNBOUND}
                strokeDasharray={`${4 * px} ${3 * px}`}
                strokeWidth={1.5 * px}
                pointerEvents="none"
                data-unbound={w.id}
              />
            )}
          </g>
        ))}
      {picked.map((w) => (
        <g key={`frame-${w.id}`} transform={placement(w)} pointerEvents="none">
          <rect
            className="diagram-editor-frame"
            data-selected={w.id}
            x={-px}
            y={-px}
            width={w.width + 2 * px}
            height={w.height + 2 * px}
            fill="none"
            stroke={w.locked ? LOCKED : SELECT}
            strokeWidth={1.5 * px}
            strokeDasharray={w.hidden ? `${6 * px} ${4 * px}` : undefined}
          />
        </g>
      ))}
      {group && (
        <rect
          x={group.x - 4 * px}
          y={group.y - 4 * px}
          width={group.width + 8 * px}
          height={group.height + 8 * px}
          fill="none"
          stroke={SELECT}
          strokeWidth={px}
          strokeDasharray={`${3 * px} ${3 * px}`}
          pointerEvents="none"
        />
      )}
      {single && !single.locked && !single.hidden && (
        <g transform={placement(single)}>
          {single.kind === 'pipe'
            ? single.points.map((p, i) => (
                <circle
                  key={i}
                  data-point={i}
                  data-pipe={single.id}
                  cx={p.x}
                  cy={p.y}
                  r={5 * px}
                  fill="#ffffff"
                  stroke={SELECT}
                  strokeWidth={1.5 * px}
                  style={{ cursor: 'move' }}
                />
              ))
            : HANDLES.map((h) => {
                const at = handleAt(h, single.width, single.height);
                return (
                  <rect
                    key={h}
                    data-handle={h}
                    x={at.x - handle / 2}
                    y={at.y - handle / 2}
                    width={handle}
                    height={handle}
                    fill="#ffffff"
                    stroke={SELECT}
                    strokeWidth={1.5 * px}
                    style={{ cursor: CURSOR[h] }}
                  />
                );
              })}
        </g>
      )}
      {band && (
        <rect
          data-testid="diagram-editor-band"
          x={band.x}
          y={band.y}
          width={band.width}
          height={band.height}
          fill="#1677ff14"
          stroke={SELECT}
          strokeWidth={px}
          pointerEvents="none"
        />
      )}
    </svg>
  );
});
