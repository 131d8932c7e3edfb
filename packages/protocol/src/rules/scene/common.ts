/**
 * Pieces shared by the scene sub-configurations: the model size, bounds checks and the way
 * channel selections read in descriptions. docs/protocol.md § Scene.
 */
import { inRange } from '../../bytes.js';
import { say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';

export const SCENE_SIZE = 12;
/** Channels a device can have of one kind (spec § 9); channel numbers in rules are 0-31. */
export const CHANNEL_MAX = 31;

/** `field: min-max` when `value` is not an integer within the bounds. */
export function checkRange(field: string, value: number, min: number, max: number): string[] {
  return inRange(value, min, max) ? [] : [`${field}: ${min}-${max}`];
}

/** A channel list must name channels 0-31; the device has no other. */
export function checkChannels(field: string, channels: readonly number[]): string[] {
  return channels.every((c) => inRange(c, 0, CHANNEL_MAX)) ? [] : [`${field}: 0-${CHANNEL_MAX}`];
}

const NONE: Phrase = { en: 'none', zh: '无', tc: '無' };

/**
 * Channels (counted from 0) as people read them, counted from 1, with consecutive channels
 * collapsed into a run so a 32-channel selection stays short: DO1-DO4, DO6.
 */
export function formatChannels(prefix: string, channels: readonly number[], lang: Lang): string {
  const sorted = [...new Set(channels)].sort((a, b) => a - b);
  const runs: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i]!;
    let last = first;
    while (sorted[i + 1] === last + 1) last = sorted[++i]!;
    runs.push(first === last ? `${prefix}${first + 1}` : `${prefix}${first + 1}-${prefix}${last + 1}`);
    i++;
  }
  return runs.length === 0 ? say(NONE, lang) : runs.join(lang === 'en' ? ', ' : '、');
}

/** Clauses inside one part of a description: ', ' in English, '，' in Chinese. */
export function clauses(items: readonly string[], lang: Lang): string {
  return items.filter((s) => s.length > 0).join(lang === 'en' ? ', ' : '，');
}

/** 'name: rest' with the colon of the language. */
export function titled(title: string, rest: string, lang: Lang): string {
  return `${title}${lang === 'en' ? ': ' : '：'}${rest}`;
}
