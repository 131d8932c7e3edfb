/**
 * A Leaflet map of the console's own (the monitoring map, the info tab's small map) in a box of a
 * component: made once Leaflet has loaded (never under jsdom, which cannot lay a map out), resized
 * with its box, and destroyed with the component.
 */
import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { canDrawMap, loadLeaflet } from './device-map';

export interface OwnMap {
  resize(): void;
  destroy(): void;
}

/**
 * `create` makes the map in the box (called once, as the component first shows); `state` is
 * 'loading' until then (and for good where no map is drawn), 'failed' when Leaflet did not load.
 */
export function useLeafletMap<M extends OwnMap>(
  box: RefObject<HTMLElement | null>,
  create: (L: typeof Leaflet, element: HTMLElement) => M,
): { readonly map: RefObject<M | null>; readonly state: 'loading' | 'ready' | 'failed' } {
  const map = useRef<M | null>(null);
  const make = useRef(create);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (!canDrawMap()) return undefined;
    let gone = false;
    let observer: ResizeObserver | null = null;
    loadLeaflet().then(
      (L) => {
        if (gone || !box.current) return;
        map.current = make.current(L, box.current);
        observer = new ResizeObserver(() => map.current?.resize());
        observer.observe(box.current);
        setState('ready');
      },
      () => {
        if (!gone) setState('failed');
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      map.current?.destroy();
      map.current = null;
    };
  }, [box]);

  return { map, state };
}
