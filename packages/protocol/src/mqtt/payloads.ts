/**
 * The JSON payloads of the MQTT link, docs/protocol.md § MQTT link: a device's status
 * (`{"online":true}`) and the state it reports of its own accord (`{"do":[0,1],"ai":[512],…}`).
 * Parsers are strict (unknown keys, wrong types, values out of range and more than 32 channels of
 * a kind are refused) and never throw; every valid payload is ASCII JSON.
 */
import { strFromU8, strToU8 } from 'fflate';
import { z } from 'zod';
import { MAX_CHANNELS } from '../channels.js';
import { isBoundedJson } from '../live/fields.js';
import type { JsonValue } from '../live/fields.js';
import type { ParseResult } from '../modbus/parse.js';

/** The longest status or report payload taken, in bytes. */
export const MAX_MQTT_PAYLOAD_BYTES = 4096;

/** State a device reports, channels from 0; any subset of the kinds. */
export interface MqttReport {
  readonly do?: readonly boolean[];
  readonly di?: readonly boolean[];
  /** Raw input register values, 0-65535. */
  readonly ai?: readonly number[];
  /** Raw holding register values, 0-65535. */
  readonly ao?: readonly number[];
  /** Battery level, percent 0-100. */
  readonly soc?: number;
}

type Kind = 'do' | 'di' | 'ai' | 'ao';
const REPORT_KEYS = new Set(['do', 'di', 'ai', 'ao', 'soc']);

/**
 * The report's channel list of `kind`, or the reason it is refused. Checked by hand rather than
 * by a schema: every MQTT device sends one up to ten times a second.
 */
function channelList(kind: Kind, value: unknown): number[] | string {
  if (!Array.isArray(value)) return `${kind}: expected an array`;
  if (value.length > MAX_CHANNELS) return `${kind}: at most ${MAX_CHANNELS} channels`;
  const bits = kind === 'do' || kind === 'di';
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    if (bits ? v !== 0 && v !== 1 : !Number.isInteger(v) || (v as number) < 0 || (v as number) > 0xffff) {
      return `${kind}.${i}: expected ${bits ? '0 or 1' : 'a whole number 0-65535'}`;
    }
  }
  return value as number[];
}

const StatusSchema = z.strictObject({ online: z.boolean() });

function failure(error: string): ParseResult<never> {
  return { ok: false, error };
}

/** ASCII text → bytes; the payloads hold nothing else. */
function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The JSON value in `payload`: printable ASCII and JSON whitespace only, at most MAX_MQTT_PAYLOAD_BYTES. */
function json(payload: Uint8Array): ParseResult<unknown> {
  if (payload.length > MAX_MQTT_PAYLOAD_BYTES) {
    return failure(`payload of ${payload.length} bytes, at most ${MAX_MQTT_PAYLOAD_BYTES} taken`);
  }
  for (const byte of payload) {
    if ((byte < 0x20 || byte > 0x7e) && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
      return failure('payload is not ASCII JSON');
    }
  }
  // ASCII by now: read byte for byte (fflate's latin-1 reading, in chunks).
  const text = strFromU8(payload, true);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return failure('payload is not JSON');
  }
}

function schemaFailure(error: z.ZodError): ParseResult<never> {
  const issue = error.issues[0];
  const path = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return failure(`${path}${issue?.message ?? 'invalid'}`);
}

/** `{"online":true}` or `{"online":false}`. */
export function encodeMqttStatus(online: boolean): Uint8Array {
  return ascii(JSON.stringify({ online }));
}

/**
 * A device's status: true for `{"online":true}`, false for `{"online":false}` and for an empty
 * payload (the retained status was cleared).
 */
export function parseMqttStatus(payload: Uint8Array): ParseResult<boolean> {
  if (payload.length === 0) return { ok: true, value: false };
  const value = json(payload);
  if (!value.ok) return value;
  const parsed = StatusSchema.safeParse(value.value);
  return parsed.success ? { ok: true, value: parsed.data.online } : schemaFailure(parsed.error);
}

/** A report as JSON, DO and DI as 0/1, kinds in the order do, di, ai, ao, soc. */
export function encodeMqttReport(report: MqttReport): Uint8Array {
  const out: Record<string, number | number[]> = {};
  if (report.do) out.do = report.do.map(Number);
  if (report.di) out.di = report.di.map(Number);
  if (report.ai) out.ai = [...report.ai];
  if (report.ao) out.ao = [...report.ao];
  if (report.soc !== undefined) out.soc = report.soc;
  return ascii(JSON.stringify(out));
}

/** A report, DO and DI as booleans; only the kinds present in the payload. */
export function parseMqttReport(payload: Uint8Array): ParseResult<MqttReport> {
  const value = json(payload);
  if (!value.ok) return value;
  const r = value.value;
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return failure('expected an object');
  const report: { -readonly [K in keyof MqttReport]: MqttReport[K] } = {};
  for (const [key, v] of Object.entries(r)) {
    if (!REPORT_KEYS.has(key)) return failure(`unknown key '${key.slice(0, 32)}'`);
    if (key === 'soc') {
      if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 100) {
        return failure('soc: expected a whole number 0-100');
      }
      // `-0` is taken as 0.
      report.soc = (v as number) || 0;
      continue;
    }
    const kind = key as Kind;
    const list = channelList(kind, v);
    if (typeof list === 'string') return failure(list);
    if (kind === 'do' || kind === 'di') report[kind] = list.map((b) => b === 1);
    else report[kind] = list.map((n) => n || 0);
  }
  return { ok: true, value: report };
}

/**
 * A device's own JSON message (`SN/json`): any JSON value in UTF-8, at most
 * MAX_MQTT_PAYLOAD_BYTES, within the live channel's caps (strings, lists, 16 levels deep).
 */
export function parseMqttJson(payload: Uint8Array): ParseResult<JsonValue> {
  if (payload.length > MAX_MQTT_PAYLOAD_BYTES) {
    return failure(`payload of ${payload.length} bytes, at most ${MAX_MQTT_PAYLOAD_BYTES} taken`);
  }
  const text = strFromU8(payload);
  // Bad UTF-8 decodes to replacement characters, which do not encode back to the same bytes.
  const back = strToU8(text);
  if (back.length !== payload.length || back.some((b, i) => b !== payload[i])) {
    return failure('payload is not UTF-8 JSON');
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return failure('payload is not UTF-8 JSON');
  }
  return isBoundedJson(value) ? { ok: true, value } : failure('JSON past the live channel caps');
}

/** The longest radio frame a team host forwards, in bytes. */
export const MAX_RF_FRAME_BYTES = 256;

/** A radio frame from slave `addr` (0-255), as a team host forwards it on `SN/rf`. */
export interface MqttRadioFrame {
  readonly addr: number;
  readonly frame: Uint8Array;
}

/** Byte 0 the slave's address, then the frame (0-256 bytes). Throws a RangeError on a bad one. */
export function encodeMqttRadioFrame(rf: MqttRadioFrame): Uint8Array {
  if (!Number.isInteger(rf.addr) || rf.addr < 0 || rf.addr > 255) {
    throw new RangeError(`radio frame address must be 0-255, got ${rf.addr}`);
  }
  if (rf.frame.length > MAX_RF_FRAME_BYTES) {
    throw new RangeError(`radio frame of ${rf.frame.length} bytes, at most ${MAX_RF_FRAME_BYTES}`);
  }
  const out = new Uint8Array(1 + rf.frame.length);
  out[0] = rf.addr;
  out.set(rf.frame, 1);
  return out;
}

export function parseMqttRadioFrame(payload: Uint8Array): ParseResult<MqttRadioFrame> {
  if (payload.length === 0) return failure('empty radio frame');
  if (payload.length > 1 + MAX_RF_FRAME_BYTES) {
    return failure(`radio frame of ${payload.length - 1} bytes, at most ${MAX_RF_FRAME_BYTES}`);
  }
  return { ok: true, value: { addr: payload[0]!, frame: payload.slice(1) } };
}
