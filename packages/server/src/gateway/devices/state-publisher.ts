/**
 * What the device service tells of the devices, and where: their state and link pushed to the
 * live channel (the messages built at its edge, live/device-info.ts), handed to history (which
 * stores changes and raises alarms), and the status columns kept in the equipment rows (through
 * the one status writer, link/equipment-status.ts): whether an online host answers, the blocks it
 * refused, its battery level and whether it is alarming. A host's sub-devices share its link, so
 * its link state is pushed for them too.
 */
import type { JsonMsg, RfMsg, Settings } from '@fieldlink/protocol';
import type { Observation } from '../../history/recorder.js';
import { linkEvent, linkInfo, relayed, statePush } from '../../live/device-info.js';
import type { LinkInfo } from '../../live/device-info.js';
import type { DeviceParts } from './device-parts.js';
import type { DeviceState } from './device-target.js';
import type { HeldEquipment, OnlineHost, OnlineHosts } from './online-hosts.js';
import { storedUnsupported } from './unsupported-blocks.js';

export interface StatePublisherOptions extends Pick<
  DeviceParts,
  'db' | 'hub' | 'recorder' | 'status' | 'zone' | 'now' | 'log'
> {
  readonly hosts: OnlineHosts;
}

export class StatePublisher {
  readonly #o: StatePublisherOptions;

  constructor(options: StatePublisherOptions) {
    this.#o = options;
  }

  /** A device's own message, to the consoles that may read it at once, stamped with its arrival. */
  relay(equipmentId: number, message: JsonMsg | RfMsg): void {
    this.#o.hub.publish(equipmentId, relayed(message, this.#o.zone.format(this.#o.now())));
  }

  /** Pushes the link state of a host and its sub-devices, and records it. */
  async linkState(host: HeldEquipment, online: boolean, settings: Settings): Promise<void> {
    const children = await this.#o.db
      .selectFrom('equipment')
      .selectAll()
      .where('parent_id', '=', host.id)
      .execute();
    const at = this.#o.now();
    // The link event itself, at once; the device's state, coalesced with the rest of its info.
    this.#o.hub.publish(host.id, linkEvent(host.unid, online, this.#o.zone.format(at)));
    for (const e of [host, ...children]) this.#o.hub.pushDeviceInfo(e.id, linkInfo(e.unid, online));
    if (this.#o.recorder) {
      await this.#o.recorder.observe({ id: host.id, unid: host.unid, settings }, { at, online });
    }
  }

  /**
   * The state read from (or reported by) a device: pushed, recorded, and its alarm flag stored
   * when that changed. `urgent`: read for a user's operation, pushed without waiting for the live
   * window.
   */
  async state(
    equipment: HeldEquipment,
    settings: Settings,
    state: DeviceState,
    urgent = false,
  ): Promise<void> {
    const at = this.#o.now();
    this.#o.hub.pushDeviceInfo(
      equipment.id,
      statePush(equipment.unid, state, this.#o.zone.format(at), at),
      urgent,
    );
    if (!this.#o.recorder) return;
    const observation: Observation = { at, ...state };
    // Not waiting for the commit: statuses stream in, and nobody is told they were stored.
    this.#o.recorder.note({ id: equipment.id, unid: equipment.unid, settings }, observation);
    const alarm = this.#o.recorder.alarms.isAlarming(equipment.id) ? 1 : 0;
    if (alarm !== equipment.alarm) {
      await this.#o.status.alarm(equipment.id, alarm, at);
      (equipment as { alarm: 0 | 1 }).alarm = alarm;
    }
  }

  /**
   * A host's battery level: stored when it changed, pushed for the host and its sub-devices (which
   * show their host's, spec 000 § 4) and recorded.
   */
  async battery(host: OnlineHost, soc: number, at: number): Promise<void> {
    if (soc !== host.equipment.soc) {
      await this.#o.status.battery(host.equipment.id, soc);
      (host.equipment as { soc: number | null }).soc = soc;
    }
    await this.#pushLinkInfo(host, { SOC: soc });
    await this.#o.recorder?.observe(
      { id: host.equipment.id, unid: host.equipment.unid, settings: host.stored.settings },
      { at, soc },
    );
  }

  /**
   * Whether a host with its link up answers at its slave address (`unanswered` null) or not (the
   * address it was silent at): stored and pushed, for it and its sub-devices, when it changes. A
   * silent device keeps its link (its DTU or connection is there) and is read again at each poll.
   */
  async answering(host: OnlineHost, unanswered: number | null): Promise<void> {
    if (host.unanswered === unanswered || !this.#o.hosts.holds(host)) return;
    host.unanswered = unanswered;
    if (unanswered !== null) {
      this.#o.log.info(
        { equipmentId: host.equipment.id, sn: host.sn, address: unanswered },
        'the device does not answer at its slave address',
      );
    }
    await this.#o.status.unanswered(host.equipment.id, unanswered);
    await this.#pushLinkInfo(host, { Unanswered: unanswered });
  }

  /** Stores and pushes the register blocks an online host refused (for it alone: not its sub-devices'). */
  async unsupported(host: OnlineHost): Promise<void> {
    if (!this.#o.hosts.holds(host)) return;
    const shown = host.blocks.shown;
    if (Object.keys(shown).length > 0) {
      this.#o.log.info(
        { equipmentId: host.equipment.id, sn: host.sn, unsupported: shown },
        'the device refused register blocks: read without them, retried hourly',
      );
    }
    await this.#o.status.unsupported(host.equipment.id, storedUnsupported(shown));
    this.#o.hub.pushDeviceInfo(
      host.equipment.id,
      linkInfo(host.equipment.unid, true, { Unsupported: shown }),
    );
  }

  /** An `EquipInfoNow` of an online host, for it and its sub-devices (which show their host's link). */
  async #pushLinkInfo(host: OnlineHost, info: LinkInfo): Promise<void> {
    const children = await this.#o.db
      .selectFrom('equipment')
      .select(['id', 'unid'])
      .where('parent_id', '=', host.equipment.id)
      .execute();
    for (const e of [host.equipment, ...children]) {
      this.#o.hub.pushDeviceInfo(e.id, linkInfo(e.unid, true, info));
    }
  }
}
