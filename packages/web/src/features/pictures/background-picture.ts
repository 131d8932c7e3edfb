/**
 * The background picture inside fBKImg (settings.background), whose items are joined by '@'
 * (protocol equipment/background.ts). The picture is item 0; items 13 and 14 (the SVG diagram's
 * url and the 3D scene) and every other item are kept exactly as stored.
 */
import { formatBackground, parseBackground } from '@fieldlink/protocol';

export const BACKGROUND_PICTURE_ITEM = 0;

/** The background picture of an fBKImg text ('' when none). */
export function backgroundPictureOf(text: string): string {
  return parseBackground(text).items[BACKGROUND_PICTURE_ITEM] ?? '';
}

/** The fBKImg text with its background picture replaced, the other items unchanged. */
export function withBackgroundPicture(text: string, picture: string): string {
  const background = parseBackground(text);
  const items = [...background.items];
  if (items.length === 0 && picture === '') return '';
  // formatBackground writes an '@' inside the picture's address as '%40', keeping the items apart.
  items[BACKGROUND_PICTURE_ITEM] = picture;
  return formatBackground({ ...background, items });
}
