import { clampInt, maskBits } from '../bytes.js';
import { COMMON, joinParts, say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { dateTimeIntervalCodec } from './date-time-interval.js';
import type { DateTimeInterval } from './date-time-interval.js';
import { fixedPointCodec, formatFixedPoint } from './fixed-point.js';
import type { FixedPoint } from './fixed-point.js';
import { decodeOutputPayload, describeOutput, encodeOutputPayload, outputCodec } from './output.js';
import type { OutputRule } from './output.js';
import type { RuleCodec, RuleParts } from './types.js';
import { weekIntervalCodec } from './week-interval.js';
import type { WeekInterval } from './week-interval.js';
import { weeklyCycleCodec } from './weekly-cycle.js';
import type { WeeklyCycle } from './weekly-cycle.js';

/**
 * The schedule (timer page, rtc) rule, 14 bytes: a time part selected by the mode and, for
 * the modes that act, the output to run. See docs/protocol.md § Schedule.
 */
interface ScheduleBase {
  /** Rule index 0-255. */
  dev: number;
  /** The next rule's output also runs. */
  more: boolean;
}

export interface ScheduleDisabled extends ScheduleBase {
  mode: 0;
}

/** Mode 1: runs the output when the clock matches the fixed point. */
export interface ScheduleFixedPoint extends ScheduleBase {
  mode: 1;
  at: FixedPoint;
  output: OutputRule;
}

/** Mode 2 (weekday mode): runs the output at the weekly cycle's times. */
export interface ScheduleWeekly extends ScheduleBase {
  mode: 2;
  weekly: WeeklyCycle;
  output: OutputRule;
}

/** Mode 3 (time range 1): a window other rules use as a condition; it has no output. */
export interface ScheduleTimeRange extends ScheduleBase {
  mode: 3;
  interval: DateTimeInterval;
}

/** Mode 4 (time range 2): the output is on inside the window and reversed outside it. */
export interface ScheduleWeekWindow extends ScheduleBase {
  mode: 4;
  window: WeekInterval;
  output: OutputRule;
}

/** Modes 5-7 are not defined; every byte is kept so a page rewrite loses nothing. */
export interface ScheduleAbnormal extends ScheduleBase {
  mode: 5 | 6 | 7;
  /** All 14 bytes as read; encode writes them back under the model's dev, mode and more. */
  raw: number[];
}

export type ScheduleRule =
  | ScheduleDisabled
  | ScheduleFixedPoint
  | ScheduleWeekly
  | ScheduleTimeRange
  | ScheduleWeekWindow
  | ScheduleAbnormal;

export type ScheduleMode = ScheduleRule['mode'];

/** The defined modes' names, indexed by mode (0-4); 5-7 display as abnormal. */
export const SCHEDULE_MODES: readonly Phrase[] = [
  COMMON.disabled,
  { en: 'fixed-point control', zh: '定点控制', tc: '定點控制' },
  { en: 'weekday mode', zh: '星期模式', tc: '星期模式' },
  { en: 'time range 1', zh: '时间段1', tc: '時間段1' },
  { en: 'time range 2', zh: '时间段2', tc: '時間段2' },
];

/** A mode's name; modes past the table give the abnormal text. */
export function scheduleModeName(mode: number, lang: Lang): string {
  return say(SCHEDULE_MODES[mode] ?? COMMON.abnormal, lang);
}

const SIZE = 14;
const TIME_AT = 3;
const PAYLOAD_AT = 9;
/** Mode 3 keeps the end's second apart from its other fields, in byte 1. */
const END_SECOND_AT = 1;

const PHRASES = {
  then: { en: '{when}: {what}', zh: '{when}：{what}', tc: '{when}：{what}' },
  at: { en: 'at {point}', zh: '于 {point}', tc: '於 {point}' },
  reversedOutside: {
    en: '{output} (reversed outside)',
    zh: '{output}（时段外反向）',
    tc: '{output}（時段外反向）',
  },
  more: {
    en: "also runs the next rule's output",
    zh: '同时执行下一条规则的输出',
    tc: '同時執行下一條規則的輸出',
  },
} as const satisfies Record<string, Phrase>;

/** Writes the output payload at bytes 9-13 and returns its mode for byte 2's low nibble. */
function writeOutput(out: Uint8Array, output: OutputRule): number {
  out.set(encodeOutputPayload(output).subarray(0, SIZE - PAYLOAD_AT), PAYLOAD_AT);
  return maskBits(output.mode, 4);
}

/** Mode 3's interval as the 12 bytes of a date-time interval, from its split places. */
function intervalBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(12);
  out.set(bytes.subarray(TIME_AT, TIME_AT + 6), 0);
  out.set(bytes.subarray(PAYLOAD_AT, SIZE), 6);
  out[11] = bytes[END_SECOND_AT]!;
  return out;
}

function encode(rule: ScheduleRule): Uint8Array {
  const out = new Uint8Array(SIZE);
  let outputMode = 0;
  switch (rule.mode) {
    case 0:
      break;
    case 1:
      out.set(fixedPointCodec.encode(rule.at), TIME_AT);
      outputMode = writeOutput(out, rule.output);
      break;
    case 2:
      out.set(weeklyCycleCodec.encode(rule.weekly), TIME_AT);
      outputMode = writeOutput(out, rule.output);
      break;
    case 3: {
      const interval = dateTimeIntervalCodec.encode(rule.interval);
      out.set(interval.subarray(0, 6), TIME_AT);
      out.set(interval.subarray(6, 11), PAYLOAD_AT);
      out[END_SECOND_AT] = interval[11]!;
      break;
    }
    case 4:
      out.set(weekIntervalCodec.encode(rule.window), TIME_AT);
      outputMode = writeOutput(out, rule.output);
      break;
    default: {
      const raw = Array.isArray(rule.raw) ? rule.raw : [];
      for (let i = 0; i < SIZE; i++) out[i] = maskBits(raw[i] ?? 0, 8);
      outputMode = out[2]! & 0x0f;
    }
  }
  out[0] = clampInt(rule.dev, 0, 255);
  out[2] = (maskBits(rule.mode, 3) << 5) | (rule.more ? 0x10 : 0) | outputMode;
  return out;
}

function decode(bytes: Uint8Array): ScheduleRule | null {
  if (bytes.length < SIZE) return null;
  const dev = bytes[0]!;
  const mode = bytes[2]! >> 5;
  const more = (bytes[2]! & 0x10) !== 0;
  const outputMode = bytes[2]! & 0x0f;
  const time = bytes.subarray(TIME_AT, TIME_AT + 6);
  const output = (): OutputRule => decodeOutputPayload(outputMode, bytes.subarray(PAYLOAD_AT, SIZE));
  // The sub-codecs return null only for short buffers; every slice below has their size.
  switch (mode) {
    case 0:
      return { dev, mode: 0, more };
    case 1:
      return { dev, mode: 1, more, at: fixedPointCodec.decode(time)!, output: output() };
    case 2:
      return { dev, mode: 2, more, weekly: weeklyCycleCodec.decode(time)!, output: output() };
    case 3:
      return { dev, mode: 3, more, interval: dateTimeIntervalCodec.decode(intervalBytes(bytes))! };
    case 4:
      return { dev, mode: 4, more, window: weekIntervalCodec.decode(time)!, output: output() };
    default:
      return { dev, mode: mode as 5 | 6 | 7, more, raw: Array.from(bytes.subarray(0, SIZE)) };
  }
}

function withMore(rule: ScheduleRule, text: string, lang: Lang): string {
  return rule.more ? joinParts([text, say(PHRASES.more, lang)], lang) : text;
}

/** When the rule runs, and what it does ('' for the disabled and abnormal modes). */
function whenAndWhat(rule: ScheduleRule, lang: Lang): { when: string; what: string } {
  switch (rule.mode) {
    case 0:
      return { when: say(COMMON.disabled, lang), what: '' };
    case 1:
      return {
        when: say(PHRASES.at, lang, { point: formatFixedPoint(rule.at) }),
        what: describeOutput(rule.output, lang),
      };
    case 2:
      return { when: weeklyCycleCodec.describe(rule.weekly, lang), what: describeOutput(rule.output, lang) };
    case 3:
      return { when: scheduleModeName(3, lang), what: dateTimeIntervalCodec.describe(rule.interval, lang) };
    case 4:
      return {
        when: weekIntervalCodec.describe(rule.window, lang),
        what: say(PHRASES.reversedOutside, lang, { output: describeOutput(rule.output, lang) }),
      };
    default:
      return { when: say(COMMON.abnormal, lang), what: '' };
  }
}

function describe(rule: ScheduleRule, lang: Lang): string {
  const { when, what } = whenAndWhat(rule, lang);
  if (rule.mode > 4) return when;
  return withMore(rule, what === '' ? when : say(PHRASES.then, lang, { when, what }), lang);
}

function parts(rule: ScheduleRule, lang: Lang): RuleParts {
  const { when, what } = whenAndWhat(rule, lang);
  return { trigger: rule.mode > 4 ? when : withMore(rule, when, lang), operation: what };
}

function prefixed(prefix: string, reasons: readonly string[]): string[] {
  return reasons.map((r) => `${prefix}.${r}`);
}

function validate(rule: ScheduleRule): string[] {
  const reasons = Number.isInteger(rule.dev) && rule.dev >= 0 && rule.dev <= 255 ? [] : ['dev: 0-255'];
  switch (rule.mode) {
    case 0:
      return reasons;
    case 1:
      return [
        ...reasons,
        ...prefixed('at', fixedPointCodec.validate(rule.at)),
        ...prefixed('output', outputCodec.validate(rule.output)),
      ];
    case 2:
      return [
        ...reasons,
        ...prefixed('weekly', weeklyCycleCodec.validate(rule.weekly)),
        ...prefixed('output', outputCodec.validate(rule.output)),
      ];
    case 3:
      return [...reasons, ...prefixed('interval', dateTimeIntervalCodec.validate(rule.interval))];
    case 4:
      return [
        ...reasons,
        ...prefixed('window', weekIntervalCodec.validate(rule.window)),
        ...prefixed('output', outputCodec.validate(rule.output)),
      ];
    default:
      return [...reasons, 'mode: 0-4'];
  }
}

export const scheduleCodec: RuleCodec<ScheduleRule> = {
  kind: 'schedule',
  size: SIZE,
  encode,
  decode,
  describe,
  parts,
  validate,
};
