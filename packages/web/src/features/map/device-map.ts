/**
 * The map itself, drawn with Leaflet and no tiles: a plain background, a latitude/longitude grid
 * redrawn as the view moves, and one dot per device in its status colour (on one canvas, so
 * thousands stay smooth), its tooltip naming it (and the slave address it does not answer at).
 * Devices standing on one spot are fanned out around it. Leaflet and its CSS are loaded on first
 * use, so neither is in the initial bundle.
 */
import type * as Leaflet from 'leaflet';
import { colourDot, element } from '../../components/dom';
import { historyTarget, monitoringTarget } from '../../equipment/links';
import { bySpot, fanOffsets } from './gps';
import type { Placed, Position } from './gps';
import { drawGrid, tilelessMapOptions } from './map-grid';

type LeafletModule = typeof Leaflet;

let loading: Promise<LeafletModule> | null = null;

export function loadLeaflet(): Promise<LeafletModule> {
  loading ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(
    ([mod]) => (mod as LeafletModule & { default?: LeafletModule }).default ?? mod,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** jsdom cannot lay out a map: it is not drawn there. */
export const canDrawMap = (): boolean =>
  typeof window !== 'undefined' && !/jsdom/i.test(window.navigator.userAgent);

export type DeviceStatus = 'online' | 'offline' | 'alarm';

export const STATUS_COLOURS: Readonly<Record<DeviceStatus, string>> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#f5222d',
};

export interface MapDevice {
  readonly id: number;
  readonly name: string;
  readonly status: DeviceStatus;
  /** The slave address it does not answer at while online (its link up, the board silent). */
  readonly unanswered?: number | undefined;
}

export interface PopupText {
  readonly status: (status: DeviceStatus) => string;
  /** 'Does not answer at address N'. */
  readonly unanswered: (address: number) => string;
  readonly openMonitoring: string;
  readonly openHistory: string;
}

const FAN_SPACING_PX = 18;

/** The colour of the silent state's words (the tree's warning). */
const UNANSWERED_COLOUR = '#d48806';

/**
 * A device's name, and the address it does not answer at, as text (Leaflet would parse a string
 * as HTML).
 */
export function tooltipContent(device: MapDevice, text: PopupText): HTMLElement {
  if (device.unanswered === undefined) return element('span', { text: device.name });
  return element(
    'span',
    {},
    element('span', { text: device.name, className: 'map-tooltip-name' }),
    element('br'),
    element('span', { text: text.unanswered(device.unanswered), style: { color: UNANSWERED_COLOUR } }),
  );
}

function popupContent(device: MapDevice, text: PopupText): HTMLElement {
  const link = (href: string, label: string) => {
    const a = element('a', { text: label, style: { marginRight: '12px' } });
    a.href = href;
    return a;
  };
  return element(
    'div',
    {},
    element('strong', { text: device.name }),
    element('div', {}, colourDot(STATUS_COLOURS[device.status]), text.status(device.status)),
    ...(device.unanswered === undefined
      ? []
      : [element('div', { text: text.unanswered(device.unanswered), style: { color: UNANSWERED_COLOUR } })]),
    element(
      'div',
      { style: { marginTop: '6px' } },
      link(`#${monitoringTarget(device.id)}`, text.openMonitoring),
      link(`#${historyTarget(device.id)}`, text.openHistory),
    ),
  );
}

/**
 * Leaflet 1.9's canvas renderer can lose the handle of a redraw it has asked for (a direct redraw
 * clears it), so removing the map does not cancel that redraw, which then finds the canvas gone
 * and throws. This renderer skips a redraw once its canvas is gone.
 */
function guardedCanvas(L: LeafletModule, options: Leaflet.RendererOptions): Leaflet.Canvas {
  // _redraw and _ctx are Leaflet's own internals (not in its typings).
  const redraw = (L.Canvas.prototype as unknown as { _redraw: (this: unknown) => void })._redraw;
  const Guarded = L.Canvas.extend({
    _redraw(this: { _ctx?: CanvasRenderingContext2D }) {
      if (this._ctx) redraw.call(this);
    },
  }) as unknown as new (options: Leaflet.RendererOptions) => Leaflet.Canvas;
  return new Guarded(options);
}

/**
 * Leaflet 1.9 takes a DOM event handler off by setting its entry in the target's own
 * `_leaflet_events` to null, not by deleting it: the window, which outlives every map, gathers one
 * key (its `resize` handler's) per map ever made, as a big screen's rotating map makes one every
 * turn. The emptied entries are deleted here.
 */
export function forgetRemovedHandlers(target: object): void {
  const events = (target as { _leaflet_events?: Record<string, unknown> })._leaflet_events;
  if (!events) return;
  for (const key of Object.keys(events)) if (events[key] === null) delete events[key];
}

export class DeviceMap {
  readonly #L: LeafletModule;
  readonly #map: Leaflet.Map;
  readonly #grid: Leaflet.LayerGroup;
  readonly #dots: Leaflet.LayerGroup;
  readonly #renderer: Leaflet.Canvas;
  readonly #markers = new Map<number, { marker: Leaflet.CircleMarker; device: MapDevice }>();
  /** Markers fanned out around a spot: where the spot is and how far off in pixels. */
  readonly #fanned: { marker: Leaflet.CircleMarker; spot: Position; dx: number; dy: number }[] = [];
  #text: PopupText;
  #positionsKey = '';

  constructor(L: LeafletModule, element: HTMLElement, text: PopupText) {
    this.#L = L;
    this.#text = text;
    this.#map = L.map(element, {
      ...tilelessMapOptions(L),
      maxZoom: 19,
      renderer: guardedCanvas(L, {}),
    });
    this.#renderer = guardedCanvas(L, { padding: 0.5 });
    this.#grid = L.layerGroup().addTo(this.#map);
    this.#dots = L.layerGroup().addTo(this.#map);
    this.#map.setView([30, 110], 3);
    this.#map.on('moveend', this.#drawGrid, this);
    this.#map.on('zoomend', this.#placeFanned, this);
    this.#drawGrid();
  }

  /** Draws the devices; fits the view to them when their positions changed. */
  show(placed: readonly Placed<MapDevice>[], text: PopupText): void {
    // Another language: the tooltips that say more than a name are written again.
    const retell = text !== this.#text;
    this.#text = text;
    const key = placed
      .map((p) => `${p.item.id}@${p.position.lat},${p.position.lng}`)
      .sort()
      .join(';');
    if (key === this.#positionsKey) {
      for (const { item } of placed) this.#update(item, retell);
      return;
    }
    this.#positionsKey = key;
    this.#dots.clearLayers();
    this.#markers.clear();
    this.#fanned.length = 0;
    for (const spot of bySpot(placed)) {
      const offsets = fanOffsets(spot.length, FAN_SPACING_PX);
      const centre = spot[0]!.position;
      if (spot.length > 1) {
        this.#L
          .circleMarker([centre.lat, centre.lng], {
            renderer: this.#renderer,
            radius: 3,
            color: '#595959',
            weight: 1,
            fillOpacity: 1,
            interactive: false,
          })
          .addTo(this.#dots);
      }
      spot.forEach(({ item }, i) => {
        const marker = this.#L.circleMarker([centre.lat, centre.lng], {
          renderer: this.#renderer,
          radius: 7,
          color: '#ffffff',
          weight: 2,
          fillColor: STATUS_COLOURS[item.status],
          fillOpacity: 1,
        });
        marker.bindTooltip(tooltipContent(item, this.#text), { direction: 'top', offset: [0, -6] });
        marker.bindPopup(() => popupContent(this.#markers.get(item.id)?.device ?? item, this.#text));
        marker.addTo(this.#dots);
        this.#markers.set(item.id, { marker, device: item });
        const { x, y } = offsets[i]!;
        if (x !== 0 || y !== 0) this.#fanned.push({ marker, spot: centre, dx: x, dy: y });
      });
    }
    this.#fit(placed.map((p) => p.position));
  }

  /** Follows the box's size (the page's layout changed). */
  resize(): void {
    this.#map.invalidateSize();
  }

  /**
   * Removes the map. A zoom animation still running ends on Leaflet's timer, which reads panes
   * that remove() deletes: it is ended here first, while they are still there.
   */
  destroy(): void {
    const map = this.#map;
    map.off('moveend', this.#drawGrid, this);
    map.off('zoomend', this.#placeFanned, this);
    map.stop();
    // Leaflet keeps no public handle on a zoom animation; these are its own names (1.9).
    const zooming = map as unknown as { _animatingZoom?: boolean; _onZoomTransitionEnd?: () => void };
    if (zooming._animatingZoom) zooming._onZoomTransitionEnd?.call(map);
    map.remove();
    forgetRemovedHandlers(window);
  }

  #update(device: MapDevice, retell: boolean): void {
    const entry = this.#markers.get(device.id);
    if (!entry) return;
    if (entry.device.status !== device.status) {
      entry.marker.setStyle({ fillColor: STATUS_COLOURS[device.status] });
    }
    if (
      entry.device.name !== device.name ||
      entry.device.unanswered !== device.unanswered ||
      (retell && device.unanswered !== undefined)
    ) {
      entry.marker.setTooltipContent(tooltipContent(device, this.#text));
    }
    entry.device = device;
  }

  #fit(positions: readonly Position[]): void {
    if (positions.length === 0) return;
    const bounds = this.#L.latLngBounds(positions.map((p) => [p.lat, p.lng] as [number, number]));
    if (bounds.getNorthEast().equals(bounds.getSouthWest())) {
      this.#map.setView(bounds.getCenter(), 12);
    } else {
      this.#map.fitBounds(bounds, { padding: [48, 48], maxZoom: 14 });
    }
    this.#placeFanned();
  }

  #placeFanned(): void {
    for (const f of this.#fanned) {
      const point = this.#map.latLngToLayerPoint([f.spot.lat, f.spot.lng]).add([f.dx, f.dy]);
      f.marker.setLatLng(this.#map.layerPointToLatLng(point));
    }
  }

  #drawGrid(): void {
    drawGrid(this.#L, this.#map, this.#grid);
  }
}
