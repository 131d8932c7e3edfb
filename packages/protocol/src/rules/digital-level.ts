/**
 * The digital level rule (6 bytes), the timed hold: the level is held for the hold time,
 * released for the unhold time, then the rule waits for a re-trigger. Unlike the rule pages,
 * its times count in 0.01 s. docs/protocol.md § Digital level.
 */
import { inRange, maskBits, readU16, writeU16 } from '../bytes.js';
import { say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { formatDuration } from '../time.js';
import type { RuleCodec } from './types.js';

export type DigitalLevel = 'high' | 'low';

export interface DigitalLevelRule {
  /** high = active, low = inactive. */
  readonly level: DigitalLevel;
  /** 0-31 */
  readonly channel: number;
  /** 0.01 s, u16. */
  readonly holdTime: number;
  /** 0.01 s, u16. */
  readonly unholdTime: number;
}

const SIZE = 6;

/** 0.01 s units to seconds. */
export function hundredthsToSeconds(n: number): number {
  return n / 100;
}

const SECONDS: Phrase = { en: '{n} s', zh: '{n}秒', tc: '{n}秒' };

/** formatDuration works in tenths, so a time with hundredths is written out in seconds. */
function formatHundredths(n: number, lang: Lang): string {
  return n % 10 === 0 ? formatDuration(n / 100, lang) : say(SECONDS, lang, { n: hundredthsToSeconds(n) });
}

const PHRASES = {
  rule: {
    en: 'channel {channel} {level}, hold {hold}, release {release}',
    zh: '通道{channel}{level}，保持{hold}，释放{release}',
    tc: '通道{channel}{level}，保持{hold}，釋放{release}',
  },
  high: { en: 'high', zh: '高电平', tc: '高電平' },
  low: { en: 'low', zh: '低电平', tc: '低電平' },
} as const satisfies Record<string, Phrase>;

function describe(rule: DigitalLevelRule, lang: Lang): string {
  return say(PHRASES.rule, lang, {
    channel: rule.channel + 1,
    level: say(rule.level === 'low' ? PHRASES.low : PHRASES.high, lang),
    hold: formatHundredths(rule.holdTime, lang),
    release: formatHundredths(rule.unholdTime, lang),
  });
}

function validate(rule: DigitalLevelRule): string[] {
  const reasons: string[] = [];
  if (!inRange(rule.channel, 0, 31)) reasons.push('channel: 0-31');
  if (!inRange(rule.holdTime, 0, 65535)) reasons.push('holdTime: 0-65535 (0.01 s)');
  if (!inRange(rule.unholdTime, 0, 65535)) reasons.push('unholdTime: 0-65535 (0.01 s)');
  return reasons;
}

export const digitalLevelCodec: RuleCodec<DigitalLevelRule> = {
  kind: 'digitalLevel',
  size: SIZE,
  encode(rule) {
    const out = new Uint8Array(SIZE);
    out[0] = rule.level === 'low' ? 1 : 0;
    out[1] = maskBits(rule.channel, 8);
    writeU16(out, 2, maskBits(rule.holdTime, 16));
    writeU16(out, 4, maskBits(rule.unholdTime, 16));
    return out;
  },
  decode(bytes) {
    if (bytes.length < SIZE) return null;
    return {
      level: ((bytes[0] ?? 0) & 1) === 1 ? 'low' : 'high',
      channel: bytes[1] ?? 0,
      holdTime: readU16(bytes, 2),
      unholdTime: readU16(bytes, 4),
    };
  },
  describe,
  validate,
};
