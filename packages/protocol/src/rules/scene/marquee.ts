/**
 * Scene types 1 (marquee) and 2 (water-flow light): the selected DO channels switch on one
 * after another. A marquee has one channel on at a time; a water-flow light leaves each on
 * until all are, then switches them off together. docs/protocol.md § Marquee and water-flow light.
 */
import { channelsToMask, maskBits, maskToChannels, readU32, writeU32 } from '../../bytes.js';
import { joinParts, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte } from '../../time.js';
import type { TimeValue } from '../../time.js';
import { validateTimeValue } from '../logic.js';
import { checkChannels, checkRange, clauses, formatChannels } from './common.js';
import { holdPart, readCondition, readRepeat, validateCondition, whenPart, writeHeader } from './header.js';
import type { SceneCondition, SceneRepeat } from './header.js';
import { sceneTypeName } from './scene-types.js';

export interface MarqueeScene extends SceneCondition, SceneRepeat {
  /** 1 marquee, 2 water-flow light. */
  readonly type: 1 | 2;
  /** cycle_cnt: 0-255 passes over the channels, 0 = endless. */
  readonly cycleCount: number;
  /** time_wait: the pause between two passes. */
  readonly waitTime: TimeValue;
  /** time_open: how long each channel is on. */
  readonly openTime: TimeValue;
  /** time_close: the gap before the next channel. */
  readonly closeTime: TimeValue;
  /** dosel: the DO channels (from 0), sorted. */
  readonly channels: readonly number[];
}

export function encodeMarquee(rule: MarqueeScene, out: Uint8Array): void {
  writeHeader(out, rule, rule);
  out[4] = maskBits(rule.cycleCount, 8);
  out[5] = timeValueToByte(rule.waitTime);
  out[6] = timeValueToByte(rule.openTime);
  out[7] = timeValueToByte(rule.closeTime);
  writeU32(out, 8, channelsToMask(rule.channels));
}

export function decodeMarquee(type: 1 | 2, bytes: Uint8Array): MarqueeScene {
  const c = readCondition(bytes);
  const r = readRepeat(bytes);
  // Fields are listed, not spread: spreading into a literal is slow in V8's hot paths.
  return {
    type,
    cycle: r.cycle,
    reverse: r.reverse,
    rule: c.rule,
    ruleType: c.ruleType,
    holdTime: c.holdTime,
    cycleCount: bytes[4] ?? 0,
    waitTime: byteToTimeValue(bytes[5] ?? 0),
    openTime: byteToTimeValue(bytes[6] ?? 0),
    closeTime: byteToTimeValue(bytes[7] ?? 0),
    channels: maskToChannels(readU32(bytes, 8)),
  };
}

const TEXT = {
  timing: {
    en: 'on {open}, gap {close}, wait {wait}',
    zh: '开{open}，间隔{close}，等待{wait}',
    tc: '開{open}，間隔{close}，等待{wait}',
  },
  endless: { en: 'endless', zh: '无限循环', tc: '無限循環' },
  once: { en: '1 cycle', zh: '循环1次', tc: '循環1次' },
  cycles: { en: '{n} cycles', zh: '循环{n}次', tc: '循環{n}次' },
  reverse: { en: 'highest channel first', zh: '从高通道开始', tc: '從高通道開始' },
  repeat: { en: 'repeats while the rule holds', zh: '条件成立期间重复', tc: '條件成立期間重複' },
} as const satisfies Record<string, Phrase>;

function cyclesText(n: number, lang: Lang): string {
  if (n === 0) return say(TEXT.endless, lang);
  return say(n === 1 ? TEXT.once : TEXT.cycles, lang, { n });
}

export function describeMarquee(rule: MarqueeScene, lang: Lang): string {
  const timing = say(TEXT.timing, lang, {
    open: formatTimeValue(rule.openTime, lang),
    close: formatTimeValue(rule.closeTime, lang),
    wait: formatTimeValue(rule.waitTime, lang),
  });
  return joinParts(
    [
      `${sceneTypeName(rule.type, lang)} ${formatChannels('DO', rule.channels, lang)}`,
      clauses([timing, cyclesText(rule.cycleCount, lang)], lang),
      rule.reverse ? say(TEXT.reverse, lang) : '',
      whenPart(rule, lang),
      rule.cycle ? say(TEXT.repeat, lang) : '',
      holdPart(rule.holdTime, lang),
    ],
    lang,
  );
}

export function validateMarquee(rule: MarqueeScene): string[] {
  return [
    ...validateCondition(rule),
    ...checkRange('cycleCount', rule.cycleCount, 0, 255),
    ...validateTimeValue(rule.waitTime, 'waitTime'),
    ...validateTimeValue(rule.openTime, 'openTime'),
    ...validateTimeValue(rule.closeTime, 'closeTime'),
    ...checkChannels('channels', rule.channels),
  ];
}
