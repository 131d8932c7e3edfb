/**
 * The key of a camera entry (spec §3): the device serial for channel 1, `serial_channel` for any
 * other channel, so a single camera keeps the plain serial it is known by.
 */
import { cameraEntryKey } from '@fieldlink/protocol';

export interface CameraRef {
  readonly serial: string;
  /** From 1. */
  readonly channel: number;
}

/** The protocol's writer, under the name the client uses. */
export const cameraKey: (serial: string, channel: number) => string = cameraEntryKey;

/**
 * The camera a key names, or null for a key cameraKey would not write (empty serial, channel 0 or
 * with a leading zero). A serial ending in `_digits` cannot be told from a channel suffix; cloud
 * serials are letters and digits only.
 */
export function parseCameraKey(key: string): CameraRef | null {
  const suffixed = /^(.+)_(\d{1,9})$/.exec(key);
  if (!suffixed) return key === '' ? null : { serial: key, channel: 1 };
  const [, serial = '', digits = ''] = suffixed;
  if (digits === '1' || !/^[1-9]/.test(digits)) return null;
  return { serial, channel: Number(digits) };
}
