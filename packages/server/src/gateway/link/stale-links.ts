/**
 * Devices a node held when it stopped without closing its links (a crash, kill -9, power loss):
 * their rows still say online, and would until each device came back. A node starting marks them
 * offline before anything listens, with an `offline` event each, as a link that drops is recorded.
 *
 * Which rows were its own: alone (no shared bus) every online row, since no other node writes the
 * flag; with several nodes only those whose `link_node` is its id (registry.ts writes it with the
 * flag), so the devices other nodes hold stay online. A device that dialled another node while
 * this one was down carries that node's id and is left alone too. Both write through the status
 * writer (equipment-status.ts).
 */
import { equipmentType } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { readSettings } from '../../equipment/settings.js';
import type { HistoryRecorder } from '../../history/recorder.js';
import type { Database } from '../../storage/schema.js';
import { EquipmentStatus } from './equipment-status.js';

export interface StaleLinksOptions {
  readonly db: Kysely<Database>;
  /** This node's id (MQTT_NODE_ID). */
  readonly nodeId: string;
  /** No other node shares the store's online flags (no Redis bus). */
  readonly alone: boolean;
  /** Where the offline events go; none are recorded without it. */
  readonly recorder?: Pick<HistoryRecorder, 'observe'>;
  readonly now?: () => number;
}

export interface StaleLinks {
  /** Devices marked offline. */
  readonly released: number;
  /** Of those, the ones whose offline event could not be stored. */
  readonly unrecorded: number;
}

/** Marks offline the devices this node held when it last stopped; resolves once their events are stored. */
export async function releaseStaleLinks(options: StaleLinksOptions): Promise<StaleLinks> {
  const at = (options.now ?? Date.now)();
  const rows = await new EquipmentStatus(options.db, options.nodeId).releaseHeld(options.alone, at);
  const { recorder } = options;
  if (!recorder) return { released: rows.length, unrecorded: 0 };
  const recorded = await Promise.allSettled(
    rows.map((row) => {
      const type = equipmentType(row.type);
      const settings = readSettings(type?.counts ?? { do: 0, di: 0, ai: 0, ao: 0 }, row.settings, '');
      return recorder.observe({ id: row.id, unid: row.unid, settings }, { at, online: false });
    }),
  );
  return {
    released: rows.length,
    unrecorded: recorded.filter((r) => r.status === 'rejected').length,
  };
}
