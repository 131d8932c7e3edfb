/** The pure validators of validators.ts as antd Form rules, with translated messages. */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { Validator } from './validators';

/** A rule object (not a rule function), so it can also be returned from a dependent rule. */
export type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

export function formRule(validator: Validator, t: TFunction): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const key = validator(
        typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value),
      );
      if (key) throw new Error(t(key));
    },
  };
}
