/**
 * The upkeep of a device with a link of its own, when its link comes up and every 10 minutes
 * (spec 000 § 4: devices sync time with the server every 10 minutes): its clock set to the
 * server's wall clock, unless it is switched off for the device, then its status block read for
 * the battery level (docs/protocol.md § Device registers). Only for types with the maker's clock
 * and status block (`clock` in the catalogue): on a third-party board those registers may be
 * settings, and nothing is written there unless its owner switches the clock on. A device without
 * these registers answers with an exception; that is not an error, it just has nothing to tell.
 */
import { clockAt, clockWrite, decodeDeviceStatus, isException, statusRead } from '@fieldlink/protocol';
import type { DeviceStatus } from '@fieldlink/protocol';
import type { Send } from './device-target.js';

export const UPKEEP_MS = 10 * 60_000;

/** Sets the clock and reads the status block; null when the device has none or did not answer. */
export async function upkeep(
  send: Send,
  unit: number,
  at: number,
  offsetMinutes: number,
  parts: { readonly clock: boolean; readonly status: boolean },
): Promise<DeviceStatus | null> {
  try {
    if (parts.clock) await send(unit, clockWrite(clockAt(at, offsetMinutes)), 'poll');
    if (!parts.status) return null;
    const response = await send(unit, statusRead, 'poll');
    if (isException(response) || response.fn !== 4) return null;
    return decodeDeviceStatus(response.values);
  } catch {
    // A timeout or a closed link: the link counts it and goes down by itself when dead.
    return null;
  }
}
