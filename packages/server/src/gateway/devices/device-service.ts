/**
 * What the server does with the devices whose links are up: it reads their state (a baseline
 * poll, every `pollMs`, and the cyclic reads a console asks for), pushes what it read to the live
 * channel, hands it to history (which stores changes and raises alarms), and carries out
 * operations. Link state is event driven: a link coming up or going down is pushed at once, for
 * the device and its sub-devices, which share its link (spec §4).
 *
 * The facade of its parts: the online hosts and their settings (online-hosts.ts), the poller
 * (poller.ts), the operation runner (operation-runner.ts) and the state publisher
 * (state-publisher.ts: what is pushed, recorded and written to the status columns), with what
 * they share (device-parts.ts, background-work.ts).
 */
import { equipmentType } from '@fieldlink/protocol';
import type { JsonMsg, Operation, RfMsg, Settings } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { HistoryRecorder } from '../../history/recorder.js';
import { DEFAULT_TIME_ZONE, ZonedTime } from '../../history/time.js';
import type { LiveHub } from '../../live/hub.js';
import type { Database, Equipment } from '../../storage/schema.js';
import type { RequestPriority } from '../link/device-link.js';
import { EquipmentStatus } from '../link/equipment-status.js';
import { silentLog } from '../link/log.js';
import type { GatewayLog } from '../link/log.js';
import type { LinkRegistry } from '../link/registry.js';
import { BackgroundWork } from './background-work.js';
import type { DeviceParts } from './device-parts.js';
import type { DeviceState } from './device-target.js';
import { UPKEEP_MS } from './device-upkeep.js';
import { OnlineHosts, storedSettings } from './online-hosts.js';
import type { OnlineHost } from './online-hosts.js';
import type { OperationOutcome } from './operation-errors.js';
import { OperationRunner } from './operation-runner.js';
import { Poller } from './poller.js';
import { StatePublisher } from './state-publisher.js';

export type { DeviceState } from './device-target.js';
export { OperationError } from './operation-errors.js';
export type { OperationOutcome } from './operation-errors.js';

export interface DeviceServiceOptions {
  readonly db: Kysely<Database>;
  readonly registry: LinkRegistry;
  readonly hub: LiveHub;
  readonly recorder?: HistoryRecorder;
  /** The baseline poll of every online device; default 60 s. */
  readonly pollMs?: number;
  /** Per-request timeout of the reads and writes; default the link's (3000 ms). */
  readonly timeoutMs?: number;
  readonly now?: () => number;
  /** The zone of pushed times and of the clock set in devices; default Asia/Shanghai. */
  readonly timeZone?: string;
  /** Between the clock sets and status reads of each device; default 10 minutes. */
  readonly upkeepMs?: number;
  /**
   * How often the stored settings are compared with those the online devices are recorded with,
   * so that an edit made on any node is used; default 5000 ms.
   */
  readonly settingsCheckMs?: number;
  readonly log?: GatewayLog;
}

export class DeviceService {
  readonly #parts: DeviceParts;
  readonly #hosts: OnlineHosts;
  readonly #publisher: StatePublisher;
  readonly #poller: Poller;
  readonly #runner: OperationRunner;

  constructor(options: DeviceServiceOptions) {
    const { db, registry } = options;
    const log = options.log ?? silentLog;
    const work = new BackgroundWork(log);
    const parts: DeviceParts = {
      db,
      registry,
      hub: options.hub,
      recorder: options.recorder,
      status: new EquipmentStatus(db),
      work,
      zone: new ZonedTime(options.timeZone ?? DEFAULT_TIME_ZONE),
      now: options.now ?? Date.now,
      log,
    };
    this.#parts = parts;
    const hosts = new OnlineHosts({ ...parts, readdressed: (host) => this.#readdressed(host) });
    const publisher = new StatePublisher({ ...parts, hosts });
    const poller = new Poller({
      ...parts,
      hosts,
      publisher,
      pollMs: options.pollMs ?? 60_000,
      upkeepMs: options.upkeepMs ?? UPKEEP_MS,
      timeoutMs: options.timeoutMs,
    });
    this.#hosts = hosts;
    this.#publisher = publisher;
    this.#poller = poller;
    this.#runner = new OperationRunner({ ...parts, hosts, poller, publisher });
    registry.on('online', (sn, id) => work.track(this.#up(sn, id)));
    registry.on('offline', (sn, id) => work.track(this.#down(sn, id)));
    hosts.watchSettings(options.settingsCheckMs ?? 5000);
  }

  /** The settings an online device's readings are recorded and its alarms evaluated with. */
  settingsOf(equipmentId: number): Settings | undefined {
    return this.#hosts.get(equipmentId)?.stored.settings;
  }

  /** Distinct parsed settings held for the online devices. */
  get sharedSettings(): number {
    return this.#hosts.sharedSettings;
  }

  /** Whether the equipment (or its host) has a link up. */
  isOnline(equipmentId: number): boolean {
    return this.#hosts.has(equipmentId);
  }

  /** Background work still running (pauses, cycles, cyclic reads, link changes): 0 when idle. */
  get busy(): number {
    return this.#parts.work.size;
  }

  /** Stops polling and waits for background work; the links are closed by their transports. */
  async stop(): Promise<void> {
    this.#parts.work.stop();
    this.#poller.stop();
    await this.#hosts.stop();
    await this.#parts.work.settled();
  }

  /**
   * A device's own message (its JSON, a team host's radio frame), to the consoles that may read
   * it at once, stamped with the time it arrived.
   */
  relay(equipmentId: number, message: JsonMsg | RfMsg): void {
    if (this.#parts.work.stopped) return;
    this.#publisher.relay(equipmentId, message);
  }

  /**
   * State a device sent of its own accord (an MQTT report), whole or in part: pushed and recorded
   * like a poll's. Ignored unless the device's link is up on this node.
   */
  async report(equipmentId: number, state: DeviceState): Promise<void> {
    const host = this.#hosts.get(equipmentId);
    if (!host || this.#parts.work.stopped) return;
    const { soc } = state;
    if (state.do || state.di || state.ai || state.ao) {
      await this.#publisher.state(
        host.equipment,
        host.stored.settings,
        soc === undefined ? state : { do: state.do, di: state.di, ai: state.ai, ao: state.ao },
      );
    }
    if (soc !== undefined) await this.#publisher.battery(host, soc, this.#parts.now());
  }

  /**
   * Reads the whole state of an online host once, pushes and records it; a baseline poll reads
   * its sub-devices too, and every upkeep interval the host's clock is set and its battery read.
   * Never overlaps itself.
   */
  poll(equipmentId: number, priority: RequestPriority = 'poll'): Promise<DeviceState | null> {
    return this.#poller.poll(equipmentId, priority);
  }

  /**
   * Carries out an operation that passed the rights and channel checks. Resolves when the first
   * part is done (what comes after a pause or a cycle goes on in the background) and its event is
   * stored; rejects with OperationError when the device is offline, the operation is not carried
   * by the register map, the device refused it, or (`unrecorded`) it was done but its event could
   * not be stored.
   */
  operate(equipment: Equipment, op: Operation, userId: number | null): Promise<OperationOutcome> {
    return this.#runner.operate(equipment, op, userId);
  }

  /** Reads holding registers (rule pages, AO) of an equipment for the asker; values per register. */
  readRegisters(equipment: Equipment, start: number, count: number): Promise<number[]> {
    return this.#runner.readRegisters(equipment, start, count);
  }

  async #up(sn: string, equipmentId: number): Promise<void> {
    const equipment = await this.#equipment(equipmentId);
    const type = equipment ? equipmentType(equipment.type) : undefined;
    if (!equipment || !type || this.#parts.work.stopped) return;
    const host = this.#hosts.add(sn, equipment, type, this.#parts.registry.get(sn));
    if (host.link?.polledHere !== false) {
      await this.#publisher.linkState(host.equipment, true, host.stored.settings);
    }
    this.#poller.add(equipmentId);
    await this.#poller.poll(equipmentId);
  }

  async #down(_sn: string, equipmentId: number): Promise<void> {
    this.#poller.remove(equipmentId);
    const host = this.#hosts.remove(equipmentId);
    if (host) {
      if (host.link?.polledHere !== false) {
        await this.#publisher.linkState(host.equipment, false, host.stored.settings);
      }
      return;
    }
    const equipment = await this.#equipment(equipmentId);
    if (equipment) await this.#publisher.linkState(equipment, false, storedSettings(equipment));
  }

  /** Its owner set another address: it is read there at once, which says whether it answers. */
  async #readdressed(host: OnlineHost): Promise<void> {
    // Another address may be another board: every block is tried there.
    if (host.blocks.clear()) await this.#publisher.unsupported(host);
    this.#parts.work.track(this.#poller.poll(host.equipment.id, 'user').then(() => undefined));
  }

  #equipment(id: number): Promise<Equipment | undefined> {
    return this.#parts.db.selectFrom('equipment').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
