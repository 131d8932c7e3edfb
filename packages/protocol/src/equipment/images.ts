/**
 * The equipment record's image lists (fDOOnImg, fDOOffImg, fDIOnImg, fDIOffImg, fAIImg,
 * fAIAlarmImg, fAOImg): one image name per channel, ';'-separated, an empty item meaning the
 * default image. See docs/protocol.md § Image lists.
 */
import { DEFAULT_CHANNEL_IMAGES } from '../channels.js';
import type { ChannelImageKind } from '../channels.js';
import { formatList, parseList } from './lists.js';

/** Which record field holds each image list. */
export const IMAGE_LIST_FIELDS = {
  doOn: 'fDOOnImg',
  doOff: 'fDOOffImg',
  diOn: 'fDIOnImg',
  diOff: 'fDIOffImg',
  ai: 'fAIImg',
  aiAlarm: 'fAIAlarmImg',
  ao: 'fAOImg',
} as const satisfies Record<ChannelImageKind, string>;

/** 'a.png;;c.png' → `count` image names (0-32), empty or missing items filled with the kind's default. */
export function parseImageList(text: unknown, count: number, kind: ChannelImageKind): string[] {
  const fallback = DEFAULT_CHANNEL_IMAGES[kind];
  return parseList(text, count).map((item) => (item.trim() === '' ? fallback : item.trim()));
}

/** Image names → the stored list (formatList rules apply). */
export function formatImageList(images: readonly string[]): string {
  return formatList(images.map((image) => image.trim()));
}
