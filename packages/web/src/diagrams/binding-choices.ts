/**
 * What the binding picker offers, apart from drawing: the equipment the user may read, and the
 * channels of one equipment of the allowed kinds, named as the equipment page names them
 * ('DO5 · Pump', or 'DO5' while the channel has no name of its own).
 */
import { channelLabel } from '@fieldlink/protocol';
import type { Binding, ChannelKind, DiagramChannelKind } from '@fieldlink/protocol';
import type { ChannelCounts, Equipment } from '../api/equipment';
import type { Directory } from '../equipment/directory';

export interface EquipmentChoice {
  readonly id: number;
  /** The equipment's name, with its serial when the name is not the serial. */
  readonly label: string;
}

export interface ChannelChoice {
  /** `do:5`: see channelKey. */
  readonly key: string;
  readonly kind: DiagramChannelKind;
  readonly index: number;
  readonly label: string;
}

/** The equipment the user may read (tree level 1 and above), by name. */
export function equipmentChoices(dir: Directory): EquipmentChoice[] {
  return Object.values(dir.entries)
    .filter((e) => e.level >= 1)
    .map((e) => ({ id: e.id, label: e.name === e.unid ? e.name : `${e.name} (${e.unid})` }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.id - b.id);
}

export const channelKey = (kind: DiagramChannelKind, index: number): string => `${kind}:${index}`;

/** The channel a key names, or null for anything else. */
export function channelOfKey(key: string): { kind: DiagramChannelKind; index: number } | null {
  const match = /^(do|di|ai|ao):([1-9]\d?)$/.exec(key);
  if (!match) return null;
  return { kind: match[1] as DiagramChannelKind, index: Number(match[2]) };
}

/** The channel names of a record per kind (an empty list for each kind before it is read). */
export type ChannelNames = Readonly<Record<DiagramChannelKind, readonly string[]>>;

export const NO_NAMES: ChannelNames = { do: [], di: [], ai: [], ao: [] };

export function namesOf(record: Pick<Equipment, 'settings'> | undefined): ChannelNames {
  if (!record) return NO_NAMES;
  const { settings } = record;
  return { do: settings.do.names, di: settings.di.names, ai: settings.ai.names, ao: settings.ao.names };
}

/** 'DO5' for DO channel 5 (counted from 1). */
export const passageOf = (kind: DiagramChannelKind, index: number): string =>
  channelLabel(kind.toUpperCase() as ChannelKind, index - 1);

/** The channels of the allowed kinds, in the order of `kinds`, as many as the equipment has. */
export function channelChoices(
  counts: ChannelCounts,
  names: ChannelNames,
  kinds: readonly DiagramChannelKind[],
): ChannelChoice[] {
  return kinds.flatMap((kind) =>
    Array.from({ length: Math.min(32, Math.max(0, counts[kind])) }, (_, i) => {
      const index = i + 1;
      const passage = passageOf(kind, index);
      const name = names[kind][i]?.trim() ?? '';
      return {
        key: channelKey(kind, index),
        kind,
        index,
        label: name === '' || name === passage ? passage : `${passage} · ${name}`,
      };
    }),
  );
}

/**
 * The binding once another equipment is chosen: its channel kept when the new equipment has it,
 * else its first channel of the allowed kinds (null when it has none, or for a whole equipment).
 */
export function rebind(
  equipmentId: number,
  previous: Binding | null,
  choices: readonly ChannelChoice[],
  wholeEquipment: boolean,
): Binding {
  if (wholeEquipment) return { equipmentId, channel: null };
  const kept = previous?.channel
    ? choices.find((c) => c.kind === previous.channel?.kind && c.index === previous.channel.index)
    : undefined;
  const chosen = kept ?? choices[0];
  return { equipmentId, channel: chosen ? { kind: chosen.kind, index: chosen.index } : null };
}
