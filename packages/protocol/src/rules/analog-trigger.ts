/**
 * The analog trigger (14 bytes, the ai page): when an AI or AO value stays inside or outside
 * a window for a time, run an output. docs/protocol.md § Analog trigger.
 */
import { COMMON } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { aiWindowCodec, describeWindow } from './ai-window.js';
import type { AiWindowRule } from './ai-window.js';
import { outputCodec } from './output.js';
import type { OutputRule } from './output.js';
import {
  decodeTriggerHeader,
  decodeTriggerOutput,
  describeTriggerSentence,
  encodeTriggerHeader,
  encodeTriggerOutput,
  HEADER_SIZE,
  plainParts,
  SOURCE_DISABLED,
  triggerSentenceParts,
  validateTriggerHeader,
} from './trigger.js';
import type { TriggerHeader } from './trigger.js';
import type { RuleCodec, RuleParts } from './types.js';

export interface AnalogTriggerRule extends TriggerHeader {
  readonly window: AiWindowRule;
  readonly output: OutputRule;
}

export interface AnalogSourceEntry {
  readonly code: number;
  readonly name: Phrase;
  /** The channel prefix in descriptions ('AI1'). */
  readonly prefix: string;
}

/**
 * The analog trigger's sources. 1-2 are channels (shown from 1); 3-7 are rule registers and the
 * read-only registers, named by index as the device keeps them (shown from 0).
 */
export const ANALOG_TRIGGER_SOURCES: readonly AnalogSourceEntry[] = [
  { code: 0, name: COMMON.disabled, prefix: '' },
  { code: 1, name: { en: 'AI channel', zh: 'AI通道', tc: 'AI通道' }, prefix: 'AI' },
  { code: 2, name: { en: 'AO channel', zh: 'AO通道', tc: 'AO通道' }, prefix: 'AO' },
  { code: 3, name: { en: 'cache register', zh: '缓存寄存器', tc: '快取暫存器' }, prefix: 'CACHE' },
  { code: 4, name: { en: 'time register', zh: '时间寄存器', tc: '時間暫存器' }, prefix: 'TIME' },
  { code: 5, name: { en: 'flow total', zh: '累计流量', tc: '累計流量' }, prefix: 'FLOW' },
  { code: 6, name: { en: 'changed flow', zh: '瞬时流量', tc: '瞬時流量' }, prefix: 'RATE' },
  { code: 7, name: { en: 'read-only register', zh: '只读寄存器', tc: '唯讀暫存器' }, prefix: 'IR' },
];

/** Sources whose channel is a channel number shown from 1; the others are register indexes. */
const CHANNEL_SOURCES = 2;

const SIZE = 14;
const OUTPUT_OFFSET = HEADER_SIZE + aiWindowCodec.size;

/** 'AI1 ≤ 400 or ≥ 2000 …'; null when disabled or of an unknown source. */
function describeCondition(rule: AnalogTriggerRule, lang: Lang): string | null {
  if (rule.source === SOURCE_DISABLED) return null;
  const source = ANALOG_TRIGGER_SOURCES[rule.source];
  if (!source) return null;
  const index = rule.source <= CHANNEL_SOURCES ? rule.channel + 1 : rule.channel;
  return describeWindow(rule.window, lang, `${source.prefix}${index}`);
}

function describe(rule: AnalogTriggerRule, lang: Lang): string {
  const condition = describeCondition(rule, lang);
  return condition === null
    ? plainParts(rule.source, lang).trigger
    : describeTriggerSentence(condition, rule, rule.output, lang);
}

function parts(rule: AnalogTriggerRule, lang: Lang): RuleParts {
  const condition = describeCondition(rule, lang);
  return condition === null
    ? plainParts(rule.source, lang)
    : triggerSentenceParts(condition, rule, rule.output, lang);
}

function validate(rule: AnalogTriggerRule): string[] {
  if (rule.source === SOURCE_DISABLED) return [];
  if (!ANALOG_TRIGGER_SOURCES[rule.source]) return ['source: 0-7'];
  const reasons = validateTriggerHeader(rule, rule.source <= CHANNEL_SOURCES);
  for (const r of aiWindowCodec.validate(rule.window)) reasons.push(`window.${r}`);
  for (const r of outputCodec.validate(rule.output)) reasons.push(`output.${r}`);
  return reasons;
}

export const analogTriggerCodec: RuleCodec<AnalogTriggerRule> = {
  kind: 'analogTrigger',
  size: SIZE,
  encode(rule) {
    const out = new Uint8Array(SIZE);
    encodeTriggerHeader(rule, out);
    out.set(aiWindowCodec.encode(rule.window), HEADER_SIZE);
    encodeTriggerOutput(rule.output, out, OUTPUT_OFFSET);
    return out;
  },
  decode(bytes) {
    if (bytes.length < SIZE) return null;
    // The slice is 5 bytes long, so the window always decodes.
    const window = aiWindowCodec.decode(bytes.subarray(HEADER_SIZE, OUTPUT_OFFSET))!;
    const h = decodeTriggerHeader(bytes);
    // Fields are listed, not spread: spreading into a literal costs V8 microseconds per rule.
    return {
      dev: h.dev,
      source: h.source,
      more: h.more,
      forced: h.forced,
      repeat: h.repeat,
      channel: h.channel,
      window,
      output: decodeTriggerOutput(bytes, OUTPUT_OFFSET),
    };
  },
  describe,
  parts,
  validate,
};
