/**
 * fBKImg, the equipment's background settings: items joined by '@'. Items are counted from 0:
 * item 13 is the SVG diagram's url and item 14 the 3D scene's source; the other items are
 * kept as they came. See docs/protocol.md § fBKImg.
 */

export const BACKGROUND_SEPARATOR = '@';
export const SVG_URL_ITEM = 13;
export const SCENE_3D_ITEM = 14;

export interface Background {
  /** Every item, in order. */
  readonly items: readonly string[];
  /** Item 13 ('' when absent). */
  readonly svgUrl: string;
  /** Item 14 ('' when absent). */
  readonly scene3dSource: string;
}

/** fBKImg text → its items; '' (or anything not a string) has no items. Never throws. */
export function parseBackground(text: unknown): Background {
  const s = typeof text === 'string' ? text : '';
  const items = s === '' ? [] : s.split(BACKGROUND_SEPARATOR);
  return { items, svgUrl: items[SVG_URL_ITEM] ?? '', scene3dSource: items[SCENE_3D_ITEM] ?? '' };
}

// Items are mostly urls, where '%40' means the same as '@'; encoding it keeps the item whole.
function backgroundItem(item: string): string {
  return item.split(BACKGROUND_SEPARATOR).join('%40');
}

/**
 * The background → fBKImg text. svgUrl and scene3dSource win over items 13 and 14; when one of
 * them is set and the items are fewer, the missing items are written empty. '@' inside an item
 * is written '%40'.
 */
export function formatBackground(background: Background): string {
  const items = [...background.items];
  const put = (index: number, value: string): void => {
    if (value === '' && index >= items.length) return;
    while (items.length < index) items.push('');
    items[index] = value;
  };
  put(SVG_URL_ITEM, background.svgUrl);
  put(SCENE_3D_ITEM, background.scene3dSource);
  return items.map(backgroundItem).join(BACKGROUND_SEPARATOR);
}
