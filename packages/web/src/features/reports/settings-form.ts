/**
 * The report settings form's values and how they map to the contract (ReportSettingsInput): the
 * equipment as "all" or a chosen list, channels per device where chosen (a device with none chosen
 * reports its first AI channels), and the analog channels a device offers.
 */
import type { Equipment } from '../../api/equipment';
import type { ReportPeriod, ReportSettingsInput, ReportSettingsView } from '../../api/reports';

export interface SettingsValues {
  readonly enabled: boolean;
  readonly period: ReportPeriod;
  readonly hour: number;
  readonly weekday: number;
  readonly scope: 'all' | 'chosen';
  readonly equipmentIds: readonly number[];
  readonly channels: Readonly<Record<string, readonly string[]>>;
  readonly email: boolean;
}

export function formValues(settings: ReportSettingsView): SettingsValues {
  return {
    enabled: settings.enabled,
    period: settings.period,
    hour: settings.hour,
    weekday: settings.weekday,
    scope: settings.equipmentIds === null ? 'all' : 'chosen',
    equipmentIds: settings.equipmentIds ?? [],
    channels: settings.channels,
    email: settings.email,
  };
}

/**
 * The settings to save; devices left on their default channels are not named, nor are devices
 * no longer chosen.
 */
export function settingsInput(values: SettingsValues): ReportSettingsInput {
  const chosen = new Set(values.equipmentIds.map(String));
  const channels = Object.fromEntries(
    Object.entries(values.channels)
      .filter(([id, labels]) => labels.length > 0 && (values.scope === 'all' || chosen.has(id)))
      .map(([id, labels]) => [id, [...labels]]),
  );
  return {
    enabled: values.enabled,
    period: values.period,
    hour: values.hour,
    weekday: values.weekday,
    equipmentIds: values.scope === 'all' ? null : [...values.equipmentIds],
    channels,
    email: values.email,
  };
}

export interface ChannelOption {
  readonly value: string;
  readonly label: string;
}

/** The analog channels of a device: AI1…, then AO1…, each with its name when it has one. */
export function channelOptions(record: Pick<Equipment, 'counts' | 'settings'>): ChannelOption[] {
  const of = (kind: 'ai' | 'ao'): ChannelOption[] =>
    Array.from({ length: record.counts[kind] }, (_, i) => {
      const value = `${kind.toUpperCase()}${i + 1}`;
      const name = record.settings[kind].names[i]?.trim() ?? '';
      return { value, label: name === '' || name === value ? value : `${value} ${name}` };
    });
  return [...of('ai'), ...of('ao')];
}

/** '08:00' for 8. */
export const hourText = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
