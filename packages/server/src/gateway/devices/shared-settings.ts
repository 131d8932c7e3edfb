/**
 * The parsed settings of the online devices, one frozen copy for every device of a type whose
 * stored settings text is the same. Fleets keep the settings a type starts with on most devices,
 * and a parsed copy is a few dozen objects and arrays: shared, thousands of devices hold one, which
 * keeps the heap small for the garbage collector to walk. A device holds its entry while it is
 * online and gives it back when it goes offline or its settings change; an entry nobody holds is
 * dropped.
 */
import type { EquipmentType } from '@fieldlink/protocol';
import type { Settings } from '@fieldlink/protocol';
import { readSettings } from '../../equipment/settings.js';

/** Parsed settings and the stored text they were read from (frozen: shared by several devices). */
export interface SettingsEntry {
  readonly text: string;
  readonly settings: Settings;
}

interface Held extends SettingsEntry {
  readonly type: EquipmentType;
  holders: number;
}

export class SharedSettings {
  /** By type (the catalogue's object), then by stored text. */
  readonly #entries = new Map<EquipmentType, Map<string, Held>>();

  /** Entries held, all types together. */
  get size(): number {
    let n = 0;
    for (const byText of this.#entries.values()) n += byText.size;
    return n;
  }

  /** The settings of a device of `type` stored as `text`; give it back with release(). */
  acquire(type: EquipmentType, text: string): SettingsEntry {
    let byText = this.#entries.get(type);
    if (!byText) {
      byText = new Map();
      this.#entries.set(type, byText);
    }
    let entry = byText.get(text);
    if (!entry) {
      entry = { text, settings: deepFreeze(readSettings(type.counts, text, type.image)), type, holders: 0 };
      byText.set(text, entry);
    }
    entry.holders += 1;
    return entry;
  }

  /** A device no longer holds `entry` (offline, or its settings changed); once for each acquire(). */
  release(entry: SettingsEntry): void {
    const type = (entry as Held).type;
    const byText = this.#entries.get(type);
    const held = byText?.get(entry.text);
    if (!byText || held !== entry) return;
    held.holders -= 1;
    if (held.holders > 0) return;
    byText.delete(entry.text);
    if (byText.size === 0) this.#entries.delete(type);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
