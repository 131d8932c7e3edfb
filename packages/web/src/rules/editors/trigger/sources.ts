/**
 * The rule a source switch gives (docs/protocol.md § Trigger, § Analog trigger). Between enabled
 * sources everything carries over but the channel, which stays only where it still names the
 * same kind of thing: a channel of the model's count for a DI, DO, AI or AO source, an index
 * between index sources. A rule disabled is written as the empty slot is (zeros, the rule index
 * kept), and a rule enabled from disabled starts from that blank.
 */
import type { AnalogTriggerRule, TriggerHeader, TriggerRule } from '@fieldlink/protocol';
import type { ChannelKind, RuleContext } from '../context';
import { DISABLED_OUTPUT } from '../output/blank';

type SourceKind = ChannelKind | 'index';

/** What the channel byte of a switch trigger's source names. */
export const triggerChannelKind = (source: number): 'di' | 'do' | 'index' =>
  source === 1 ? 'di' : source === 2 ? 'do' : 'index';

/** What the channel byte of an analog trigger's source names. */
export const analogChannelKind = (source: number): 'ai' | 'ao' | 'index' =>
  source === 1 ? 'ai' : source === 2 ? 'ao' : 'index';

/** The channel kept when the source changes from one kind to another; else 0. */
export function channelAfterSwitch(
  channel: number,
  before: SourceKind,
  after: SourceKind,
  counts: RuleContext['counts'],
): number {
  if (after === 'index') return before === 'index' ? channel : 0;
  return channel < Math.min(32, counts[after]) ? channel : 0;
}

function blankHeader(dev: number, source: number): TriggerHeader {
  return { dev, source, more: false, forced: false, repeat: false, channel: 0 };
}

/** The switch trigger after the user picks `source`. */
export function triggerWithSource(
  rule: TriggerRule,
  source: number,
  counts: RuleContext['counts'],
): TriggerRule {
  if (source === rule.source) return rule;
  if (source === 0 || rule.source === 0) {
    return {
      ...blankHeader(rule.dev, source),
      level: 'active',
      holdTime: 0,
      unholdTime: 0,
      output: DISABLED_OUTPUT,
    };
  }
  const before = triggerChannelKind(rule.source);
  return {
    ...rule,
    source,
    channel: channelAfterSwitch(rule.channel, before, triggerChannelKind(source), counts),
  };
}

/** The analog trigger after the user picks `source`. */
export function analogTriggerWithSource(
  rule: AnalogTriggerRule,
  source: number,
  counts: RuleContext['counts'],
): AnalogTriggerRule {
  if (source === rule.source) return rule;
  if (source === 0 || rule.source === 0) {
    return {
      ...blankHeader(rule.dev, source),
      window: { band: false, holdTime: { value: 0, unit: 0 }, high: 0, low: 0 },
      output: DISABLED_OUTPUT,
    };
  }
  const before = analogChannelKind(rule.source);
  return {
    ...rule,
    source,
    channel: channelAfterSwitch(rule.channel, before, analogChannelKind(source), counts),
  };
}
