/**
 * The series a history request may ask for, named as the console labels channels: `ai1`…`ai32`,
 * `ao…`, `di…`, `do…` (counted from 1, within the type's counts), plus `online` and `soc`.
 */
import type { ChannelCounts } from '@fieldlink/protocol';
import type { Settings } from '@fieldlink/protocol';
import { ApiError } from '../http/errors.js';
import type { TelemetryKind } from '../storage/schema.js';

export interface SeriesSpec {
  /** The request's name: 'ai1', 'do3', 'online', 'soc'. */
  readonly key: string;
  readonly kind: TelemetryKind;
  /** The stored channel, counted from 0 (0 for online and soc). */
  readonly index: number;
  /** The user's name for the channel, or its label ('AI1'). */
  readonly name: string;
  readonly unit: string;
  /** Analog series have averages; digital ones are 1 or 0. */
  readonly analog: boolean;
}

type ChannelKind = 'do' | 'di' | 'ai' | 'ao';

const CHANNEL = /^(do|di|ai|ao)(\d{1,2})$/;

function channelSeries(kind: ChannelKind, index: number, settings: Settings): SeriesSpec {
  const label = `${kind.toUpperCase()}${index + 1}`;
  const names = settings[kind].names;
  const name = names[index]?.trim() ? names[index]!.trim() : label;
  const unit = kind === 'ai' || kind === 'ao' ? (settings[kind].units[index] ?? '') : '';
  return { key: `${kind}${index + 1}`, kind, index, name, unit, analog: kind === 'ai' || kind === 'ao' };
}

const ONLINE: SeriesSpec = {
  key: 'online',
  kind: 'online',
  index: 0,
  name: 'Online',
  unit: '',
  analog: false,
};
const SOC: SeriesSpec = { key: 'soc', kind: 'soc', index: 0, name: 'SOC', unit: '%', analog: true };

/** Every channel of these kinds, in order. */
export function allChannels(
  kinds: readonly ChannelKind[],
  counts: ChannelCounts,
  settings: Settings,
): SeriesSpec[] {
  return kinds.flatMap((kind) =>
    Array.from({ length: counts[kind] }, (_, i) => channelSeries(kind, i, settings)),
  );
}

/**
 * `ai1,ai2,do1` → the series, in the order given, duplicates dropped. 400 naming the first name
 * that is unknown or past the type's count.
 */
export function parseSeries(text: string, counts: ChannelCounts, settings: Settings): SeriesSpec[] {
  const seen = new Set<string>();
  const out: SeriesSpec[] = [];
  for (const raw of text.split(',')) {
    const key = raw.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    if (key === 'online') out.push(ONLINE);
    else if (key === 'soc') out.push(SOC);
    else {
      const m = CHANNEL.exec(key);
      if (!m) {
        throw new ApiError(
          'bad_request',
          `channels: '${raw.trim()}' is not a channel (ai1, di2, do3, ao4, online or soc)`,
        );
      }
      const kind = m[1] as ChannelKind;
      const n = Number(m[2]);
      if (n < 1 || n > counts[kind]) {
        throw new ApiError(
          'bad_request',
          `channels: ${key} does not exist; this equipment has ${counts[kind]} ${kind.toUpperCase()} channel(s)`,
        );
      }
      out.push(channelSeries(kind, n - 1, settings));
    }
  }
  if (out.length === 0) throw new ApiError('bad_request', 'channels: name at least one channel');
  return out;
}
