/**
 * What the server does with the devices whose links are up: it reads their state (a baseline
 * poll, every `pollMs`, and the cyclic reads a console asks for), pushes what it read to the live
 * channel, hands it to history (which stores changes and raises alarms), and carries out
 * operations. Link state is event driven: a link coming up or going down is pushed at once, for
 * the device and its sub-devices, which share its link (spec §4).
 */
import { equipmentType, isException, packChannels, planOperation } from '@fieldlink/protocol';
import type { PushInfo } from '@fieldlink/protocol';
import type {
  EquipmentType,
  JsonMsg,
  RfMsg,
  ModbusRequest,
  ModbusResponse,
  Operation,
  OperationPlan,
  PlanStep,
} from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { Settings } from '@fieldlink/protocol';
import { readSettings } from '../equipment/settings.js';
import type { HistoryRecorder, Observation } from '../history/recorder.js';
import { HistoryBacklogError } from '../history/writer.js';
import { DEFAULT_TIME_ZONE, ZonedTime } from '../history/time.js';
import type { LiveHub } from '../live/hub.js';
import type { Database, Equipment } from '../storage/schema.js';
import { LinkTimeoutError } from './device-link.js';
import type { DeviceLink, RequestPriority } from './device-link.js';
import { isEmptyState, putBlock, readBlocks, subDeviceTarget } from './device-target.js';
import type { Block, DeviceState, Send, StateDraft, Target } from './device-target.js';
import { upkeep, UPKEEP_MS } from './device-upkeep.js';
import { PollSchedule } from './poll-schedule.js';
import { storedUnsupported, UnsupportedBlocks } from './unsupported-blocks.js';
import { SharedSettings } from './shared-settings.js';
import type { SettingsEntry } from './shared-settings.js';
import type { LinkRegistry } from './registry.js';
import { LogThrottle } from './log-throttle.js';
import { silentLog } from './log.js';
import type { GatewayLog } from './log.js';

export type { DeviceState } from './device-target.js';

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

/** How far back each settings check looks before the last one, for clocks that differ between nodes. */
const SETTINGS_CLOCK_MARGIN_MS = 60_000;

/**
 * Why an operation could not be carried out, or, with `unrecorded`, why it was carried out but
 * cannot be acknowledged: its record could not be stored.
 */
export class OperationError extends Error {
  constructor(
    readonly code: 'offline' | 'unsupported' | 'device' | 'unrecorded',
    message: string,
    /** With `device`: the Modbus exception code the device refused it with. */
    readonly exception?: number,
  ) {
    super(message);
    this.name = 'OperationError';
  }
}

/** The answer of the last request of an operation, for the caller. */
export interface OperationOutcome {
  /** 'done' when every step ran; 'started' when steps go on after the reply (pauses, cycles, cyclic reads). */
  readonly status: 'done' | 'started';
  readonly response: ModbusResponse | null;
  /** The answers to every request sent before the reply, in order. */
  readonly responses: readonly ModbusResponse[];
}

/**
 * An equipment row without its settings text: what is kept for an online device beside its parsed
 * settings (the text is the larger part of a row, and 20,000 of them add up).
 */
type HeldEquipment = Omit<Equipment, 'settings'>;

function withoutSettings(row: Equipment): HeldEquipment {
  const { settings: _text, ...rest } = row;
  return rest;
}

interface Online {
  readonly sn: string;
  readonly equipment: HeldEquipment;
  readonly type: EquipmentType;
  /** The slave address its requests go to: its own (`slave_address`) or its type's. */
  unit: number;
  /** The address it did not answer at in its last poll; null while it answers or before a poll. */
  unanswered: number | null;
  /** The server sets its clock: its own choice (`clock_sync`), else its type's (`clock`). */
  clockSync: boolean;
  /** The register blocks it refused, left out of its polls and retried rarely. */
  readonly blocks: UnsupportedBlocks;
  /** Its parsed settings, shared with the devices of its type stored with the same text. */
  stored: SettingsEntry;
  polling: boolean;
  /** When the clock was last set and the status block read; 0 before the first time. */
  upkeptAt: number;
  /** Settings of its sub-devices (shared like its own), kept while their stored text stays the same. */
  readonly childSettings: Map<number, SettingsEntry>;
  /** The link it came up on, which says whether this node polls it (see DeviceLink.polledHere). */
  readonly link: DeviceLink | undefined;
}

/** The link and place an equipment is reached at. */
interface Route {
  readonly link: DeviceLink;
  readonly target: Target;
  readonly host: Online;
  readonly equipment: Equipment;
}

const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export class DeviceService {
  readonly #db: Kysely<Database>;
  readonly #registry: LinkRegistry;
  readonly #hub: LiveHub;
  readonly #recorder: HistoryRecorder | undefined;
  readonly #pollMs: number;
  readonly #timeoutMs: number | undefined;
  readonly #now: () => number;
  readonly #zone: ZonedTime;
  readonly #log: GatewayLog;
  readonly #upkeepMs: number;
  /** Online hosts by equipment id. */
  readonly #online = new Map<number, Online>();
  /** The cyclic reads running, by equipment id: reads left and the time between them. */
  readonly #watched = new Map<number, { left: number; intervalMs: number }>();
  /** Background work (pauses, cycles, cyclic reads) still running. */
  readonly #running = new Set<Promise<void>>();
  /** The baseline poll of the online hosts. */
  readonly #schedule: PollSchedule;
  /** One warning a minute when baseline polls are shed, with the count since the last one. */
  readonly #skipWarnings: LogThrottle;
  #skippedSinceWarning = 0;
  readonly #settings = new SharedSettings();
  readonly #settingsTimer: NodeJS.Timeout;
  /** When the stored settings were last compared (this node's clock). */
  #settingsCheckedAt: number;
  /** The settings check under way. */
  #settingsCheck: Promise<void> | null = null;
  #stopped = false;

  constructor(options: DeviceServiceOptions) {
    this.#db = options.db;
    this.#registry = options.registry;
    this.#hub = options.hub;
    this.#recorder = options.recorder;
    this.#pollMs = options.pollMs ?? 60_000;
    this.#timeoutMs = options.timeoutMs;
    this.#now = options.now ?? Date.now;
    this.#zone = new ZonedTime(options.timeZone ?? DEFAULT_TIME_ZONE);
    this.#log = options.log ?? silentLog;
    this.#upkeepMs = options.upkeepMs ?? UPKEEP_MS;
    this.#skipWarnings = new LogThrottle({ now: this.#now });
    this.#schedule = new PollSchedule(
      { periodMs: this.#pollMs, onSkipped: (polls) => this.#shed(polls) },
      (id) => this.#track(this.poll(id).then(() => undefined)),
    );
    this.#registry.on('online', (sn, id) => this.#track(this.#up(sn, id)));
    this.#registry.on('offline', (sn, id) => this.#track(this.#down(sn, id)));
    this.#settingsCheckedAt = this.#now();
    // Not counted as busy: it runs all the time, and is not work a device or a console started.
    this.#settingsTimer = setInterval(() => {
      this.#settingsCheck ??= this.#checkSettings()
        .catch((e: unknown) => this.#log.warn({ err: e }, 'settings check failed'))
        .finally(() => (this.#settingsCheck = null));
    }, options.settingsCheckMs ?? 5000);
    this.#settingsTimer.unref();
  }

  /** The settings an online device's readings are recorded and its alarms evaluated with. */
  settingsOf(equipmentId: number): Settings | undefined {
    return this.#online.get(equipmentId)?.stored.settings;
  }

  /** Distinct parsed settings held for the online devices. */
  get sharedSettings(): number {
    return this.#settings.size;
  }

  /** Whether the equipment (or its host) has a link up. */
  isOnline(equipmentId: number): boolean {
    return this.#online.has(equipmentId);
  }

  /** Background work still running (pauses, cycles, cyclic reads, link changes): 0 when idle. */
  get busy(): number {
    return this.#running.size;
  }

  /** Stops polling and waits for background work; links are closed by the listener. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#schedule.stop();
    clearInterval(this.#settingsTimer);
    await this.#settingsCheck;
    await Promise.allSettled([...this.#running]);
  }

  #track(work: Promise<void>): void {
    const p = work.catch((e: unknown) => {
      // The writer reports its own backlog (HistoryWriter onBacklog).
      if (!(e instanceof HistoryBacklogError)) this.#log.warn({ err: e }, 'device link work failed');
    });
    this.#running.add(p);
    void p.finally(() => this.#running.delete(p));
  }

  async #up(sn: string, equipmentId: number): Promise<void> {
    const equipment = await this.#db
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', equipmentId)
      .executeTakeFirst();
    const type = equipment ? equipmentType(equipment.type) : undefined;
    if (!equipment || !type || this.#stopped) return;
    const host: Online = {
      sn,
      equipment: withoutSettings(equipment),
      type,
      unit: equipment.slave_address ?? type.slaveAddress,
      unanswered: null,
      blocks: new UnsupportedBlocks(),
      clockSync: clockSyncOf(equipment, type),
      stored: this.#settings.acquire(type, equipment.settings),
      polling: false,
      upkeptAt: 0,
      childSettings: new Map(),
      link: this.#registry.get(sn),
    };
    const replaced = this.#online.get(equipmentId);
    if (replaced) this.#releaseSettings(replaced);
    this.#online.set(equipmentId, host);
    if (host.link?.polledHere !== false) {
      await this.#linkState(host.equipment, true, host.stored.settings);
    }
    this.#schedule.add(equipmentId);
    await this.poll(equipmentId);
  }

  async #down(_sn: string, equipmentId: number): Promise<void> {
    const host = this.#online.get(equipmentId);
    this.#schedule.remove(equipmentId);
    this.#online.delete(equipmentId);
    if (host) {
      this.#releaseSettings(host);
      if (host.link?.polledHere !== false) {
        await this.#linkState(host.equipment, false, host.stored.settings);
      }
      return;
    }
    const equipment = await this.#db
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', equipmentId)
      .executeTakeFirst();
    if (equipment) await this.#linkState(equipment, false, this.#storedSettings(equipment));
  }

  /** Pushes the link state of a host and its sub-devices, and stores it. */
  async #linkState(host: HeldEquipment, online: boolean, settings: Settings): Promise<void> {
    const children = await this.#db
      .selectFrom('equipment')
      .selectAll()
      .where('parent_id', '=', host.id)
      .execute();
    const at = this.#now();
    // The link event itself, at once; the device's state, coalesced with the rest of its info.
    this.#hub.publish(host.id, {
      infotype: 'GPRSReg',
      info: { SN: host.unid, IsOnline: online, Time: this.#zone.format(at) },
    });
    for (const e of [host, ...children]) {
      this.#hub.pushDeviceInfo(e.id, { infotype: 'EquipInfoNow', info: { SN: e.unid, IsOnline: online } });
    }
    if (this.#recorder) {
      await this.#recorder.observe({ id: host.id, unid: host.unid, settings }, { at, online });
    }
  }

  /**
   * Takes the settings edited since the last check (on any node: they are read from the store)
   * for the devices online here.
   */
  async #checkSettings(): Promise<void> {
    if (this.#stopped) return;
    const checkedAt = this.#now();
    if (this.#online.size === 0) {
      this.#settingsCheckedAt = checkedAt;
      return;
    }
    const rows = await this.#db
      .selectFrom('equipment')
      .select(['id', 'settings', 'slave_address', 'clock_sync'])
      .where('updated_at', '>=', this.#settingsCheckedAt - SETTINGS_CLOCK_MARGIN_MS)
      .execute();
    this.#settingsCheckedAt = checkedAt;
    for (const row of rows) {
      const host = this.#online.get(row.id);
      if (!host) continue;
      if (host.stored.text !== row.settings) {
        this.#settings.release(host.stored);
        host.stored = this.#settings.acquire(host.type, row.settings);
      }
      host.clockSync = clockSyncOf(row, host.type);
      const unit = row.slave_address ?? host.type.slaveAddress;
      if (unit !== host.unit) {
        // Its owner set another address: read it there at once, which says whether it answers.
        host.unit = unit;
        // Another address may be another board: every block is tried there.
        if (host.blocks.clear()) await this.#unsupported(host);
        this.#track(this.poll(row.id, 'user').then(() => undefined));
      }
    }
  }

  /** The settings of an equipment read from the store (one not online here). */
  #storedSettings(equipment: Equipment): Settings {
    const type = equipmentType(equipment.type);
    return readSettings(type?.counts ?? { do: 0, di: 0, ai: 0, ao: 0 }, equipment.settings, '');
  }

  /**
   * A device's own message (its JSON, a team host's radio frame), to the consoles that may read
   * it at once, stamped with the time it arrived.
   */
  relay(equipmentId: number, message: JsonMsg | RfMsg): void {
    if (this.#stopped) return;
    const Time = this.#zone.format(this.#now());
    this.#hub.publish(
      equipmentId,
      message.infotype === 'JsonMsg'
        ? { infotype: 'JsonMsg', info: { ...message.info, Time } }
        : { infotype: 'RFMsg', info: { ...message.info, Time } },
    );
  }

  /**
   * State a device sent of its own accord (an MQTT report), whole or in part: pushed and recorded
   * like a poll's. Ignored unless the device's link is up on this node.
   */
  async report(equipmentId: number, state: DeviceState): Promise<void> {
    const host = this.#online.get(equipmentId);
    if (!host || this.#stopped) return;
    const { soc } = state;
    if (state.do || state.di || state.ai || state.ao) {
      await this.#publishState(
        host.equipment,
        host.stored.settings,
        soc === undefined ? state : { do: state.do, di: state.di, ai: state.ai, ao: state.ao },
      );
    }
    if (soc !== undefined) await this.#battery(host, soc, this.#now());
  }

  /** Baseline polls the schedule shed because the server was behind: logged at most once a minute. */
  #shed(polls: number): void {
    this.#skippedSinceWarning += polls;
    if (this.#skipWarnings.take('skipped') === null) return;
    this.#log.warn({ skipped: this.#skippedSinceWarning }, 'baseline polls skipped: the server was behind');
    this.#skippedSinceWarning = 0;
  }

  /**
   * Reads the whole state of an online host once, pushes and records it; a baseline poll reads
   * its sub-devices too, and every upkeep interval the host's clock is set and its battery read.
   * Never overlaps itself.
   */
  async poll(equipmentId: number, priority: RequestPriority = 'poll'): Promise<DeviceState | null> {
    const host = this.#online.get(equipmentId);
    const link = host ? this.#registry.get(host.sn) : undefined;
    if (!host || !link || (priority === 'poll' && (host.polling || link.polledHere === false))) return null;
    host.polling = true;
    try {
      const unit = host.unit;
      // Whether the device itself answered at its address, or only stayed silent there.
      let answered = false;
      let silent = false;
      const linkSend = this.#sender(link, unit);
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
      const at = this.#now();
      const read = await readBlocks(send, { type: host.type, unit }, priority, host.blocks.skip(at));
      const state = read.state;
      if (link.polledHere !== false && unit === host.unit) {
        if (answered || silent) await this.#answering(host, answered ? null : unit);
        if (host.blocks.note(read, at)) await this.#unsupported(host);
      }
      if (state && !isEmptyState(state))
        await this.#publishState(host.equipment, host.stored.settings, state, priority === 'user');
      if (priority === 'poll' && host.type.hostRole) await this.#pollSubDevices(host, send);
      const upkeepDue = this.#now() - host.upkeptAt >= this.#upkeepMs;
      if (state && upkeepDue && link.polledHere !== false) await this.#upkeep(host, send);
      return state;
    } finally {
      host.polling = false;
    }
  }

  /** Team slaves and meters behind a host, read through its link one after the other. */
  async #pollSubDevices(host: Online, send: Send): Promise<void> {
    const children = await this.#db
      .selectFrom('equipment')
      .selectAll()
      .where('parent_id', '=', host.equipment.id)
      .orderBy('id')
      .execute();
    for (const child of children) {
      const type = equipmentType(child.type);
      if (!type || this.#stopped || !this.#online.has(host.equipment.id)) continue;
      const target = subDeviceTarget(host.type, host.unit, child, type);
      if ('unreachable' in target) continue;
      const { state } = await readBlocks(send, target, 'poll');
      if (state && !isEmptyState(state)) {
        await this.#publishState(child, this.#childSettings(host, child, type), state);
      }
    }
  }

  #childSettings(host: Online, child: Equipment, type: EquipmentType): Settings {
    const kept = host.childSettings.get(child.id);
    if (kept && kept.text === child.settings) return kept.settings;
    // A host gone offline meanwhile has given its entries back: nothing more is held for it.
    if (this.#online.get(host.equipment.id) !== host)
      return readSettings(type.counts, child.settings, type.image);
    if (kept) this.#settings.release(kept);
    const entry = this.#settings.acquire(type, child.settings);
    host.childSettings.set(child.id, entry);
    return entry.settings;
  }

  /** Gives back the settings a host and its sub-devices held while it was online here. */
  #releaseSettings(host: Online): void {
    this.#settings.release(host.stored);
    for (const entry of host.childSettings.values()) this.#settings.release(entry);
    host.childSettings.clear();
  }

  /** Sets the host's clock, reads its battery, and pushes and stores the level for it and its sub-devices. */
  async #upkeep(host: Online, send: Send): Promise<void> {
    const at = this.#now();
    host.upkeptAt = at;
    const status = await upkeep(send, host.unit, at, this.#zone.offset(at) / 60_000, {
      clock: host.clockSync,
      status: host.type.clock,
    });
    if (!status || status.soc === null || this.#stopped) return;
    await this.#battery(host, status.soc, at);
  }

  /**
   * Whether a host with its link up answers at its slave address (`unanswered` null) or not (the
   * address it was silent at): stored and pushed, for it and its sub-devices, when it changes. A
   * silent device keeps its link (its DTU or connection is there) and is read again at each poll.
   */
  async #answering(host: Online, unanswered: number | null): Promise<void> {
    if (host.unanswered === unanswered || this.#online.get(host.equipment.id) !== host) return;
    host.unanswered = unanswered;
    if (unanswered !== null) {
      this.#log.info(
        { equipmentId: host.equipment.id, sn: host.sn, address: unanswered },
        'the device does not answer at its slave address',
      );
    }
    await this.#db
      .updateTable('equipment')
      .set({ unanswered_address: unanswered })
      .where('id', '=', host.equipment.id)
      .where('online', '=', 1)
      .execute();
    await this.#pushLinkInfo(host, { Unanswered: unanswered });
  }

  /** Stores and pushes the register blocks an online host refused (for it alone: not its sub-devices'). */
  async #unsupported(host: Online): Promise<void> {
    if (this.#online.get(host.equipment.id) !== host) return;
    const shown = host.blocks.shown;
    if (Object.keys(shown).length > 0) {
      this.#log.info(
        { equipmentId: host.equipment.id, sn: host.sn, unsupported: shown },
        'the device refused register blocks: read without them, retried hourly',
      );
    }
    await this.#db
      .updateTable('equipment')
      .set({ unsupported_blocks: storedUnsupported(shown) })
      .where('id', '=', host.equipment.id)
      .where('online', '=', 1)
      .execute();
    this.#hub.pushDeviceInfo(host.equipment.id, {
      infotype: 'EquipInfoNow',
      info: { SN: host.equipment.unid, IsOnline: true, Unsupported: shown },
    });
  }

  /** An `EquipInfoNow` of an online host, for it and its sub-devices (which show their host's link). */
  async #pushLinkInfo(host: Online, info: { SOC?: number; Unanswered?: number | null }): Promise<void> {
    const children = await this.#db
      .selectFrom('equipment')
      .select(['id', 'unid'])
      .where('parent_id', '=', host.equipment.id)
      .execute();
    for (const e of [host.equipment, ...children]) {
      this.#hub.pushDeviceInfo(e.id, {
        infotype: 'EquipInfoNow',
        info: { SN: e.unid, IsOnline: true, ...info },
      });
    }
  }

  /**
   * A host's battery level: stored when it changed, pushed for the host and its sub-devices (which
   * show their host's, spec 000 § 4) and recorded.
   */
  async #battery(host: Online, soc: number, at: number): Promise<void> {
    if (soc !== host.equipment.soc) {
      await this.#db.updateTable('equipment').set({ soc }).where('id', '=', host.equipment.id).execute();
      (host.equipment as { soc: number | null }).soc = soc;
    }
    await this.#pushLinkInfo(host, { SOC: soc });
    await this.#recorder?.observe(
      { id: host.equipment.id, unid: host.equipment.unid, settings: host.stored.settings },
      { at, soc },
    );
  }

  /** Sends on `link`; only the silence of the link's own unit (`hostUnit`) says the link may be dead. */
  #sender(link: DeviceLink, hostUnit: number): Send {
    return (unit, request, priority) => this.#send(link, unit, request, priority, unit === hostUnit);
  }

  #send(
    link: DeviceLink,
    slave: number,
    request: ModbusRequest,
    priority: RequestPriority,
    probesLink: boolean,
  ) {
    return link.request(slave, request, {
      priority,
      probesLink,
      ...(this.#timeoutMs === undefined ? {} : { timeoutMs: this.#timeoutMs }),
    });
  }

  /** `urgent`: read for a user's operation, pushed without waiting for the live window. */
  async #publishState(
    equipment: HeldEquipment,
    settings: Settings,
    state: DeviceState,
    urgent = false,
  ): Promise<void> {
    const at = this.#now();
    // Built field by field: this runs for every poll and every report.
    const info: { -readonly [K in keyof PushInfo['info']]: PushInfo['info'][K] } = { SN: equipment.unid };
    if (state.do) {
      info.regdo = Array.from(packChannels(state.do));
      info.donum = state.do.length;
    }
    if (state.di) {
      info.regdi = Array.from(packChannels(state.di));
      info.dinum = state.di.length;
    }
    if (state.ai) {
      if (state.ai.every(isRegisterValue)) info.regai = state.ai.slice();
      else info.strregai = state.ai.map(String);
      info.ainum = state.ai.length;
    }
    if (state.ao) {
      info.regao = state.ao.slice();
      info.aonum = state.ao.length;
    }
    if (state.soc !== undefined) info.SOC = state.soc;
    info.IsOnline = true;
    info.Time = this.#zone.format(at);
    this.#hub.pushDeviceInfo(equipment.id, { infotype: 'PushInfo', info }, urgent);
    if (!this.#recorder) return;
    const observation: Observation = { at, ...state };
    // Not waiting for the commit: statuses stream in, and nobody is told they were stored.
    this.#recorder.note({ id: equipment.id, unid: equipment.unid, settings }, observation);
    const alarm = this.#recorder.alarms.isAlarming(equipment.id) ? 1 : 0;
    if (alarm !== equipment.alarm) {
      await this.#db
        .updateTable('equipment')
        .set({ alarm, status_at: at })
        .where('id', '=', equipment.id)
        .execute();
      (equipment as { alarm: 0 | 1 }).alarm = alarm;
    }
  }

  /** How an equipment is reached: its own link, or its host's (docs/protocol.md § Sub-device addressing). */
  async #route(equipment: Equipment): Promise<Route> {
    const type = equipmentType(equipment.type);
    if (!type) throw new OperationError('unsupported', 'unknown device');
    const hostId = equipment.parent_id ?? equipment.id;
    const host = this.#online.get(hostId);
    const link = host ? this.#registry.get(host.sn) : undefined;
    if (host && !link && this.#registry.inGrace(host.sn)) {
      throw new OperationError('offline', 'the device is reconnecting: try again in a moment');
    }
    if (!host || !link) throw new OperationError('offline', 'the equipment is offline');
    if (equipment.parent_id === null) {
      return { link, target: { type, unit: host.unit }, host, equipment };
    }
    const target = subDeviceTarget(host.type, host.unit, equipment, type);
    if ('unreachable' in target) throw new OperationError('unsupported', target.unreachable);
    return { link, target, host, equipment };
  }

  /**
   * Carries out an operation that passed the rights and channel checks. Resolves when the first
   * part is done (what comes after a pause or a cycle goes on in the background) and its event is
   * stored; rejects with OperationError when the device is offline, the operation is not carried
   * by the register map, the device refused it, or (`unrecorded`) it was done but its event could
   * not be stored.
   */
  async operate(equipment: Equipment, op: Operation, userId: number | null): Promise<OperationOutcome> {
    const route = await this.#route(equipment);
    const type = route.target.type;
    const plan: OperationPlan =
      route.target.dl645Register !== undefined && op.opr !== 'read' && op.opr !== 'readall'
        ? { kind: 'unsupported', reason: 'a DL645 meter is only read, through its gateway' }
        : planOperation(op, { counts: type.counts, aoRegister: type.aoRegister, starts: type.starts });
    const at = this.#now();
    // The reply waits for the operation's event (written at once, not with the next batch): an
    // operation acknowledged is one on record. A refusal is answered even when its record failed.
    const record = async (result: string): Promise<boolean> => {
      try {
        await this.#recorder?.recordOperation({
          equipmentId: equipment.id,
          userId,
          operation: describe(op),
          result,
          at,
        });
        return true;
      } catch (e) {
        this.#log.warn({ err: e, equipmentId: equipment.id }, 'operation record failed');
        return false;
      }
    };
    const acknowledge = async (result: string): Promise<void> => {
      if (await record(result)) return;
      throw new OperationError(
        'unrecorded',
        'the operation was carried out, but its record could not be stored',
      );
    };
    if (plan.kind === 'unsupported') {
      await record('unsupported');
      throw new OperationError('unsupported', plan.reason);
    }
    if (plan.kind === 'cyclic') {
      const watching = this.#watched.get(equipment.id);
      if (watching) {
        // One cyclic read per equipment: another console watching it extends the one running.
        watching.left = Math.max(watching.left, plan.count);
        watching.intervalMs = Math.min(watching.intervalMs, plan.intervalMs);
      } else {
        const watch = { left: plan.count, intervalMs: plan.intervalMs };
        this.#watched.set(equipment.id, watch);
        this.#track(this.#cyclic(route, watch).finally(() => this.#watched.delete(equipment.id)));
      }
      await acknowledge('started');
      return { status: 'started', response: null, responses: [] };
    }
    const first: PlanStep[] = [];
    let rest: PlanStep[] = [];
    for (const [i, step] of plan.steps.entries()) {
      if (step.kind !== 'request') {
        rest = plan.steps.slice(i);
        break;
      }
      first.push(step);
    }
    const responses: ModbusResponse[] = [];
    try {
      for (const step of first) {
        const response = await this.#step(route, step);
        if (response) responses.push(response);
      }
    } catch (e) {
      await record(e instanceof OperationError ? e.code : 'failed');
      throw e instanceof OperationError ? e : notAnswered(e);
    }
    const writes = plan.steps.some((s) => s.kind !== 'request' || !isRead(s.request));
    if (rest.length > 0) this.#track(this.#background(route, rest));
    else if (writes) this.#track(this.#refresh(route));
    else this.#track(this.#publishRead(route, first, responses));
    await acknowledge(rest.length > 0 ? 'started' : 'ok');
    return {
      status: rest.length > 0 ? 'started' : 'done',
      response: responses[responses.length - 1] ?? null,
      responses,
    };
  }

  /** Reads holding registers (rule pages, AO) of an equipment for the asker; values per register. */
  async readRegisters(equipment: Equipment, start: number, count: number): Promise<number[]> {
    const route = await this.#route(equipment);
    if (route.target.dl645Register !== undefined) {
      throw new OperationError('unsupported', 'a DL645 meter has no registers of its own');
    }
    const response = await this.#step(route, {
      kind: 'request',
      request: { fn: 3, address: start, count },
    }).catch((e: unknown) => {
      throw e instanceof OperationError ? e : notAnswered(e);
    });
    if (response && isException(response)) throw refusal(response.exception);
    if (!response || response.fn !== 3) throw new OperationError('device', 'the device gave no registers');
    return [...response.values];
  }

  async #step(route: Route, step: PlanStep): Promise<ModbusResponse | null> {
    if (step.kind === 'wait') {
      await delay(step.ms);
      return null;
    }
    if (step.kind === 'cycle') {
      for (let i = 0; i < step.count && !this.#stopped; i++) {
        await this.#step(route, { kind: 'request', request: { fn: 5, address: step.address, value: true } });
        await delay(step.onMs);
        await this.#step(route, { kind: 'request', request: { fn: 5, address: step.address, value: false } });
        await delay(step.offMs);
      }
      return null;
    }
    const hostUnit = route.host.unit;
    const unit = route.target.unit;
    const response = await this.#send(route.link, unit, step.request, 'user', unit === hostUnit);
    if (isException(response)) {
      throw refusal(response.exception);
    }
    return response;
  }

  async #background(route: Route, steps: readonly PlanStep[]): Promise<void> {
    for (const step of steps) {
      if (this.#stopped) return;
      await this.#step(route, step);
      if (step.kind === 'request') await this.#refresh(route);
    }
    await this.#refresh(route);
  }

  /**
   * The cyclic read a console asks for while it watches a device (spec 000 § 4: 10 reads, 3 s
   * apart); `watch` may be extended by other consoles while it runs.
   */
  async #cyclic(route: Route, watch: { left: number; intervalMs: number }): Promise<void> {
    while (watch.left > 0 && !this.#stopped) {
      watch.left--;
      await this.#refresh(route);
      if (watch.left > 0) await delay(watch.intervalMs);
    }
  }

  /**
   * What a read operation (rdo, rdi, rai, rao, readall) read, pushed and recorded like a poll's:
   * whole blocks as they came; a part of a block (a range from another channel) by reading the
   * state again, since a push carries whole blocks. Reads of other registers push nothing.
   */
  async #publishRead(
    route: Route,
    steps: readonly PlanStep[],
    responses: readonly ModbusResponse[],
  ): Promise<void> {
    if (route.target.dl645Register !== undefined || this.#stopped) return;
    const { type } = route.target;
    const state: StateDraft = {};
    let partial = false;
    for (const [i, step] of steps.entries()) {
      const response = responses[i];
      if (step.kind !== 'request' || !response || isException(response)) continue;
      const block = stateBlockOf(step.request, type);
      if (block === null) continue;
      if (block.whole) putBlock(state, response);
      else partial = true;
    }
    if (partial) await this.#refresh(route);
    else if (!isEmptyState(state)) {
      const settings =
        route.equipment.parent_id === null
          ? route.host.stored.settings
          : this.#childSettings(route.host, route.equipment, type);
      await this.#publishState(route.equipment, settings, state, true);
    }
  }

  /** Reads the operated equipment again at once, so its new state is pushed without waiting for the poll. */
  async #refresh(route: Route): Promise<void> {
    if (route.equipment.parent_id === null) {
      await this.poll(route.equipment.id, 'user');
      return;
    }
    const { state } = await readBlocks(this.#sender(route.link, route.host.unit), route.target, 'user');
    if (state && !isEmptyState(state)) {
      const settings = this.#childSettings(route.host, route.equipment, route.target.type);
      await this.#publishState(route.equipment, settings, state, true);
    }
  }
}

/** Whether the server sets a device's clock: as its owner chose, else as its type says. */
function clockSyncOf(row: Pick<Equipment, 'clock_sync'>, type: EquipmentType): boolean {
  return row.clock_sync === null ? type.clock : row.clock_sync === 1;
}

/** The device's refusal of a request, with its Modbus exception code. */
function refusal(exception: number): OperationError {
  return new OperationError('device', `the device refused it (Modbus exception ${exception})`, exception);
}

/** A request that failed on the link: a silence names the address the device did not answer at. */
function notAnswered(e: unknown): OperationError {
  return new OperationError(
    'offline',
    e instanceof LinkTimeoutError
      ? `the device did not answer at address ${e.slave}`
      : `the device did not answer: ${String(e)}`,
  );
}

/** Whether a value fits regai: a whole number of one 16-bit register. */
function isRegisterValue(v: number): boolean {
  return Number.isInteger(v) && v >= 0 && v <= 0xffff;
}

/**
 * The state block a read request reads in, and whether it reads it whole (from its first channel,
 * every channel of the type); null for a request outside the blocks (status, clock, rule pages).
 */
function stateBlockOf(
  request: ModbusRequest,
  type: EquipmentType,
): { readonly name: Block; readonly whole: boolean } | null {
  if (request.fn < 1 || request.fn > 4 || !('count' in request)) return null;
  const name: Block = request.fn === 1 ? 'do' : request.fn === 2 ? 'di' : request.fn === 4 ? 'ai' : 'ao';
  const start = name === 'ao' ? type.aoRegister : type.starts[name];
  const count = type.counts[name];
  if (count === 0 || request.address < start || request.address >= start + count) return null;
  return { name, whole: request.address === start && request.count === count };
}

function isRead(request: ModbusRequest): boolean {
  return request.fn === 1 || request.fn === 2 || request.fn === 3 || request.fn === 4;
}

/** 'openone DO3', 'wao', … for the operation event. */
function describe(op: Operation): string {
  return 'io' in op ? `${op.opr} DO${op.io}` : op.opr;
}
