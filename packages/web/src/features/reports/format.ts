/**
 * How the report page writes a report's figures: times on the wall clock of the report's zone
 * (the server's, as the mails and the spreadsheet write them), hours, percentages and values, and
 * the table's rows, one per device and channel.
 */
import type { ReportDeviceRow } from '../../api/reports';
import { wallClock } from '../../time/format';

export type ChannelStats = ReportDeviceRow['channels'][number];

/** 'yyyy-MM-dd HH:mm' of an ISO instant in `timeZone` ('' for no instant). */
export function zonedMinute(instant: string, timeZone: string): string {
  const p = wallClock(instant, timeZone);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '';
}

/** At most `digits` decimals, no trailing zeros. */
export const rounded = (value: number, digits: number): string => String(Number(value.toFixed(digits)));

/** A duration as hours and minutes: '18:00', '0:07', '168:00' (minutes rounded down). */
export function durationText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A ratio as a percentage: '75%', '91.7%'. */
export const percentText = (ratio: number): string => `${rounded(ratio * 100, 1)}%`;

/** A channel value with its unit; null for none. */
export function valueText(value: number | null, unit: string): string | null {
  if (value === null) return null;
  const number = rounded(value, 3);
  return unit === '' ? number : `${number} ${unit}`;
}

/** 'AI1 Tank level', or 'AI1' when the channel has no name of its own. */
export function channelTitle(ch: Pick<ChannelStats, 'channel' | 'name'>): string {
  const name = ch.name.trim();
  return name === '' || name === ch.channel ? ch.channel : `${ch.channel} ${name}`;
}

/** One row of the report's table: a device's channel, or the device alone when it has none. */
export interface ReportRow {
  readonly key: string;
  readonly device: ReportDeviceRow;
  readonly channel: ChannelStats | null;
  /** Rows the device's cells span on its first row; 0 on the others. */
  readonly span: number;
}

export function reportRows(devices: readonly ReportDeviceRow[]): ReportRow[] {
  return devices.flatMap((device): ReportRow[] => {
    if (device.channels.length === 0) return [{ key: `${device.id}`, device, channel: null, span: 1 }];
    return device.channels.map((channel, i) => ({
      key: `${device.id}:${channel.channel}`,
      device,
      channel,
      span: i === 0 ? device.channels.length : 0,
    }));
  });
}
