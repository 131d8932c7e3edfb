/**
 * The ids of an SVG drawing's elements, read the way the diagram view reads the drawing
 * (diagrams/svg/load.ts: a picture of this site or a data: SVG); 'unreadable' for one it draws
 * as a plain picture, whose elements cannot be bound.
 */
import { useEffect, useState } from 'react';
import { drawingText } from '../../../diagrams/svg/load';
import type { Fetcher } from '../../../diagrams/svg/load';
import { drawingIds } from './drawing-ids';

export type DrawingIds =
  | { readonly status: 'none' | 'loading' | 'unreadable' }
  | { readonly status: 'ready'; readonly ids: readonly string[] };

export function useDrawingIds(src: string | null, fetcher?: Fetcher): DrawingIds {
  const [read, setRead] = useState<{ readonly src: string; readonly ids: DrawingIds } | null>(null);
  useEffect(() => {
    if (src === null || src === '') return;
    const controller = new AbortController();
    drawingText(src, globalThis.location.origin, controller.signal, fetcher).then(
      (text) => {
        const ids = text === null ? null : drawingIds(text);
        setRead({ src, ids: ids === null ? { status: 'unreadable' } : { status: 'ready', ids } });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [src, fetcher]);
  if (src === null || src === '') return { status: 'none' };
  return read?.src === src ? read.ids : { status: 'loading' };
}
