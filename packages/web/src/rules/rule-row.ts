/**
 * One row of a rule page as the console lists it: the rule's place and its readable text, or
 * the not-loaded placeholder until the page has been read from the device.
 */
import { describeRule, say } from '@fieldlink/protocol';
import type { Lang, RuleKind, RuleOf } from '@fieldlink/protocol';

export const NOT_LOADED = {
  placeholder: '---',
  hint: { en: 'please refresh', zh: '请刷新', tc: '請刷新' },
} as const;

export interface RuleRow {
  /** Place of the rule on its page type, from 0 (page × 10 + slot). */
  readonly index: number;
  readonly text: string;
  readonly loaded: boolean;
}

export function ruleRow<K extends RuleKind>(
  kind: K,
  page: number,
  slot: number,
  rule: RuleOf<K> | null,
  lang: Lang,
): RuleRow {
  const index = page * 10 + slot;
  if (rule === null) {
    return { index, text: `${NOT_LOADED.placeholder} ${say(NOT_LOADED.hint, lang)}`, loaded: false };
  }
  return { index, text: describeRule(kind, rule, lang), loaded: true };
}
