/**
 * The switch trigger (14 bytes, the di page): when a DI, DO, scene or rule reaches a level
 * for a time, run an output. Its 3-byte header is shared with the analog trigger.
 * docs/protocol.md § Trigger.
 */
import { clampInt, inRange, maskBits, readU16, writeU16 } from '../bytes.js';
import { COMMON, say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { formatDuration } from '../time.js';
import { decodeOutputPayload, describeOutput, encodeOutputPayload, outputCodec } from './output.js';
import type { OutputRule } from './output.js';
import type { RuleCodec, RuleParts } from './types.js';

/** Bytes 0-2 of the switch and analog triggers. */
export interface TriggerHeader {
  /** The rule index, 0-255; named dev as in the schedule. */
  readonly dev: number;
  /** 3 bits; the meaning of each value depends on the trigger model. */
  readonly source: number;
  /** The next rule's output also runs on this trigger. */
  readonly more: boolean;
  /** false: event-triggered, runs once per event; true: event-forced, runs while the condition holds. */
  readonly forced: boolean;
  /** false: single, true: repeat. */
  readonly repeat: boolean;
  /** The source channel, from 0 (or a scene or rule index). */
  readonly channel: number;
}

export type TriggerLevel = 'active' | 'inactive';

export interface TriggerRule extends TriggerHeader {
  /** active = conducting, inactive = broken. */
  readonly level: TriggerLevel;
  /** 0.1 s, u16: how long the level must hold. */
  readonly holdTime: number;
  /** 0.1 s, u16: release before a re-trigger; the specification caps it at 100. */
  readonly unholdTime: number;
  readonly output: OutputRule;
}

export const HEADER_SIZE = 3;
const SIZE = 14;
const OUTPUT_OFFSET = 8;
/** The specification caps the release time at 10 s. */
export const UNHOLD_MAX = 100;

export interface TriggerSourceEntry {
  readonly code: number;
  readonly name: Phrase;
  /** The source as shown in a description; {n} is a DI/DO channel counted from 1, or an index as stored. */
  readonly label: Phrase;
  /** DI and DO sources have channels 0-31; the others an index 0-255. */
  readonly io: boolean;
}

/** The switch trigger's sources; 4 is reserved and describes as 'err'. */
export const TRIGGER_SOURCES: readonly TriggerSourceEntry[] = [
  { code: 0, name: COMMON.disabled, label: COMMON.disabled, io: false },
  {
    code: 1,
    name: { en: 'DI channel (optocoupler input)', zh: 'DI通道（光耦输入）', tc: 'DI通道（光耦輸入）' },
    label: { en: 'DI{n}', zh: 'DI{n}', tc: 'DI{n}' },
    io: true,
  },
  {
    code: 2,
    name: { en: 'DO channel (relay output)', zh: 'DO通道（继电器输出）', tc: 'DO通道（繼電器輸出）' },
    label: { en: 'DO{n}', zh: 'DO{n}', tc: 'DO{n}' },
    io: true,
  },
  {
    code: 3,
    name: { en: 'scene channel', zh: '场景通道', tc: '場景通道' },
    label: { en: 'scene {n}', zh: '场景{n}', tc: '場景{n}' },
    io: false,
  },
  {
    code: 5,
    name: { en: 'algorithm application', zh: '算法应用', tc: '算法應用' },
    label: { en: 'algorithm {n}', zh: '算法应用{n}', tc: '算法應用{n}' },
    io: false,
  },
  {
    code: 6,
    name: { en: 'scene application', zh: '场景应用', tc: '場景應用' },
    label: { en: 'scene application {n}', zh: '场景应用{n}', tc: '場景應用{n}' },
    io: false,
  },
  {
    code: 7,
    name: { en: 'conditional execution', zh: '条件执行', tc: '條件執行' },
    label: { en: 'condition {n}', zh: '条件执行{n}', tc: '條件執行{n}' },
    io: false,
  },
];

export const SOURCE_DISABLED = 0;

export function triggerSource(code: number): TriggerSourceEntry | undefined {
  return TRIGGER_SOURCES.find((s) => s.code === code);
}

/** Writes bytes 0-2 of `out`. */
export function encodeTriggerHeader(header: TriggerHeader, out: Uint8Array): void {
  out[0] = maskBits(header.dev, 8);
  out[1] =
    (maskBits(header.source, 3) << 5) |
    (header.more ? 0x10 : 0) |
    (header.forced ? 0x08 : 0) |
    (header.repeat ? 0x04 : 0);
  out[2] = maskBits(header.channel, 8);
}

/** Reads bytes 0-2; the caller has checked the length. */
export function decodeTriggerHeader(bytes: Uint8Array): TriggerHeader {
  const flags = bytes[1] ?? 0;
  return {
    dev: bytes[0] ?? 0,
    source: flags >> 5,
    more: (flags & 0x10) !== 0,
    forced: (flags & 0x08) !== 0,
    repeat: (flags & 0x04) !== 0,
    channel: bytes[2] ?? 0,
  };
}

/** The output of a trigger model: its 6 bytes at `offset`. */
export function decodeTriggerOutput(bytes: Uint8Array, offset: number): OutputRule {
  return decodeOutputPayload(bytes[offset] ?? 0, bytes.subarray(offset + 1, offset + 6));
}

export function encodeTriggerOutput(output: OutputRule, out: Uint8Array, offset: number): void {
  out[offset] = maskBits(output.mode, 4);
  out.set(encodeOutputPayload(output), offset + 1);
}

const PHRASES = {
  sentence: {
    en: 'when {condition}, {execution}, {repeat}{more}: {output}',
    zh: '当{condition}，{execution}，{repeat}{more}：{output}',
    tc: '當{condition}，{execution}，{repeat}{more}：{output}',
  },
  when: {
    en: 'when {condition}, {execution}, {repeat}{more}',
    zh: '当{condition}，{execution}，{repeat}{more}',
    tc: '當{condition}，{execution}，{repeat}{more}',
  },
  eventTriggered: { en: 'event-triggered', zh: '事件触发', tc: '事件觸發' },
  eventForced: { en: 'event-forced', zh: '事件强制', tc: '事件強制' },
  single: { en: 'single', zh: '单次', tc: '單次' },
  repeat: { en: 'repeat', zh: '重复', tc: '重複' },
  more: { en: ', with the next rule', zh: '，联动下一条规则', tc: '，聯動下一條規則' },
  ioActive: { en: ' is active', zh: '导通', tc: '導通' },
  ioInactive: { en: ' is inactive', zh: '断开', tc: '斷開' },
  active: { en: ' is active', zh: '有效', tc: '有效' },
  inactive: { en: ' is inactive', zh: '无效', tc: '無效' },
  hold: { en: ' for {time}', zh: '持续{time}', tc: '持續{time}' },
  release: { en: ' (release {time})', zh: '（释放{time}）', tc: '（釋放{time}）' },
} as const satisfies Record<string, Phrase>;

/** 'when {condition}, event-triggered, single: {output}', shared by both trigger models. */
export function describeTriggerSentence(
  condition: string,
  header: TriggerHeader,
  output: OutputRule,
  lang: Lang,
): string {
  return say(PHRASES.sentence, lang, {
    condition,
    execution: say(header.forced ? PHRASES.eventForced : PHRASES.eventTriggered, lang),
    repeat: say(header.repeat ? PHRASES.repeat : PHRASES.single, lang),
    more: header.more ? say(PHRASES.more, lang) : '',
    output: describeOutput(output, lang),
  });
}

/** The same sentence in its two parts: the condition with its execution, and the output. */
export function triggerSentenceParts(
  condition: string,
  header: TriggerHeader,
  output: OutputRule,
  lang: Lang,
): RuleParts {
  return {
    trigger: say(PHRASES.when, lang, {
      condition,
      execution: say(header.forced ? PHRASES.eventForced : PHRASES.eventTriggered, lang),
      repeat: say(header.repeat ? PHRASES.repeat : PHRASES.single, lang),
      more: header.more ? say(PHRASES.more, lang) : '',
    }),
    operation: describeOutput(output, lang),
  };
}

/** Header bounds other than the source (whose values differ between the models). */
export function validateTriggerHeader(header: TriggerHeader, ioSource: boolean): string[] {
  const reasons: string[] = [];
  if (!inRange(header.dev, 0, 255)) reasons.push('dev: 0-255');
  if (ioSource) {
    if (!inRange(header.channel, 0, 31)) reasons.push('channel: 0-31');
  } else if (!inRange(header.channel, 0, 255)) reasons.push('channel: 0-255');
  return reasons;
}

/** A tenths value as text: 5 → '0.5 s'. */
function tenths(value: number, lang: Lang): string {
  return formatDuration(value / 10, lang);
}

function describe(rule: TriggerRule, lang: Lang): string {
  const condition = describeCondition(rule, lang);
  return condition === null
    ? plainParts(rule.source, lang).trigger
    : describeTriggerSentence(condition, rule, rule.output, lang);
}

function parts(rule: TriggerRule, lang: Lang): RuleParts {
  const condition = describeCondition(rule, lang);
  return condition === null
    ? plainParts(rule.source, lang)
    : triggerSentenceParts(condition, rule, rule.output, lang);
}

/** A disabled rule, or one of an unknown source: one word and no output. */
export function plainParts(source: number, lang: Lang): RuleParts {
  return { trigger: say(source === SOURCE_DISABLED ? COMMON.disabled : COMMON.err, lang), operation: '' };
}

/** 'DI1 is active for 0.2 s'; null when disabled or of an unknown source. */
function describeCondition(rule: TriggerRule, lang: Lang): string | null {
  if (rule.source === SOURCE_DISABLED) return null;
  const source = triggerSource(rule.source);
  if (!source) return null;
  const active = rule.level === 'active';
  const level = source.io
    ? active
      ? PHRASES.ioActive
      : PHRASES.ioInactive
    : active
      ? PHRASES.active
      : PHRASES.inactive;
  const condition =
    say(source.label, lang, { n: source.io ? rule.channel + 1 : rule.channel }) +
    say(level, lang) +
    (rule.holdTime > 0 ? say(PHRASES.hold, lang, { time: tenths(rule.holdTime, lang) }) : '') +
    (rule.unholdTime > 0 ? say(PHRASES.release, lang, { time: tenths(rule.unholdTime, lang) }) : '');
  return condition;
}

function validate(rule: TriggerRule): string[] {
  if (rule.source === SOURCE_DISABLED) return [];
  const source = triggerSource(rule.source);
  if (!source) return [rule.source === 4 ? 'source: 4 is reserved' : 'source: 0-7'];
  const reasons = validateTriggerHeader(rule, source.io);
  if (!inRange(rule.holdTime, 0, 65535)) reasons.push('holdTime: 0-65535 (0.1 s)');
  if (!inRange(rule.unholdTime, 0, UNHOLD_MAX)) reasons.push('unholdTime: 0-100 (0.1 s)');
  for (const r of outputCodec.validate(rule.output)) reasons.push(`output.${r}`);
  return reasons;
}

/** The hold as the console shows it: the specification clamps the short hold to 1-100 tenths. */
export function displayHoldTenths(rule: Pick<TriggerRule, 'holdTime'>): number {
  return clampInt(rule.holdTime, 1, 100);
}

export const triggerCodec: RuleCodec<TriggerRule> = {
  kind: 'trigger',
  size: SIZE,
  encode(rule) {
    const out = new Uint8Array(SIZE);
    encodeTriggerHeader(rule, out);
    out[3] = rule.level === 'inactive' ? 1 : 0;
    writeU16(out, 4, maskBits(rule.holdTime, 16));
    writeU16(out, 6, maskBits(rule.unholdTime, 16));
    encodeTriggerOutput(rule.output, out, OUTPUT_OFFSET);
    return out;
  },
  decode(bytes) {
    if (bytes.length < SIZE) return null;
    const h = decodeTriggerHeader(bytes);
    // Fields are listed, not spread: spreading into a literal costs V8 microseconds per rule.
    return {
      dev: h.dev,
      source: h.source,
      more: h.more,
      forced: h.forced,
      repeat: h.repeat,
      channel: h.channel,
      level: ((bytes[3] ?? 0) & 1) === 1 ? 'inactive' : 'active',
      holdTime: readU16(bytes, 4),
      unholdTime: readU16(bytes, 6),
      output: decodeTriggerOutput(bytes, OUTPUT_OFFSET),
    };
  },
  describe,
  parts,
  validate,
};
