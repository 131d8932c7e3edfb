/**
 * The small map of the info area where the owner places a device: a click on the map or a drag of
 * the marker sets the position. Drawn like the monitoring map (features/map/device-map.ts): Leaflet
 * without tiles, over a latitude/longitude grid, loaded on first use; the marker is a drawn dot
 * (Leaflet's default marker is an image file, which the console does not ship).
 */
import type * as Leaflet from 'leaflet';
import { element } from '../../components/dom';
import type { Position } from '../map/gps';
import { drawGrid, tilelessMapOptions } from '../map/map-grid';
import { roundDegrees } from './info-values';

type LeafletModule = typeof Leaflet;

const MARKER_SIZE = 18;
/** Grid lines at least across the map's (narrower) height. */
const GRID_LINES = 3;
/** Where the view starts when the device has no position yet. */
const WORLD_VIEW: [number, number] = [30, 110];
/** How close the view starts on a placed device. */
const PLACED_ZOOM = 10;

function markerIcon(L: LeafletModule): Leaflet.DivIcon {
  const dot = element('span', {
    style: {
      display: 'block',
      width: `${MARKER_SIZE}px`,
      height: `${MARKER_SIZE}px`,
      borderRadius: '50%',
      background: '#1677ff',
    },
  });
  dot.style.border = '3px solid #ffffff';
  dot.style.boxShadow = '0 0 4px rgba(0, 0, 0, 0.5)';
  dot.style.boxSizing = 'border-box';
  return L.divIcon({
    className: 'fl-location-marker',
    html: dot,
    iconSize: [MARKER_SIZE, MARKER_SIZE],
    iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
  });
}

export class LocationMap {
  readonly #L: LeafletModule;
  readonly #map: Leaflet.Map;
  readonly #grid: Leaflet.LayerGroup;
  readonly #marker: Leaflet.Marker;
  readonly #onPick: (position: Position) => void;
  #editable: boolean;

  constructor(
    L: LeafletModule,
    box: HTMLElement,
    at: Position | null,
    options: { readonly editable: boolean; readonly onPick: (position: Position) => void },
  ) {
    this.#L = L;
    this.#onPick = options.onPick;
    this.#editable = options.editable;
    this.#map = L.map(box, { ...tilelessMapOptions(L), maxZoom: 18 });
    this.#grid = L.layerGroup().addTo(this.#map);
    this.#marker = L.marker(at ? [at.lat, at.lng] : WORLD_VIEW, {
      icon: markerIcon(L),
      draggable: options.editable,
      keyboard: false,
    });
    if (at) this.#marker.addTo(this.#map);
    this.#map.setView(at ? [at.lat, at.lng] : WORLD_VIEW, at ? PLACED_ZOOM : 3);
    this.#map.on('moveend', this.#drawGrid, this);
    this.#map.on('click', this.#clicked, this);
    this.#marker.on('dragend', this.#dragged, this);
    this.#drawGrid();
  }

  /** Follows the fields: the marker moves there (and into view). */
  moveTo(at: Position | null): void {
    if (!at) {
      this.#marker.remove();
      return;
    }
    const current = this.#marker.getLatLng();
    if (this.#map.hasLayer(this.#marker) && current.lat === at.lat && current.lng === at.lng) return;
    this.#marker.setLatLng([at.lat, at.lng]);
    if (!this.#map.hasLayer(this.#marker)) {
      // The first position: the view closes in on it.
      this.#marker.addTo(this.#map);
      this.#map.setView([at.lat, at.lng], Math.max(this.#map.getZoom(), PLACED_ZOOM));
    } else if (!this.#map.getBounds().contains([at.lat, at.lng])) {
      this.#map.panTo([at.lat, at.lng]);
    }
  }

  setEditable(editable: boolean): void {
    this.#editable = editable;
    if (editable) this.#marker.dragging?.enable();
    else this.#marker.dragging?.disable();
  }

  resize(): void {
    this.#map.invalidateSize();
  }

  destroy(): void {
    this.#map.off('moveend', this.#drawGrid, this);
    this.#map.off('click', this.#clicked, this);
    this.#marker.off('dragend', this.#dragged, this);
    this.#map.stop();
    this.#map.remove();
  }

  #pick(latLng: Leaflet.LatLng): void {
    // A click on a copy of the world beside the main one is the same place.
    const wrapped = latLng.wrap();
    const position = { lat: roundDegrees(wrapped.lat), lng: roundDegrees(wrapped.lng) };
    this.#marker.setLatLng([position.lat, position.lng]);
    this.#onPick(position);
  }

  #clicked(event: Leaflet.LeafletMouseEvent): void {
    if (!this.#editable) return;
    if (!this.#map.hasLayer(this.#marker)) this.#marker.addTo(this.#map);
    this.#pick(event.latlng);
  }

  #dragged(): void {
    this.#pick(this.#marker.getLatLng());
  }

  #drawGrid(): void {
    // The box is wide and low: fewer lines across its height keep the labels along the top apart.
    drawGrid(this.#L, this.#map, this.#grid, GRID_LINES);
  }
}
