/**
 * The editor's view of the canvas: a scrolling area (its scrollbars pan) holding the canvas drawn
 * at `zoom` with a margin around it. Zooming keeps a point where it is on screen: the pointer's
 * for Ctrl/⌘ + wheel, the view's centre for the buttons. Fit shows the whole canvas; 100% draws
 * one canvas pixel per screen pixel. Panning by drag (space held, or the middle button) moves the
 * scrollbars.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { CanvasSize, Point } from './geometry';
import { clamp } from './geometry';

export const ZOOM_MIN = 0.05;
export const ZOOM_MAX = 8;
/** The margin around the canvas, in screen pixels. */
export const MARGIN = 48;
const STEP = 1.25;

export interface Viewport {
  readonly zoom: number;
  readonly scroller: RefObject<HTMLDivElement | null>;
  /** Zoom to `zoom`, keeping the canvas point under `client` (screen) where it is. */
  zoomTo(zoom: number, client?: Point): void;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  actual(): void;
  /** The canvas point at a screen point. */
  toCanvas(client: Point): Point;
  /** The canvas point at the centre of what is shown, on the canvas. */
  viewCentre(): Point;
  /** Scrolls by a screen distance (panning). */
  panBy(dx: number, dy: number): void;
}

export function useViewport(canvas: CanvasSize): Viewport {
  const scroller = useRef<HTMLDivElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  /** Where to scroll once the new zoom is drawn: a canvas point and where it must be on screen. */
  const anchor = useRef<{ canvas: Point; screen: Point } | null>(null);

  const toCanvas = useCallback((client: Point): Point => {
    const el = scroller.current;
    if (!el) return { x: 0, y: 0 };
    const box = el.getBoundingClientRect();
    const z = zoomRef.current;
    return {
      x: (client.x - box.left + el.scrollLeft - MARGIN) / z,
      y: (client.y - box.top + el.scrollTop - MARGIN) / z,
    };
  }, []);

  const zoomTo = useCallback(
    (next: number, client?: Point) => {
      const el = scroller.current;
      const z = clamp(next, ZOOM_MIN, ZOOM_MAX);
      if (el) {
        const box = el.getBoundingClientRect();
        const at = client ?? { x: box.left + el.clientWidth / 2, y: box.top + el.clientHeight / 2 };
        anchor.current = { canvas: toCanvas(at), screen: { x: at.x - box.left, y: at.y - box.top } };
      }
      setZoom(z);
    },
    [toCanvas],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    anchor.current = null;
    if (!el || !a) return;
    el.scrollLeft = a.canvas.x * zoom + MARGIN - a.screen.x;
    el.scrollTop = a.canvas.y * zoom + MARGIN - a.screen.y;
  }, [zoom]);

  const fit = useCallback(() => {
    const el = scroller.current;
    // Not laid out (a hidden view, a test): as it is.
    if (!el || el.clientWidth === 0 || el.clientHeight === 0) return;
    const z = Math.min(
      (el.clientWidth - 2 * MARGIN) / canvas.width,
      (el.clientHeight - 2 * MARGIN) / canvas.height,
    );
    anchor.current = null;
    setZoom(clamp(z, ZOOM_MIN, ZOOM_MAX));
    el.scrollLeft = 0;
    el.scrollTop = 0;
  }, [canvas.width, canvas.height]);

  // The whole canvas at first.
  const fitted = useRef(false);
  useLayoutEffect(() => {
    if (fitted.current) return;
    const el = scroller.current;
    if (!el || el.clientWidth === 0) return;
    fitted.current = true;
    fit();
  });

  // Ctrl/⌘ + wheel zooms about the pointer; the browser's own page zoom is held back here.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const onWheel = (event: WheelEvent): void => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002));
      zoomTo(zoomRef.current * factor, { x: event.clientX, y: event.clientY });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomTo]);

  const viewCentre = useCallback((): Point => {
    const el = scroller.current;
    if (!el) return { x: canvas.width / 2, y: canvas.height / 2 };
    const box = el.getBoundingClientRect();
    const c = toCanvas({ x: box.left + el.clientWidth / 2, y: box.top + el.clientHeight / 2 });
    // jsdom and hidden views have no layout: the canvas's centre.
    if (el.clientWidth === 0) return { x: canvas.width / 2, y: canvas.height / 2 };
    return { x: clamp(c.x, 0, canvas.width), y: clamp(c.y, 0, canvas.height) };
  }, [canvas.width, canvas.height, toCanvas]);

  const panBy = useCallback((dx: number, dy: number) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollLeft += dx;
    el.scrollTop += dy;
  }, []);

  return {
    zoom,
    scroller,
    zoomTo,
    zoomIn: useCallback(() => zoomTo(zoomRef.current * STEP), [zoomTo]),
    zoomOut: useCallback(() => zoomTo(zoomRef.current / STEP), [zoomTo]),
    fit,
    actual: useCallback(() => zoomTo(1), [zoomTo]),
    toCanvas,
    viewCentre,
    panBy,
  };
}
