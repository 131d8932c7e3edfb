/**
 * What the device link hands to history: each status it reads from an equipment. The recorder
 * stores every value that changed (channel values, the link state, the battery level), evaluates
 * the alarms, stores each alarm raised or cleared as an event, and pushes a Notiface for each
 * alarm raised to the live sessions that may read the equipment, once its event is stored: the
 * Notiface names the event (`eventId`), by which a console acknowledges the alarm. Operations are
 * stored as events with who asked, what and the result.
 *
 * Values are compared with the last ones stored, kept in memory per equipment; after a failed
 * write the equipment's next status is stored whole again and its active alarms raised again.
 * Samples the writer shed as backlog are stored whole with the next status too, but the alarm
 * events beside them were kept (events are never shed), so the alarms are not raised again.
 */
import type { ServerMessage } from '@fieldlink/protocol';
import { scaleValue } from '@fieldlink/protocol';
import type { Settings } from '@fieldlink/protocol';
import type { TelemetryKind } from '../storage/schema.js';
import { AlarmEvaluator, alarmLimitsOf } from './alarms.js';
import type { AlarmTransition } from './alarms.js';
import { DEFAULT_TIME_ZONE, ZonedTime } from './time.js';
import { HistoryBacklogError, TELEMETRY_KINDS } from './writer.js';
import type { EventInput, HistoryWriter, Sample } from './writer.js';

/** The equipment a status belongs to. */
export interface RecordedEquipment {
  readonly id: number;
  /** The unit id the live channel names it by (SN). */
  readonly unid: string;
  readonly settings: Pick<Settings, 'ai' | 'ao' | 'di' | 'do'>;
}

/** A status read from an equipment; each part is optional. Channels count from 0. */
export interface Observation {
  /** Epoch milliseconds. */
  readonly at: number;
  readonly do?: readonly boolean[];
  readonly di?: readonly boolean[];
  /** Raw register values; stored scaled. */
  readonly ai?: readonly number[];
  readonly ao?: readonly number[];
  readonly online?: boolean;
  /** Battery level, percent. */
  readonly soc?: number;
}

export interface OperationRecord {
  readonly equipmentId: number;
  /** Who asked; null for an automatic operation. */
  readonly userId: number | null;
  /** What was asked, e.g. 'openone DO1'. */
  readonly operation: string;
  /** How it ended, e.g. 'ok', 'offline', 'timeout'. */
  readonly result: string;
  readonly detail?: Readonly<Record<string, unknown>>;
  readonly at: number;
}

/** Sends a live-channel message to the sessions that may read the equipment (LiveHub.publish). */
export type Publish = (equipmentId: number, message: ServerMessage) => void;

/** Where the recorder's rows go: a HistoryWriter. */
export type HistorySink = Pick<HistoryWriter, 'record' | 'recordEvent' | 'append'>;

export interface HistoryRecorderOptions {
  readonly writer: HistorySink;
  readonly alarms?: AlarmEvaluator;
  readonly publish?: Publish;
  /** The zone of Notiface times. */
  readonly timeZone?: string;
}

const MAX_CHANNELS = 32;
const KIND_SLOT = Object.fromEntries(TELEMETRY_KINDS.map((k, i) => [k, i])) as Record<TelemetryKind, number>;

/** 'AI2' for AI channel 1. */
const label = (kind: string, channel: number): string => `${kind.toUpperCase()}${channel + 1}`;

function alarmMessage(t: AlarmTransition, name: string, unit: string): string {
  const value = `${t.value}${unit === '' ? '' : ` ${unit}`}`;
  const channel =
    name === label(t.channelKind, t.channel) ? name : `${label(t.channelKind, t.channel)} ${name}`;
  if (t.channelKind === 'di') return t.type === 'raise' ? `${channel} alarm` : `${channel} alarm cleared`;
  if (t.type === 'clear') return `${channel} back within limits: ${value}`;
  return t.level === 1
    ? `${channel} above the upper limit ${t.limit ?? ''}: ${value}`
    : `${channel} below the lower limit ${t.limit ?? ''}: ${value}`;
}

/** Adds a sample when `value` differs from the one remembered in `last`, and remembers it. */
function change(
  samples: Sample[],
  last: Float64Array,
  equipmentId: number,
  at: number,
  kind: TelemetryKind,
  channel: number,
  value: number,
): void {
  if (!Number.isFinite(value)) return;
  const slot = KIND_SLOT[kind] * MAX_CHANNELS + channel;
  if (last[slot] === value) return;
  last[slot] = value;
  samples.push({ equipmentId, kind, channel, value, at });
}

/** change() for each raw analog value, scaled by the channel's points. */
function analogChanges(
  samples: Sample[],
  last: Float64Array,
  equipmentId: number,
  at: number,
  kind: 'ai' | 'ao',
  raw: readonly number[],
  points: Pick<Settings['ai'], 'x1' | 'x2' | 'y1' | 'y2'>,
): void {
  const { x1, x2, y1, y2 } = points;
  const n = Math.min(raw.length, MAX_CHANNELS);
  for (let i = 0; i < n; i++) {
    const value = scaleValue(raw[i]!, x1[i] ?? 0, x2[i] ?? 0, y1[i] ?? 0, y2[i] ?? 0);
    change(samples, last, equipmentId, at, kind, i, value);
  }
}

export class HistoryRecorder {
  readonly #writer: HistorySink;
  readonly #alarms: AlarmEvaluator;
  readonly #publish: Publish;
  readonly #zone: ZonedTime;
  /** Last value stored per equipment: MAX_CHANNELS slots per kind, NaN until one is stored. */
  readonly #last = new Map<number, Float64Array>();

  constructor(options: HistoryRecorderOptions) {
    this.#writer = options.writer;
    this.#alarms = options.alarms ?? new AlarmEvaluator();
    this.#publish = options.publish ?? (() => {});
    this.#zone = new ZonedTime(options.timeZone ?? DEFAULT_TIME_ZONE);
  }

  get alarms(): AlarmEvaluator {
    return this.#alarms;
  }

  /**
   * Stores what changed and the alarm events of this status, and once everything is committed
   * pushes a Notiface for each alarm raised and resolves with the alarm transitions.
   */
  async observe(equipment: RecordedEquipment, status: Observation): Promise<AlarmTransition[]> {
    const { samples, events, transitions } = this.#take(equipment, status);
    let eventIds: number[];
    try {
      [, ...eventIds] = await Promise.all([
        this.#writer.record(samples),
        ...events.map((e) => this.#writer.recordEvent(e)),
      ]);
    } catch (error) {
      // Start the equipment afresh: its next status is stored whole and its alarms raised again,
      // so what this write lost is written then.
      this.#lost(equipment.id, error);
      throw error;
    }
    this.#notifyRaised(equipment, transitions, eventIds, status.at);
    return transitions;
  }

  /**
   * The same as `observe` without waiting for the commit: for the stream of polled and reported
   * statuses, where nobody waits on the store and holding each status until its batch commits
   * would only fill the heap. A status that could not be stored starts the equipment afresh, as
   * in `observe`.
   */
  note(equipment: RecordedEquipment, status: Observation): AlarmTransition[] {
    const { samples, events, transitions } = this.#take(equipment, status);
    if (samples.length + events.length === 0) return transitions;
    this.#writer.append(
      samples,
      events,
      (error) => this.#lost(equipment.id, error),
      (eventIds) => this.#notifyRaised(equipment, transitions, eventIds, status.at),
    );
    return transitions;
  }

  /** After rows of the equipment were not stored: only samples when they were shed as backlog. */
  #lost(equipmentId: number, error: unknown): void {
    if (error instanceof HistoryBacklogError) this.#last.delete(equipmentId);
    else this.forget(equipmentId);
  }

  /**
   * What a status changes: samples, alarm transitions and their events, the transitions' events
   * first and in the same order.
   */
  #take(
    equipment: RecordedEquipment,
    status: Observation,
  ): { samples: Sample[]; events: EventInput[]; transitions: AlarmTransition[] } {
    const samples = this.#changes(equipment, status);
    const transitions =
      status.ai === undefined && status.di === undefined
        ? []
        : this.#alarms.evaluate(equipment.id, alarmLimitsOf(equipment.settings), status);
    const events: EventInput[] = transitions.map((t) => this.#alarmEvent(equipment, t, status.at));
    for (const sample of samples) {
      if (sample.kind !== 'online') continue;
      events.push({
        equipmentId: equipment.id,
        kind: sample.value === 1 ? 'online' : 'offline',
        at: status.at,
        message: sample.value === 1 ? 'online' : 'offline',
      });
    }
    return { samples, events, transitions };
  }

  /**
   * Stores an operation: who, what and how it ended. Written at once, not with the next batch:
   * the operation's reply waits for it.
   */
  async recordOperation(op: OperationRecord): Promise<void> {
    await this.#writer.recordEvent(
      {
        equipmentId: op.equipmentId,
        userId: op.userId,
        kind: 'operation',
        at: op.at,
        message: `${op.operation}: ${op.result}`,
        detail: { operation: op.operation, result: op.result, ...op.detail },
      },
      { promptly: true },
    );
  }

  /** Drops what is remembered of the equipment (deleted, or to store its next status whole). */
  forget(equipmentId: number): void {
    this.#last.delete(equipmentId);
    this.#alarms.forget(equipmentId);
  }

  /**
   * The samples of what changed since the last stored values. Runs for every status of every
   * device: plain loops, no object made but the samples.
   */
  #changes(equipment: RecordedEquipment, status: Observation): Sample[] {
    let last = this.#last.get(equipment.id);
    if (!last) {
      last = new Float64Array(TELEMETRY_KINDS.length * MAX_CHANNELS).fill(Number.NaN);
      this.#last.set(equipment.id, last);
    }
    const samples: Sample[] = [];
    const id = equipment.id;
    const at = status.at;
    const { do: outputs, di: inputs, ai, ao } = status;
    if (outputs) {
      const n = Math.min(outputs.length, MAX_CHANNELS);
      for (let i = 0; i < n; i++) change(samples, last, id, at, 'do', i, outputs[i] ? 1 : 0);
    }
    if (inputs) {
      const n = Math.min(inputs.length, MAX_CHANNELS);
      for (let i = 0; i < n; i++) change(samples, last, id, at, 'di', i, inputs[i] ? 1 : 0);
    }
    if (ai) analogChanges(samples, last, id, at, 'ai', ai, equipment.settings.ai);
    if (ao) analogChanges(samples, last, id, at, 'ao', ao, equipment.settings.ao);
    if (status.online !== undefined) change(samples, last, id, at, 'online', 0, status.online ? 1 : 0);
    if (status.soc !== undefined) change(samples, last, id, at, 'soc', 0, status.soc);
    return samples;
  }

  #alarmEvent(equipment: RecordedEquipment, t: AlarmTransition, at: number): EventInput {
    const { name, unit } = this.#channelText(equipment, t);
    return {
      equipmentId: equipment.id,
      kind: t.type === 'raise' ? 'alarm' : 'alarm_clear',
      at,
      channelKind: t.channelKind,
      channel: t.channel,
      level: t.level,
      value: t.value,
      message: alarmMessage(t, name, unit),
      detail: {
        name,
        unit,
        ...(t.limit === undefined ? {} : { limit: t.limit }),
      },
    };
  }

  #channelText(equipment: RecordedEquipment, t: AlarmTransition): { name: string; unit: string } {
    const names = equipment.settings[t.channelKind].names;
    const name = names[t.channel]?.trim() || label(t.channelKind, t.channel);
    const unit = t.channelKind === 'ai' ? (equipment.settings.ai.units[t.channel] ?? '') : '';
    return { name, unit };
  }

  /** A Notiface for each alarm raised, with the id its event was stored under. */
  #notifyRaised(
    equipment: RecordedEquipment,
    transitions: readonly AlarmTransition[],
    eventIds: readonly number[],
    at: number,
  ): void {
    transitions.forEach((t, i) => {
      if (t.type === 'raise') this.#notify(equipment, t, at, eventIds[i]);
    });
  }

  #notify(equipment: RecordedEquipment, t: AlarmTransition, at: number, eventId: number | undefined): void {
    const { name, unit } = this.#channelText(equipment, t);
    this.#publish(equipment.id, {
      infotype: 'Notiface',
      info: {
        SN: equipment.unid,
        channel: label(t.channelKind, t.channel),
        level: t.level,
        value: t.value,
        Time: this.#zone.format(at),
        at: new Date(at).toISOString(),
        text: alarmMessage(t, name, unit).slice(0, 256),
        name: name.slice(0, 64),
        unit: unit.slice(0, 64),
        ...(t.limit === undefined ? {} : { limit: t.limit }),
        ...(eventId === undefined ? {} : { eventId }),
      },
    });
  }
}
