/**
 * The latitude/longitude grid the console's maps draw instead of tiles: a line per meridian and
 * parallel of the view's graticule, each labelled with its degrees along the top or the left edge.
 */
import type * as Leaflet from 'leaflet';
import { element } from '../../components/dom';
import { degreeLabel, graticule } from './graticule';

type LeafletModule = typeof Leaflet;

const GRID = { color: '#b8c4cf', weight: 1, opacity: 0.8, interactive: false };

/** The map options both maps share: no attribution, one world between its poles. */
export function tilelessMapOptions(L: LeafletModule): Leaflet.MapOptions {
  return {
    attributionControl: false,
    minZoom: 2,
    worldCopyJump: false,
    maxBounds: L.latLngBounds([-85, -200], [85, 200]),
  };
}

/**
 * Draws the grid of `map`'s view into `layer` (cleared first); `minLines` as graticule() takes it
 * (a wide, low map asks for fewer, so the labels along the top stay apart).
 */
export function drawGrid(
  L: LeafletModule,
  map: Leaflet.Map,
  layer: Leaflet.LayerGroup,
  minLines?: number,
): void {
  const b = map.getBounds();
  const g = graticule(
    { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
    minLines,
  );
  layer.clearLayers();
  for (const lng of g.meridians) {
    L.polyline(
      [
        [g.south, lng],
        [g.north, lng],
      ],
      GRID,
    ).addTo(layer);
    label(L, layer, [g.north, lng], degreeLabel(lng, 'lng', g.step), [-3, -2]);
  }
  for (const lat of g.parallels) {
    L.polyline(
      [
        [lat, g.west],
        [lat, g.east],
      ],
      GRID,
    ).addTo(layer);
    label(L, layer, [lat, g.west], degreeLabel(lat, 'lat', g.step), [-3, 14]);
  }
}

/** A grid line's degrees as text (Leaflet would parse a string as HTML). */
function label(
  L: LeafletModule,
  layer: Leaflet.LayerGroup,
  at: [number, number],
  text: string,
  anchor: [number, number],
): void {
  const icon = L.divIcon({
    className: 'fl-map-grid-label',
    html: element('span', { text, style: { fontSize: '11px', color: '#7a8894', whiteSpace: 'nowrap' } }),
    iconSize: [64, 14],
    iconAnchor: anchor,
  });
  L.marker(at, { icon, interactive: false, keyboard: false }).addTo(layer);
}
