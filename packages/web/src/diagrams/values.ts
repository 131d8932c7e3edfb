/**
 * What a diagram shows of its equipment, and nothing of where it comes from: per equipment id
 * its link, its alarm and a reading per channel. The live console builds it from its stores
 * (use-diagram-values.ts); an editor's preview or a test builds it from fixed readings
 * (`fixedEquipment`). An equipment missing from the map is one the user may not read or that was
 * removed: its widgets draw greyed with '—'.
 */
import type { Binding, DiagramChannelKind } from '@fieldlink/protocol';

/** What a channel without a value shows. */
export const NO_VALUE = '—';

/** One channel as the diagram shows it. */
export interface ChannelReading {
  /** DO/DI: on; absent until the device has reported the kind (or when it does not have it). */
  readonly on?: boolean;
  /** AI/AO: the scaled value; absent until the device has reported the kind. */
  readonly value?: number;
  /** The value as shown in the equipment page: with its unit, On/Off, or '—'. */
  readonly text: string;
  readonly unit: string;
  readonly alarm: boolean;
  /** The user's name for the channel, else its passage ('DO1'). */
  readonly name: string;
  /** AO: the range a write may take, in the shown unit (the output's limits, scaled). */
  readonly min?: number;
  readonly max?: number;
}

export interface EquipmentValues {
  readonly name: string;
  readonly online: boolean;
  readonly alarm: boolean;
  /** Whether the user may operate it (switch its outputs, write its setpoints). */
  readonly operable: boolean;
  /** Channel `index` (counted from 1) of a kind; undefined when the equipment has no such channel. */
  channel(kind: DiagramChannelKind, index: number): ChannelReading | undefined;
}

/** The equipment a diagram draws, by id. */
export type DiagramValues = ReadonlyMap<number, EquipmentValues>;

/** The reading a binding names; undefined for a whole-equipment binding or an unknown channel. */
export function readingOf(values: DiagramValues, binding: Binding | null): ChannelReading | undefined {
  if (!binding?.channel) return undefined;
  return values.get(binding.equipmentId)?.channel(binding.channel.kind, binding.channel.index);
}

/** Whether the values know the bound equipment (the user may read it and it still exists). */
export function knows(values: DiagramValues, binding: Binding | null): boolean {
  return binding === null || values.has(binding.equipmentId);
}

export type ChannelLists = Readonly<
  Partial<Record<DiagramChannelKind, readonly (ChannelReading | undefined)[]>>
>;

/** Equipment values of fixed readings (channel i+1 of a kind is item i of its list). */
export function fixedEquipment({
  name = '',
  online = true,
  alarm = false,
  operable = true,
  channels = {},
}: {
  readonly name?: string;
  readonly online?: boolean;
  readonly alarm?: boolean;
  readonly operable?: boolean;
  readonly channels?: ChannelLists;
}): EquipmentValues {
  return { name, online, alarm, operable, channel: (kind, index) => channels[kind]?.[index - 1] };
}
