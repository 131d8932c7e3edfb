/**
 * The hosts whose links are up on this node (a board, gateway or team host with a link of its
 * own), by equipment id: what is kept of each while it is online (its row without the settings
 * text, the address its requests go to, whether it answers there, the blocks it refused, its
 * clock choice, its polling and upkeep state) and the parsed settings it and its sub-devices are
 * recorded with, shared between devices stored with the same text. Every few seconds the settings,
 * slave address and clock choice edited since the last check (on any node: they are read from the
 * store) are taken for the hosts online here.
 */
import { equipmentType } from '@fieldlink/protocol';
import type { EquipmentType, Settings } from '@fieldlink/protocol';
import { readSettings } from '../../equipment/settings.js';
import type { Equipment } from '../../storage/schema.js';
import type { DeviceLink } from '../link/device-link.js';
import type { DeviceParts } from './device-parts.js';
import { SharedSettings } from './shared-settings.js';
import type { SettingsEntry } from './shared-settings.js';
import { UnsupportedBlocks } from './unsupported-blocks.js';

/**
 * An equipment row without its settings text: what is kept for an online device beside its parsed
 * settings (the text is the larger part of a row, and 20,000 of them add up).
 */
export type HeldEquipment = Omit<Equipment, 'settings'>;

export interface OnlineHost {
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

export interface OnlineHostsOptions extends Pick<DeviceParts, 'db' | 'work' | 'now' | 'log'> {
  /** A host's owner set another slave address (already taken as its `unit`). */
  readonly readdressed: (host: OnlineHost) => Promise<void>;
}

/** How far back each settings check looks before the last one, for clocks that differ between nodes. */
const SETTINGS_CLOCK_MARGIN_MS = 60_000;

export class OnlineHosts {
  readonly #o: OnlineHostsOptions;
  readonly #hosts = new Map<number, OnlineHost>();
  readonly #settings = new SharedSettings();
  #timer: NodeJS.Timeout | undefined;
  /** When the stored settings were last compared (this node's clock). */
  #checkedAt = 0;
  /** The settings check under way. */
  #check: Promise<void> | null = null;

  constructor(options: OnlineHostsOptions) {
    this.#o = options;
  }

  /** Compares the stored settings with those of the hosts every `everyMs`, from now on. */
  watchSettings(everyMs: number): void {
    this.#checkedAt = this.#o.now();
    // Not counted as busy: it runs all the time, and is not work a device or a console started.
    this.#timer = setInterval(() => {
      this.#check ??= this.#checkSettings()
        .catch((e: unknown) => this.#o.log.warn({ err: e }, 'settings check failed'))
        .finally(() => (this.#check = null));
    }, everyMs);
    this.#timer.unref();
  }

  /** Stops the settings checks and waits for the one under way. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#check;
  }

  get(equipmentId: number): OnlineHost | undefined {
    return this.#hosts.get(equipmentId);
  }

  has(equipmentId: number): boolean {
    return this.#hosts.has(equipmentId);
  }

  /** Whether `host` is still the one held for its equipment (not gone offline or replaced since). */
  holds(host: OnlineHost): boolean {
    return this.#hosts.get(host.equipment.id) === host;
  }

  /** Distinct parsed settings held for the online devices. */
  get sharedSettings(): number {
    return this.#settings.size;
  }

  /** Holds `equipment` as online on `link` (replacing what was held for it), with its settings parsed. */
  add(sn: string, equipment: Equipment, type: EquipmentType, link: DeviceLink | undefined): OnlineHost {
    const host: OnlineHost = {
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
      link,
    };
    const replaced = this.#hosts.get(equipment.id);
    if (replaced) this.#release(replaced);
    this.#hosts.set(equipment.id, host);
    return host;
  }

  /** Lets go of an equipment gone offline, and of the settings it held; what was held, if anything. */
  remove(equipmentId: number): OnlineHost | undefined {
    const host = this.#hosts.get(equipmentId);
    this.#hosts.delete(equipmentId);
    if (host) this.#release(host);
    return host;
  }

  /** The settings a sub-device of `host` is recorded with: shared while its stored text stays the same. */
  childSettings(host: OnlineHost, child: Equipment, type: EquipmentType): Settings {
    const kept = host.childSettings.get(child.id);
    if (kept && kept.text === child.settings) return kept.settings;
    // A host gone offline meanwhile has given its entries back: nothing more is held for it.
    if (!this.holds(host)) return readSettings(type.counts, child.settings, type.image);
    if (kept) this.#settings.release(kept);
    const entry = this.#settings.acquire(type, child.settings);
    host.childSettings.set(child.id, entry);
    return entry.settings;
  }

  /** Gives back the settings a host and its sub-devices held while it was online here. */
  #release(host: OnlineHost): void {
    this.#settings.release(host.stored);
    for (const entry of host.childSettings.values()) this.#settings.release(entry);
    host.childSettings.clear();
  }

  /**
   * Takes the settings edited since the last check (on any node: they are read from the store)
   * for the devices online here.
   */
  async #checkSettings(): Promise<void> {
    if (this.#o.work.stopped) return;
    const checkedAt = this.#o.now();
    if (this.#hosts.size === 0) {
      this.#checkedAt = checkedAt;
      return;
    }
    const rows = await this.#o.db
      .selectFrom('equipment')
      .select(['id', 'settings', 'slave_address', 'clock_sync'])
      .where('updated_at', '>=', this.#checkedAt - SETTINGS_CLOCK_MARGIN_MS)
      .execute();
    this.#checkedAt = checkedAt;
    for (const row of rows) {
      const host = this.#hosts.get(row.id);
      if (!host) continue;
      if (host.stored.text !== row.settings) {
        this.#settings.release(host.stored);
        host.stored = this.#settings.acquire(host.type, row.settings);
      }
      host.clockSync = clockSyncOf(row, host.type);
      const unit = row.slave_address ?? host.type.slaveAddress;
      if (unit !== host.unit) {
        host.unit = unit;
        await this.#o.readdressed(host);
      }
    }
  }
}

/** The settings of an equipment read from the store (one not online here). */
export function storedSettings(equipment: Equipment): Settings {
  const type = equipmentType(equipment.type);
  return readSettings(type?.counts ?? { do: 0, di: 0, ai: 0, ao: 0 }, equipment.settings, '');
}

function withoutSettings(row: Equipment): HeldEquipment {
  const { settings: _text, ...rest } = row;
  return rest;
}

/** Whether the server sets a device's clock: as its owner chose, else as its type says. */
function clockSyncOf(row: Pick<Equipment, 'clock_sync'>, type: EquipmentType): boolean {
  return row.clock_sync === null ? type.clock : row.clock_sync === 1;
}
