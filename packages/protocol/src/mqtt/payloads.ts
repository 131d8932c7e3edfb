/**
 * The JSON payloads of the MQTT link, docs/protocol.md § MQTT link: a device's status
 * (`{"online":true}`, also `true`, `online`, `1`…) and the state it reports of its own accord
 * (`{"do":[0,1],"ai":[512],…}`). The parsers take what real devices send (DO and DI as booleans or
 * 0/1, keys they add such as `ts` or `rssi`, which are ignored) and refuse the rest with a reason
 * (not JSON, a wrong type, a value out of range, more than 32 channels of a kind); they never
 * throw. The encoders write the plain form: ASCII JSON, DO and DI as 0/1.
 */
import { strFromU8, strToU8 } from 'fflate';
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

/** A status that is not a JSON object, any case, surrounding whitespace aside. */
const STATUS_WORDS: ReadonlyMap<string, boolean> = new Map([
  ['online', true],
  ['offline', false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);

const STATUS_FORMS = '{"online":true|false}, true, false, online, offline, 1 or 0';

function failure(error: string): ParseResult<never> {
  return { ok: false, error };
}

/** ASCII text → bytes; the payloads written hold nothing else. */
function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * The text of a payload of at most MAX_MQTT_PAYLOAD_BYTES in UTF-8 (a leading byte order mark
 * dropped), or the reason it is refused.
 */
function utf8(payload: Uint8Array, what: string): ParseResult<string> {
  if (payload.length > MAX_MQTT_PAYLOAD_BYTES) {
    return failure(`payload of ${payload.length} bytes, at most ${MAX_MQTT_PAYLOAD_BYTES} taken`);
  }
  // A leading byte order mark is no part of the text (and the decoder drops it).
  const bom = payload[0] === 0xef && payload[1] === 0xbb && payload[2] === 0xbf;
  const bytes = bom ? payload.subarray(3) : payload;
  const text = strFromU8(bytes);
  // Bad UTF-8 decodes to replacement characters, which do not encode back to the same bytes.
  const back = strToU8(text);
  if (back.length !== bytes.length || back.some((b, i) => b !== bytes[i])) {
    return failure(`payload is not UTF-8 ${what}`);
  }
  return { ok: true, value: text };
}

/** JSON whitespace: space, tab, line feed, carriage return. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** `text` without JSON whitespace around it. */
function trimmed(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** `text` as JSON, or why not. */
function json(text: string): ParseResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(trimmed(text)) as unknown };
  } catch {
    return failure('payload is not JSON');
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"online":true}` or `{"online":false}`. */
export function encodeMqttStatus(online: boolean): Uint8Array {
  return ascii(JSON.stringify({ online }));
}

/**
 * A device's status: true for online, false for offline. Taken: a JSON object whose `online` is
 * true or false, other keys ignored (`{"online":true,"rssi":-60}`); and, in any case, surrounding
 * whitespace ignored, `true`, `false`, `online`, `offline`, `1` and `0`. An empty payload (the
 * retained status cleared) is offline. Anything else is refused with the reason.
 */
export function parseMqttStatus(payload: Uint8Array): ParseResult<boolean> {
  if (payload.length === 0) return { ok: true, value: false };
  const text = utf8(payload, 'text');
  if (!text.ok) return text;
  const word = STATUS_WORDS.get(trimmed(text.value).toLowerCase());
  if (word !== undefined) return { ok: true, value: word };
  const value = json(text.value);
  if (!value.ok) return failure(`status is not ${STATUS_FORMS}`);
  if (!isObject(value.value)) return failure(`status is not ${STATUS_FORMS}`);
  if (!Object.hasOwn(value.value, 'online')) return failure('online: missing');
  const online = value.value.online;
  return typeof online === 'boolean'
    ? { ok: true, value: online }
    : failure('online: expected true or false');
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

/** A channel list: at most MAX_CHANNELS entries, each read by `entry` (undefined when it is wrong). */
function channelList<T>(
  kind: string,
  value: unknown,
  entry: (v: unknown) => T | undefined,
  expected: string,
): T[] | string {
  if (!Array.isArray(value)) return `${kind}: expected an array`;
  if (value.length > MAX_CHANNELS) return `${kind}: ${value.length} channels, at most ${MAX_CHANNELS}`;
  const out = new Array<T>(value.length);
  for (let i = 0; i < value.length; i++) {
    const v = entry(value[i]);
    if (v === undefined) return `${kind}.${i}: expected ${expected}`;
    out[i] = v;
  }
  return out;
}

/** A DO or DI state: true, false, 1 or 0. */
function bit(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  return v === 1 ? true : v === 0 ? false : undefined;
}

/** A raw register value: a whole number 0-65535 (`-0` taken as 0). */
function register(v: unknown): number | undefined {
  return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffff
    ? (v as number) || 0
    : undefined;
}

/**
 * A report, DO and DI as booleans; only the kinds present in the payload. DO and DI may be true,
 * false, 1 or 0; keys other than do, di, ai, ao and soc are ignored (`ts`, `rssi`…). Checked by
 * hand rather than by a schema: every MQTT device sends one up to ten times a second.
 */
export function parseMqttReport(payload: Uint8Array): ParseResult<MqttReport> {
  const text = utf8(payload, 'JSON');
  if (!text.ok) return text;
  const value = json(text.value);
  if (!value.ok) return value;
  const r = value.value;
  if (!isObject(r)) return failure('expected an object');
  const report: { -readonly [K in keyof MqttReport]: MqttReport[K] } = {};
  for (const kind of ['do', 'di'] as const) {
    if (!Object.hasOwn(r, kind)) continue;
    const list = channelList(kind, r[kind], bit, 'true, false, 1 or 0');
    if (typeof list === 'string') return failure(list);
    report[kind] = list;
  }
  for (const kind of ['ai', 'ao'] as const) {
    if (!Object.hasOwn(r, kind)) continue;
    const list = channelList(kind, r[kind], register, 'a whole number 0-65535');
    if (typeof list === 'string') return failure(list);
    report[kind] = list;
  }
  if (Object.hasOwn(r, 'soc')) {
    const soc = r.soc;
    if (!Number.isInteger(soc) || (soc as number) < 0 || (soc as number) > 100) {
      return failure('soc: expected a whole number 0-100');
    }
    // `-0` is taken as 0.
    report.soc = (soc as number) || 0;
  }
  return { ok: true, value: report };
}

/**
 * A device's own JSON message (`SN/json`): any JSON value in UTF-8, at most
 * MAX_MQTT_PAYLOAD_BYTES, within the live channel's caps (strings, lists, 16 levels deep).
 */
export function parseMqttJson(payload: Uint8Array): ParseResult<JsonValue> {
  const text = utf8(payload, 'JSON');
  if (!text.ok) return text;
  let value: unknown;
  try {
    value = JSON.parse(text.value) as unknown;
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
