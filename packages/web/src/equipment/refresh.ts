/**
 * When the console reads its equipment anew: 1 s after an edit or a delete (spec §4), and at once
 * (coalesced) when the live channel says the user's equipment changed. Several calls within the
 * delay share one refresh; a pending refresh with records wins over one without.
 */
import { equipmentGeneration, refreshEquipment } from './loading';

/** §4: the full refresh runs 1 s after a delete or an edit. */
export const REFRESH_AFTER_MS = 1000;

let pending: ReturnType<typeof setTimeout> | null = null;
let withRecords = false;

/** Runs the store's refresh once, `delayMs` after the last call. */
export function scheduleRefresh(delayMs = REFRESH_AFTER_MS, options: { records?: boolean } = {}): void {
  withRecords ||= options.records ?? true;
  if (pending !== null) clearTimeout(pending);
  // A refresh asked for before a sign-out (or a reset) is not run after it.
  const scheduledIn = equipmentGeneration();
  pending = setTimeout(() => {
    pending = null;
    const records = withRecords;
    withRecords = false;
    if (scheduledIn === equipmentGeneration()) void refreshEquipment({ records });
  }, delayMs);
}

/** Drops a pending refresh (sign-out). */
export function cancelRefresh(): void {
  if (pending !== null) clearTimeout(pending);
  pending = null;
  withRecords = false;
}
