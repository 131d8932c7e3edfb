/**
 * The output (operation) model, 6 bytes: what a rule does when it fires. Byte 0 holds the
 * mode, bytes 1-5 the payload; triggers and schedules embed the same bytes.
 * docs/protocol.md § Output.
 */
import { inRange, maskBits, readU16, writeU16 } from '../bytes.js';
import { COMMON, say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { formatDuration } from '../time.js';
import { registerOperationCodec } from './register-operation.js';
import type { RegisterOperation } from './register-operation.js';
import type { RuleCodec } from './types.js';

/** Every value of the 4-bit mode field; 8-15 are unknown and kept as read. */
export type OutputMode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;

export const OUTPUT_DISABLED = 0;
export const OUTPUT_CLOSE_RELAY = 1;
export const OUTPUT_OPEN_RELAY = 2;
export const OUTPUT_INVERT_RELAY = 3;
export const OUTPUT_STOP_SCENE = 4;
export const OUTPUT_START_SCENE = 5;
export const OUTPUT_REGISTER_OPERATION = 6;
export const OUTPUT_AO = 7;

/** Mode 6: bytes 1-5 are a register operation. */
export interface RegisterOutput {
  readonly mode: 6;
  readonly operation: RegisterOperation;
}

/** Every other mode, including disabled and unknown ones, so nothing read is lost. */
export interface ChannelOutput {
  readonly mode: Exclude<OutputMode, 6>;
  /** DO channel (relay modes) or AO channel (mode 7), from 0; scene index (scene modes), shown as stored. */
  readonly channel: number;
  /** Relay modes: hold in 0.1 s (0 = stays); mode 7: AO raw value; scene modes: 0. */
  readonly value: number;
  /** 0 = this device, 1-249 = a slave or team member. */
  readonly addr: number;
}

export type OutputRule = RegisterOutput | ChannelOutput;

export interface OutputModeEntry {
  readonly code: number;
  readonly name: Phrase;
}

/** The known modes, indexed by code. */
export const OUTPUT_MODES: readonly OutputModeEntry[] = [
  { code: 0, name: COMMON.disabled },
  { code: 1, name: { en: 'close relay', zh: '闭合继电器', tc: '閉合繼電器' } },
  { code: 2, name: { en: 'open relay', zh: '断开继电器', tc: '斷開繼電器' } },
  { code: 3, name: { en: 'invert relay', zh: '翻转继电器', tc: '翻轉繼電器' } },
  { code: 4, name: { en: 'stop scene', zh: '停止场景', tc: '停止場景' } },
  { code: 5, name: { en: 'start scene', zh: '启动场景', tc: '啟動場景' } },
  {
    code: 6,
    name: {
      en: 'extended function (register operation)',
      zh: '扩展功能（寄存器操作）',
      tc: '擴展功能（寄存器操作）',
    },
  },
  { code: 7, name: { en: 'AO output', zh: 'AO输出', tc: 'AO輸出' } },
];

export const PAYLOAD_SIZE = 5;
const SIZE = 1 + PAYLOAD_SIZE;
/** Addresses above this are not slave ids (spec: slave ids 0-249). */
export const MAX_SLAVE_ADDR = 249;

function isRelayMode(mode: number): boolean {
  return mode === OUTPUT_CLOSE_RELAY || mode === OUTPUT_OPEN_RELAY || mode === OUTPUT_INVERT_RELAY;
}

function isSceneMode(mode: number): boolean {
  return mode === OUTPUT_STOP_SCENE || mode === OUTPUT_START_SCENE;
}

/** The 5 payload bytes of an output (bytes 1-5 of the output model). */
export function encodeOutputPayload(rule: OutputRule): Uint8Array {
  if (rule.mode === OUTPUT_REGISTER_OPERATION) return registerOperationCodec.encode(rule.operation);
  const out = new Uint8Array(PAYLOAD_SIZE);
  out[0] = maskBits(rule.channel, 8);
  writeU16(out, 1, maskBits(rule.value, 16));
  out[3] = maskBits(rule.addr, 8);
  return out;
}

/**
 * An output from its mode (low 4 bits are read) and payload. Never throws: bytes missing
 * from a short payload read as 0, so callers that embed the output need no extra check.
 */
export function decodeOutputPayload(mode: number, payload: Uint8Array): OutputRule {
  const m = maskBits(mode, 4) as OutputMode;
  if (m === OUTPUT_REGISTER_OPERATION) {
    const padded = new Uint8Array(PAYLOAD_SIZE);
    padded.set(payload.subarray(0, PAYLOAD_SIZE));
    // A 5-byte buffer always decodes.
    return { mode: m, operation: registerOperationCodec.decode(padded)! };
  }
  return { mode: m, channel: payload[0] ?? 0, value: readU16(payload, 1), addr: payload[3] ?? 0 };
}

const PHRASES = {
  hold: { en: ', hold {time}', zh: '，保持{time}', tc: '，保持{time}' },
  slave: { en: ' @ slave {addr}', zh: ' @从机{addr}', tc: ' @從機{addr}' },
  scene: { en: '{mode} {index}', zh: '{mode}{index}', tc: '{mode}{index}' },
  relay: { en: '{mode} DO{channel}', zh: '{mode}DO{channel}', tc: '{mode}DO{channel}' },
  ao: { en: 'AO{channel} output {value}', zh: 'AO{channel}输出{value}', tc: 'AO{channel}輸出{value}' },
  register: { en: 'register operation: {op}', zh: '寄存器操作：{op}', tc: '寄存器操作：{op}' },
} as const satisfies Record<string, Phrase>;

/** Readable text of an output: 'close relay DO2, hold 5 s', 'AO1 output 1200 @ slave 3'. */
export function describeOutput(rule: OutputRule, lang: Lang): string {
  if (rule.mode === OUTPUT_REGISTER_OPERATION) {
    return say(PHRASES.register, lang, { op: registerOperationCodec.describe(rule.operation, lang) });
  }
  const entry = OUTPUT_MODES[rule.mode];
  if (!entry) return say(COMMON.err, lang);
  if (rule.mode === OUTPUT_DISABLED) return say(COMMON.disabled, lang);
  const slave = rule.addr !== 0 ? say(PHRASES.slave, lang, { addr: rule.addr }) : '';
  const mode = say(entry.name, lang);
  if (isSceneMode(rule.mode)) return say(PHRASES.scene, lang, { mode, index: rule.channel }) + slave;
  if (rule.mode === OUTPUT_AO) {
    return say(PHRASES.ao, lang, { channel: rule.channel + 1, value: rule.value }) + slave;
  }
  // A hold of 0 means the relay stays in its new state, so no time is shown.
  const hold = rule.value > 0 ? say(PHRASES.hold, lang, { time: formatDuration(rule.value / 10, lang) }) : '';
  return say(PHRASES.relay, lang, { mode, channel: rule.channel + 1 }) + slave + hold;
}

function validate(rule: OutputRule): string[] {
  if (rule.mode === OUTPUT_REGISTER_OPERATION) {
    return registerOperationCodec.validate(rule.operation).map((r) => `operation.${r}`);
  }
  if (!OUTPUT_MODES[rule.mode]) return ['mode: 0-7'];
  if (rule.mode === OUTPUT_DISABLED) return [];
  const reasons: string[] = [];
  if (isRelayMode(rule.mode)) {
    if (!inRange(rule.channel, 0, 31)) reasons.push('channel: DO channel 0-31');
    if (!(rule.value === 0 || inRange(rule.value, 2, 65535)))
      reasons.push('value: hold 2-65535 (0.1 s) or 0');
  } else if (rule.mode === OUTPUT_AO) {
    if (!inRange(rule.channel, 0, 31)) reasons.push('channel: AO channel 0-31');
    if (!inRange(rule.value, 0, 65535)) reasons.push('value: AO raw value 0-65535');
  } else if (isSceneMode(rule.mode)) {
    if (!inRange(rule.channel, 0, 255)) reasons.push('channel: scene index 0-255');
    if (rule.value !== 0) reasons.push('value: 0 for scene modes');
  }
  if (!inRange(rule.addr, 0, MAX_SLAVE_ADDR)) reasons.push('addr: 0-249');
  return reasons;
}

export const outputCodec: RuleCodec<OutputRule> = {
  kind: 'output',
  size: SIZE,
  encode(rule) {
    const out = new Uint8Array(SIZE);
    out[0] = maskBits(rule.mode, 4);
    out.set(encodeOutputPayload(rule), 1);
    return out;
  },
  decode(bytes) {
    if (bytes.length < SIZE) return null;
    return decodeOutputPayload(bytes[0] ?? 0, bytes.subarray(1, SIZE));
  },
  describe: describeOutput,
  validate,
};
