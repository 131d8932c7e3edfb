/**
 * How a bound element of an imported SVG follows its channel (docs/protocol.md § Diagram
 * documents, element rules), apart from the DOM so every rule is tested alone. A channel is
 * active when it is on (DO, DI) or at or above the rule's threshold (AI, AO):
 *
 * - fill, stroke, color: painted with the `on` colour while active, the `off` colour otherwise;
 *   a colour the rule leaves out keeps the drawing's own.
 * - visibility: shown while active, hidden otherwise.
 * - text, label: the element's text becomes the value with `decimals` decimals and the unit
 *   (DO, DI: the words on/off in the user's language).
 *
 * Until the channel has a value the drawing's own look stays (text shows '—'). Equipment the
 * user may not read, or that was removed, shows no value at all: its elements are marked
 * unknown, with the drawing's own look and '—' for text.
 */
import type { ElementRule } from '@fieldlink/protocol';
import { fixed } from '../readouts';
import { NO_VALUE } from '../values';
import type { ChannelReading } from '../values';

export interface ElementLook {
  /** The bound equipment is unknown: the element is marked, no value shown. */
  readonly unknown: boolean;
  /** fill/stroke/color: the colour to paint; null keeps the drawing's own. */
  readonly paint: string | null;
  /** visibility: whether the element shows; null keeps the drawing's own. */
  readonly shown: boolean | null;
  /** text/label: the element's text; null for other properties. */
  readonly text: string | null;
}

export interface OnOffWords {
  readonly on: string;
  readonly off: string;
}

/** Whether the channel is active: on (digital) or at/above `threshold` (analog); undefined without a value. */
export function isActive(reading: ChannelReading | undefined, threshold: number): boolean | undefined {
  if (!reading) return undefined;
  if (reading.on !== undefined) return reading.on;
  if (reading.value === undefined || !Number.isFinite(reading.value)) return undefined;
  return reading.value >= threshold;
}

/** The text a text/label rule shows: On/Off, or the value with `decimals` decimals and its unit. */
export function ruleText(reading: ChannelReading | undefined, decimals: number, words: OnOffWords): string {
  if (!reading) return NO_VALUE;
  if (reading.on !== undefined) return reading.on ? words.on : words.off;
  const shown = fixed(reading.value, decimals);
  return shown !== NO_VALUE && reading.unit ? `${shown} ${reading.unit}` : shown;
}

const isTextual = (property: ElementRule['property']): boolean => property === 'text' || property === 'label';

/** What an element bound with `rule` shows for this reading of a known (or unknown) equipment. */
export function elementLook(
  rule: Pick<ElementRule, 'property' | 'on' | 'off' | 'threshold' | 'decimals'>,
  reading: ChannelReading | undefined,
  known: boolean,
  words: OnOffWords,
): ElementLook {
  const textual = isTextual(rule.property);
  if (!known) return { unknown: true, paint: null, shown: null, text: textual ? NO_VALUE : null };
  if (textual)
    return { unknown: false, paint: null, shown: null, text: ruleText(reading, rule.decimals, words) };
  const active = isActive(reading, rule.threshold);
  if (rule.property === 'visibility') {
    return { unknown: false, paint: null, shown: active ?? null, text: null };
  }
  const colour = active === undefined ? undefined : active ? rule.on : rule.off;
  return { unknown: false, paint: colour ?? null, shown: null, text: null };
}
