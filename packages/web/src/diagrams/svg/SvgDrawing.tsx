/**
 * The imported SVG of a diagram, drawn under the widgets with its element bindings applied
 * (load.ts, bound-elements.ts). When `onPick` is given, clicking an element of the drawing that
 * has an id (or lies inside one that has) reports that id as the drawing gave it, and the
 * element under the pointer and the picked one are outlined. A drawing that cannot be read is
 * drawn as a picture, without its bindings.
 */
import type { ElementBinding } from '@fieldlink/protocol';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DiagramValues } from '../values';
import { BoundElements } from './bound-elements';
import type { OnOffWords } from './element-rules';
import { drawingText, importDrawing } from './load';
import type { Fetcher, ImportedDrawing } from './load';
import { ORIGINAL_ID, SCOPE_ATTRIBUTE } from './namespace';
import { outlineOf } from './outline';
import type { Box } from './outline';

export interface SvgDrawingProps {
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly bindings: readonly ElementBinding[];
  readonly values: DiagramValues;
  readonly words: OnOffWords & { readonly picture: string };
  readonly onPick?: (id: string) => void;
  readonly picked?: string | null;
  /** Reads a same-site drawing (tests pass their own). */
  readonly fetcher?: Fetcher;
}

type Loaded = { readonly src: string; readonly drawing: ImportedDrawing | null };

export default function SvgDrawing({
  src,
  width,
  height,
  bindings,
  values,
  words,
  onPick,
  picked = null,
  fetcher,
}: SvgDrawingProps) {
  const holder = useRef<SVGGElement>(null);
  const scope = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [outlines, setOutlines] = useState<{ hovered: Box | null; picked: Box | null }>({
    hovered: null,
    picked: null,
  });

  useEffect(() => {
    const page = globalThis.document;
    const controller = new AbortController();
    drawingText(src, page.location.origin, controller.signal, fetcher).then(
      (text) => {
        const drawing =
          text === null ? null : importDrawing(text, page, { prefix: `${scope}-`, scope, width, height });
        setLoaded({ src, drawing });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [src, fetcher, scope, width, height]);

  const drawing = loaded?.src === src ? loaded.drawing : undefined;

  useLayoutEffect(() => {
    const g = holder.current;
    if (!g || !drawing) return;
    g.replaceChildren(drawing.root);
    return () => drawing.root.remove();
  }, [drawing]);

  const bound = useMemo(() => (drawing ? new BoundElements(drawing.ids) : null), [drawing]);
  useLayoutEffect(() => {
    bound?.apply(bindings, values, words);
  }, [bound, bindings, values, words]);

  // The outlines follow the elements (a value may change a text's size).
  useLayoutEffect(() => {
    if (!drawing || !onPick) return;
    const canvas = holder.current?.ownerSVGElement ?? null;
    const box = (id: string | null) => {
      const element = id === null ? undefined : drawing.ids.get(id);
      return element && canvas ? outlineOf(element, canvas) : null;
    };
    const next = { hovered: hovered === picked ? null : box(hovered), picked: box(picked) };
    setOutlines((before) => (sameBoxes(before, next) ? before : next));
  }, [drawing, onPick, hovered, picked, values, bindings]);

  useEffect(() => {
    if (!drawing) return;
    for (const element of drawing.root.querySelectorAll('.diagram-svg-picked')) {
      element.classList.remove('diagram-svg-picked');
    }
    const element = picked === null ? undefined : drawing.ids.get(picked);
    element?.classList.add('diagram-svg-picked');
  }, [drawing, picked]);

  const idAt = (target: EventTarget | null): string | null => {
    const g = holder.current;
    if (!(target instanceof Element) || !g) return null;
    const found = target.closest(`[${ORIGINAL_ID}]`);
    return found && g.contains(found) ? found.getAttribute(ORIGINAL_ID) : null;
  };

  if (drawing === null) {
    return <image href={src} width={width} height={height} aria-label={words.picture} />;
  }
  return (
    <>
      <g
        ref={holder}
        className={onPick ? 'diagram-svg diagram-svg-picking' : 'diagram-svg'}
        {...{ [SCOPE_ATTRIBUTE]: scope }}
        data-testid="diagram-svg"
        onClick={
          onPick
            ? (event) => {
                const id = idAt(event.target);
                if (id === null) return;
                event.stopPropagation();
                onPick(id);
              }
            : undefined
        }
        onPointerOver={onPick ? (event) => setHovered(idAt(event.target)) : undefined}
        onPointerLeave={onPick ? () => setHovered(null) : undefined}
      />
      {onPick && outlines.hovered && <Outline box={outlines.hovered} kind="hovered" />}
      {onPick && outlines.picked && <Outline box={outlines.picked} kind="picked" />}
    </>
  );
}

function sameBoxes(
  a: { hovered: Box | null; picked: Box | null },
  b: { hovered: Box | null; picked: Box | null },
): boolean {
  const same = (x: Box | null, y: Box | null) =>
    x === y || (!!x && !!y && x.x === y.x && x.y === y.y && x.width === y.width && x.height === y.height);
  return same(a.hovered, b.hovered) && same(a.picked, b.picked);
}

function Outline({ box, kind }: { readonly box: Box; readonly kind: 'hovered' | 'picked' }) {
  return (
    <rect
      className={`diagram-svg-outline diagram-svg-outline-${kind}`}
      x={box.x - 3}
      y={box.y - 3}
      width={box.width + 6}
      height={box.height + 6}
      fill="none"
      stroke={kind === 'picked' ? '#1677ff' : '#69b1ff'}
      strokeWidth={2}
      strokeDasharray={kind === 'picked' ? '6 3' : '3 3'}
      vectorEffect="non-scaling-stroke"
      pointerEvents="none"
    />
  );
}
