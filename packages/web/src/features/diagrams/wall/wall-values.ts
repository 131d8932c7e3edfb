/**
 * A wall display's values (what a diagram link serves: WallEquipment, readings without words) as
 * the renderer takes them (diagrams/values.ts): each reading worded as the equipment page words it,
 * nothing operable. An equipment keeps its values object while its reply object stays the same, so
 * a push repaints only the widgets it touches.
 */
import type { WallEquipment, WallReading } from '@fieldlink/protocol';
import { fixedEquipment, NO_VALUE } from '../../../diagrams';
import type { ChannelReading, DiagramValues, EquipmentValues } from '../../../diagrams';
import { formatValue } from '../../monitoring/format';

export interface ReadingWords {
  readonly on: string;
  readonly off: string;
}

/** The equipment a display holds, by id. */
export type WallHeld = ReadonlyMap<number, WallEquipment>;

export function wallReading(reading: WallReading, words: ReadingWords): ChannelReading {
  if (reading.on !== undefined) return { ...reading, text: reading.on ? words.on : words.off };
  if (reading.value !== undefined) {
    const shown = formatValue(reading.value);
    return { ...reading, text: reading.unit ? `${shown} ${reading.unit}` : shown };
  }
  return { ...reading, text: NO_VALUE };
}

function equipmentValues(e: WallEquipment, words: ReadingWords): EquipmentValues {
  const list = (readings: readonly WallReading[]) => readings.map((r) => wallReading(r, words));
  return fixedEquipment({
    name: e.name,
    online: e.online,
    alarm: e.alarm,
    operable: false,
    channels: {
      do: list(e.channels.do),
      di: list(e.channels.di),
      ai: list(e.channels.ai),
      ao: list(e.channels.ao),
    },
  });
}

/** Builds DiagramValues, reusing the values of equipment whose reply did not change. */
export function wallValuesBuilder(): (held: WallHeld, words: ReadingWords) => DiagramValues {
  let cache = new WeakMap<WallEquipment, EquipmentValues>();
  let lastWords: ReadingWords | null = null;
  return (held, words) => {
    if (words !== lastWords) {
      cache = new WeakMap();
      lastWords = words;
    }
    const values = new Map<number, EquipmentValues>();
    for (const [id, e] of held) {
      let v = cache.get(e);
      if (!v) {
        v = equipmentValues(e, words);
        cache.set(e, v);
      }
      values.set(id, v);
    }
    return values;
  };
}

/** A `values` message applied to what the display holds: a full one replaces it, else it merges. */
export function applyValues(
  held: WallHeld,
  message: { readonly full: boolean; readonly equipment: readonly WallEquipment[] },
): WallHeld {
  const next = new Map(message.full ? [] : held);
  for (const e of message.equipment) next.set(e.id, e);
  return next;
}
