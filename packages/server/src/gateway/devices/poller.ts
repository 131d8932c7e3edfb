/**
 * Reading the online hosts: the baseline poll of each (every `pollMs`, shed with a warning a
 * minute when the server falls behind), which also reads a gateway's or team host's sub-devices
 * through its link and, every upkeep interval, sets the host's clock and reads its battery; and
 * the sending of requests on a link, where only the silence of the link's own unit says the link
 * may be dead. What is read goes to the state publisher.
 */
import { equipmentType } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { LinkTimeoutError } from '../link/device-link.js';
import type { DeviceLink, RequestPriority } from '../link/device-link.js';
import { LogThrottle } from '../link/log-throttle.js';
import type { DeviceParts } from './device-parts.js';
import { isEmptyState, readBlocks, subDeviceTarget } from './device-target.js';
import type { DeviceState, Send } from './device-target.js';
import { upkeep } from './device-upkeep.js';
import type { OnlineHost, OnlineHosts } from './online-hosts.js';
import { PollSchedule } from './poll-schedule.js';
import type { StatePublisher } from './state-publisher.js';

export interface PollerOptions extends Pick<
  DeviceParts,
  'db' | 'registry' | 'work' | 'zone' | 'now' | 'log'
> {
  readonly hosts: OnlineHosts;
  readonly publisher: StatePublisher;
  readonly pollMs: number;
  readonly upkeepMs: number;
  /** Per-request timeout of the reads and writes; the link's own when undefined. */
  readonly timeoutMs: number | undefined;
}

export class Poller {
  readonly #o: PollerOptions;
  /** The baseline poll of the online hosts. */
  readonly #schedule: PollSchedule;
  /** One warning a minute when baseline polls are shed, with the count since the last one. */
  readonly #skipWarnings: LogThrottle;
  #skippedSinceWarning = 0;

  constructor(options: PollerOptions) {
    this.#o = options;
    this.#skipWarnings = new LogThrottle({ now: this.#o.now });
    this.#schedule = new PollSchedule(
      { periodMs: options.pollMs, onSkipped: (polls) => this.#shed(polls) },
      (id) => this.#o.work.track(this.poll(id).then(() => undefined)),
    );
  }

  /** Puts an online host in the baseline poll. */
  add(equipmentId: number): void {
    this.#schedule.add(equipmentId);
  }

  remove(equipmentId: number): void {
    this.#schedule.remove(equipmentId);
  }

  stop(): void {
    this.#schedule.stop();
  }

  /**
   * Reads the whole state of an online host once, pushes and records it; a baseline poll reads
   * its sub-devices too, and every upkeep interval the host's clock is set and its battery read.
   * Never overlaps itself.
   */
  async poll(equipmentId: number, priority: RequestPriority = 'poll'): Promise<DeviceState | null> {
    const host = this.#o.hosts.get(equipmentId);
    const link = host ? this.#o.registry.get(host.sn) : undefined;
    if (!host || !link || (priority === 'poll' && (host.polling || link.polledHere === false))) return null;
    host.polling = true;
    try {
      const unit = host.unit;
      // Whether the device itself answered at its address, or only stayed silent there.
      let answered = false;
      let silent = false;
      const linkSend = this.sender(link, unit);
      const send: Send = (to, request, p) =>
        linkSend(to, request, p).then(
          (response) => {
            if (to === unit) answered = true;
            return response;
          },
          (e: unknown) => {
            if (to === unit && e instanceof LinkTimeoutError) silent = true;
            throw e;
          },
        );
      const at = this.#o.now();
      const read = await readBlocks(send, { type: host.type, unit }, priority, host.blocks.skip(at));
      const state = read.state;
      if (link.polledHere !== false && unit === host.unit) {
        if (answered || silent) await this.#o.publisher.answering(host, answered ? null : unit);
        if (host.blocks.note(read, at)) await this.#o.publisher.unsupported(host);
      }
      if (state && !isEmptyState(state))
        await this.#o.publisher.state(host.equipment, host.stored.settings, state, priority === 'user');
      if (priority === 'poll' && host.type.hostRole) await this.#pollSubDevices(host, send);
      const upkeepDue = this.#o.now() - host.upkeptAt >= this.#o.upkeepMs;
      if (state && upkeepDue && link.polledHere !== false) await this.#upkeep(host, send);
      return state;
    } finally {
      host.polling = false;
    }
  }

  /** Sends on `link`; only the silence of the link's own unit (`hostUnit`) says the link may be dead. */
  sender(link: DeviceLink, hostUnit: number): Send {
    return (unit, request, priority) => this.send(link, unit, request, priority, unit === hostUnit);
  }

  send(
    link: DeviceLink,
    slave: number,
    request: ModbusRequest,
    priority: RequestPriority,
    probesLink: boolean,
  ): Promise<ModbusResponse> {
    return link.request(slave, request, {
      priority,
      probesLink,
      ...(this.#o.timeoutMs === undefined ? {} : { timeoutMs: this.#o.timeoutMs }),
    });
  }

  /** Baseline polls the schedule shed because the server was behind: logged at most once a minute. */
  #shed(polls: number): void {
    this.#skippedSinceWarning += polls;
    if (this.#skipWarnings.take('skipped') === null) return;
    this.#o.log.warn({ skipped: this.#skippedSinceWarning }, 'baseline polls skipped: the server was behind');
    this.#skippedSinceWarning = 0;
  }

  /** Team slaves and meters behind a host, read through its link one after the other. */
  async #pollSubDevices(host: OnlineHost, send: Send): Promise<void> {
    const children = await this.#o.db
      .selectFrom('equipment')
      .selectAll()
      .where('parent_id', '=', host.equipment.id)
      .orderBy('id')
      .execute();
    for (const child of children) {
      const type = equipmentType(child.type);
      if (!type || this.#o.work.stopped || !this.#o.hosts.has(host.equipment.id)) continue;
      const target = subDeviceTarget(host.type, host.unit, child, type);
      if ('unreachable' in target) continue;
      const { state } = await readBlocks(send, target, 'poll');
      if (state && !isEmptyState(state)) {
        await this.#o.publisher.state(child, this.#o.hosts.childSettings(host, child, type), state);
      }
    }
  }

  /** Sets the host's clock, reads its battery, and pushes and stores the level for it and its sub-devices. */
  async #upkeep(host: OnlineHost, send: Send): Promise<void> {
    const at = this.#o.now();
    host.upkeptAt = at;
    const status = await upkeep(send, host.unit, at, this.#o.zone.offset(at) / 60_000, {
      clock: host.clockSync,
      status: host.type.clock,
    });
    if (!status || status.soc === null || this.#o.work.stopped) return;
    await this.#o.publisher.battery(host, status.soc, at);
  }
}
