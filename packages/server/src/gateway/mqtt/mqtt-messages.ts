/**
 * What MQTT devices send of their own accord (docs/protocol.md § MQTT report and § MQTT device
 * messages): reports of their state, handed to the DeviceService like a poll's values; their own
 * JSON messages, passed to consoles as JsonMsg; and a team host's radio frames, passed on as
 * RFMsg. Each is checked (a report's keys the format does not know are ignored, see
 * parseMqttReport) and dropped with a reason, logged throttled, when it breaks a rule.
 */
import {
  equipmentType,
  parseMqttJson,
  parseMqttRadioFrame,
  parseMqttReport,
  toHex,
} from '@fieldlink/protocol';
import type { ChannelCounts, JsonMsg, MqttReport, RfMsg } from '@fieldlink/protocol';
import { HistoryBacklogError } from '../../history/writer.js';
import type { DeviceState } from '../devices/device-service.js';
import type { LinkEquipment } from '../link/link-equipment.js';

/** Where the device messages go: the DeviceService, which also polls a device this node has just come to own. */
export interface ReportSink {
  report(equipmentId: number, state: DeviceState): Promise<void>;
  poll?(equipmentId: number): Promise<unknown>;
  /** A device's own message, to the consoles that may read it (the sink adds the time). */
  relay?(equipmentId: number, message: JsonMsg | RfMsg): void;
}

/** A device linked on this node, as the messages need it. */
export interface LinkedDevice {
  /** Upper case, as stored. */
  readonly sn: string;
  readonly equipment: LinkEquipment;
}

/** A message refused, and why. */
export interface Refusal {
  /** Upper case, as stored. */
  readonly serial: string;
  readonly kind: 'status' | 'report' | 'json' | 'rf';
  /** The topic it came on. */
  readonly topic: string;
  readonly reason: string;
}

/** How a refused message is logged: throttled per device and kind. */
export type RefusalLog = (refusal: Refusal, message: string) => void;

export class MqttDeviceMessages {
  constructor(
    private readonly sink: ReportSink | undefined,
    private readonly refused: RefusalLog,
    private readonly failed: (details: object, message: string) => void,
  ) {}

  report(device: LinkedDevice, topic: string, payload: Uint8Array): void {
    if (!this.sink) return;
    const parsed = parseMqttReport(payload);
    const state = parsed.ok ? take(parsed.value, equipmentType(device.equipment.type)?.counts) : parsed.error;
    if (typeof state === 'string') {
      this.refused({ serial: device.sn, kind: 'report', topic, reason: state }, 'MQTT report refused');
      return;
    }
    const equipmentId = device.equipment.id;
    void this.sink.report(equipmentId, state).catch((e: unknown) => {
      // The writer reports its own backlog (HistoryWriter onBacklog).
      if (!(e instanceof HistoryBacklogError)) {
        this.failed({ err: e, serial: device.sn, equipmentId }, 'MQTT report not recorded');
      }
    });
  }

  json(device: LinkedDevice, topic: string, payload: Uint8Array): void {
    const parsed = parseMqttJson(payload);
    if (!parsed.ok) {
      this.refused(
        { serial: device.sn, kind: 'json', topic, reason: parsed.error },
        'MQTT JSON message refused',
      );
      return;
    }
    this.sink?.relay?.(device.equipment.id, {
      infotype: 'JsonMsg',
      info: { SN: device.equipment.sn, data: parsed.value },
    });
  }

  rf(device: LinkedDevice, topic: string, payload: Uint8Array): void {
    if (equipmentType(device.equipment.type)?.hostRole !== 'team') {
      this.refused(
        { serial: device.sn, kind: 'rf', topic, reason: `${device.equipment.type} is not a team host` },
        'MQTT radio frame refused: not a team host',
      );
      return;
    }
    const parsed = parseMqttRadioFrame(payload);
    if (!parsed.ok) {
      this.refused(
        { serial: device.sn, kind: 'rf', topic, reason: parsed.error },
        'MQTT radio frame refused',
      );
      return;
    }
    this.sink?.relay?.(device.equipment.id, {
      infotype: 'RFMsg',
      info: { SN: device.equipment.sn, addr: parsed.value.addr, hexdata: toHex(parsed.value.frame) },
    });
  }
}

/** Why a report's channels do not fit the equipment type, or null when they do. */
function countsMismatch(report: MqttReport, counts: ChannelCounts | undefined): string | null {
  if (!counts) return 'the equipment type is not in the catalogue';
  for (const kind of ['do', 'di', 'ai', 'ao'] as const) {
    const values = report[kind];
    if (values && values.length !== counts[kind]) {
      return `${kind}: ${values.length} channels, the type has ${counts[kind]}`;
    }
  }
  return null;
}

/**
 * The report as a device state (its lists as parsed, not copied), or why it is refused: its
 * channels do not fit the type, or it holds none of the kinds (only keys that are ignored).
 */
function take(report: MqttReport, counts: ChannelCounts | undefined): DeviceState | string {
  const mismatch = countsMismatch(report, counts);
  if (mismatch !== null) return mismatch;
  if (!report.do && !report.di && !report.ai && !report.ao && report.soc === undefined) {
    return 'nothing to take: none of do, di, ai, ao, soc';
  }
  const state: { -readonly [K in keyof DeviceState]: DeviceState[K] } = {};
  if (report.do) state.do = report.do;
  if (report.di) state.di = report.di;
  if (report.ai) state.ai = report.ai;
  if (report.ao) state.ao = report.ao;
  if (report.soc !== undefined) state.soc = report.soc;
  return state;
}
