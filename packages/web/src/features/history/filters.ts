/**
 * What the history page shows: which equipment, over which range (a preset counted back from
 * now, or a custom range), which channels, at which interval. The channels are named as the
 * server names them (`ai1`, `do2`, `online`, `soc`) and saved per equipment in the user's record.
 */
import type { ChannelCounts, Equipment } from '../../api/equipment';
import type { ChannelKind, TimeRange } from '../../api/history';
import { DEFAULT_INTERVAL_S, MAX_CHART_FILTER } from '../../api/history';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** The longest range the server answers (docs/api.md § History). */
export const MAX_RANGE_MS = 400 * DAY_MS;

export type Preset = '1h' | '24h' | '7d' | 'custom';
export const PRESETS: readonly Preset[] = ['1h', '24h', '7d', 'custom'];
export const PRESET_SPAN_MS: Readonly<Record<Exclude<Preset, 'custom'>, number>> = {
  '1h': HOUR_MS,
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
};
/** Curves and events open on the last 24 hours (specification §7). */
export const DEFAULT_PRESET: Preset = '24h';

/** Intervals offered, in seconds; the server widens one that would give too many points. */
export const INTERVALS: readonly number[] = [1, 10, 30, 60, 300, 600, 1800, 3600, 21_600, 86_400];
export { DEFAULT_INTERVAL_S, MAX_CHART_FILTER };

export interface HistoryFilter {
  readonly preset: Preset;
  /** The range of the custom preset. */
  readonly custom: TimeRange | null;
  /** When a preset range ends: the time it was chosen or last refreshed. */
  readonly anchor: number;
  readonly interval: number;
  readonly channels: readonly string[];
}

/** The range a filter stands for; null for a custom range not chosen yet. */
export function rangeOf(filter: Pick<HistoryFilter, 'preset' | 'custom' | 'anchor'>): TimeRange | null {
  if (filter.preset === 'custom') return filter.custom;
  return { from: filter.anchor - PRESET_SPAN_MS[filter.preset], to: filter.anchor };
}

export type RangeProblem = 'missing' | 'reversed' | 'tooLong';

/** Why the server would refuse the range, or null. */
export function rangeProblem(range: TimeRange | null): RangeProblem | null {
  if (!range) return 'missing';
  if (!(range.from < range.to)) return 'reversed';
  if (range.to - range.from > MAX_RANGE_MS) return 'tooLong';
  return null;
}

export interface ChannelOption {
  /** `ai1`, `do2`, `online`, `soc`. */
  readonly key: string;
  readonly kind: ChannelKind;
  /** Counted from 0. */
  readonly index: number;
  /** `AI1`; empty for online and soc. */
  readonly label: string;
  /** The channel's name in the settings, or empty. */
  readonly name: string;
  readonly unit: string;
}

const KINDS = ['ai', 'ao', 'di', 'do'] as const;

/** Every channel an equipment has, AI first (what curves are mostly for), then link and battery. */
export function channelOptions(equipment: Pick<Equipment, 'counts' | 'settings'>): ChannelOption[] {
  const out: ChannelOption[] = [];
  for (const kind of KINDS) {
    const count = Math.min(32, Math.max(0, equipment.counts[kind]));
    const names = equipment.settings[kind].names;
    const units = kind === 'ai' || kind === 'ao' ? equipment.settings[kind].units : [];
    for (let i = 0; i < count; i++) {
      out.push({
        key: `${kind}${i + 1}`,
        kind,
        index: i,
        label: `${kind.toUpperCase()}${i + 1}`,
        name: (names[i] ?? '').trim(),
        unit: units[i] ?? '',
      });
    }
  }
  out.push({ key: 'online', kind: 'online', index: 0, label: '', name: '', unit: '' });
  out.push({ key: 'soc', kind: 'soc', index: 0, label: '', name: '', unit: '%' });
  return out;
}

/** The server's default set: every AI channel, or every DO and DI channel for types without AI. */
export function defaultChannels(counts: ChannelCounts): string[] {
  const keys = (kind: keyof ChannelCounts) =>
    Array.from({ length: Math.min(32, counts[kind]) }, (_, i) => `${kind}${i + 1}`);
  const chosen = counts.ai > 0 ? keys('ai') : [...keys('do'), ...keys('di')];
  return chosen.slice(0, MAX_CHART_FILTER);
}

/**
 * The channels to show for an equipment: the saved ones it still has (in its channel order), else
 * the default set. A saved list of names that are all gone counts as none.
 */
export function initialChannels(
  options: readonly ChannelOption[],
  saved: readonly string[] | undefined,
  counts: ChannelCounts,
): string[] {
  if (saved && saved.length > 0) {
    const wanted = new Set(saved.map((s) => s.toLowerCase()));
    const kept = options.filter((o) => wanted.has(o.key)).map((o) => o.key);
    if (kept.length > 0) return kept.slice(0, MAX_CHART_FILTER);
  }
  return defaultChannels(counts);
}

/** Two lists with the same channels, order aside. */
export function sameChannels(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((k) => set.has(k));
}
