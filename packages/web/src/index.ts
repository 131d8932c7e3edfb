export { NOT_LOADED, ruleRow } from './rules/rule-row.js';
export type { RuleRow } from './rules/rule-row.js';
