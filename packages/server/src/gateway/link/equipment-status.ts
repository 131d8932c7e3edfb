/**
 * The one writer of an equipment's status columns: its link state (`online`, `status_at`, the
 * node holding the link in `link_node`, and the per-link `unanswered_address` and
 * `unsupported_blocks` cleared) as links come and go (registry.ts) or are released after a node
 * stopped without closing them (stale-links.ts), and what the device service learns of an online
 * device: whether it answers at its slave address, the register blocks it refused, its battery
 * level (`soc`) and whether it is alarming (`alarm`).
 */
import type { Kysely } from 'kysely';
import type { Database, Flag } from '../../storage/schema.js';

/** The node id of a server not told its own: one server alone. */
export const LOCAL_NODE_ID = 'local';

/** A row marked offline by releaseHeld: what its offline event is recorded with. */
export interface ReleasedRow {
  readonly id: number;
  readonly unid: string;
  readonly type: string;
  readonly settings: string;
}

export class EquipmentStatus {
  readonly #db: Kysely<Database>;
  readonly #nodeId: string;

  constructor(db: Kysely<Database>, nodeId: string = LOCAL_NODE_ID) {
    this.#db = db;
    this.#nodeId = nodeId;
  }

  /**
   * A link of the equipment came up on this node (which is written as its holder) or went down;
   * the offline write leaves a row another node has claimed since as that node wrote it.
   */
  async link(equipmentId: number, online: Flag, at: number): Promise<void> {
    const update = this.#db
      .updateTable('equipment')
      .set({
        online,
        status_at: at,
        link_node: online ? this.#nodeId : null,
        unanswered_address: null,
        unsupported_blocks: null,
      })
      .where('id', '=', equipmentId);
    await (
      online
        ? update
        : update.where((eb) => eb.or([eb('link_node', '=', this.#nodeId), eb('link_node', 'is', null)]))
    ).execute();
  }

  /**
   * Marks offline the rows still online that this node held (`alone`: every online row, since no
   * other node writes the flag); the rows it marked.
   */
  async releaseHeld(alone: boolean, at: number): Promise<ReleasedRow[]> {
    const update = this.#db
      .updateTable('equipment')
      .set({ online: 0, status_at: at, link_node: null, unanswered_address: null, unsupported_blocks: null })
      .where('online', '=', 1);
    return await (alone ? update : update.where('link_node', '=', this.#nodeId))
      .returning(['id', 'unid', 'type', 'settings'])
      .execute();
  }

  /** The address an online device does not answer at, or null once it answers. */
  async unanswered(equipmentId: number, address: number | null): Promise<void> {
    await this.#whileOnline(equipmentId, { unanswered_address: address });
  }

  /** The register blocks an online device refused, as stored (devices/unsupported-blocks.ts); null for none. */
  async unsupported(equipmentId: number, blocks: string | null): Promise<void> {
    await this.#whileOnline(equipmentId, { unsupported_blocks: blocks });
  }

  /** A device's battery level. */
  async battery(equipmentId: number, soc: number): Promise<void> {
    await this.#db.updateTable('equipment').set({ soc }).where('id', '=', equipmentId).execute();
  }

  /** Whether a device is alarming, and when that changed. */
  async alarm(equipmentId: number, alarm: Flag, at: number): Promise<void> {
    await this.#db
      .updateTable('equipment')
      .set({ alarm, status_at: at })
      .where('id', '=', equipmentId)
      .execute();
  }

  /** A column of the link's own, written only while the row says online (a link gone down clears it). */
  async #whileOnline(
    equipmentId: number,
    set: { readonly unanswered_address: number | null } | { readonly unsupported_blocks: string | null },
  ): Promise<void> {
    await this.#db
      .updateTable('equipment')
      .set(set)
      .where('id', '=', equipmentId)
      .where('online', '=', 1)
      .execute();
  }
}
