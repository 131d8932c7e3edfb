import type { Lang } from '../i18n.js';

/**
 * One rule model: its fixed byte size on the wire and its codec. Every model module
 * exports one of these; `rules/index.ts` collects them into the public registry.
 *
 * Contract (tests check it for every model):
 * - `encode(rule)` returns exactly `size` bytes and never throws; bit fields are masked to
 *   their widths, whole-byte numbers that would wrap into a different real value (times,
 *   counts) are clamped as the model's notes in docs/protocol.md say; reserved bits are 0.
 * - `decode(bytes)` reads the first `size` bytes and returns null (never throws) when
 *   fewer are given. It never throws on any content: every bit pattern decodes to a model,
 *   unknown types keep their raw bytes so a read-modify-write loses nothing.
 * - `decode(encode(r))` deep-equals `r` for every valid model, and `encode(decode(b))`
 *   equals `b` for every valid buffer (reserved bits zero).
 * - `describe(rule, lang)` is readable text; an unknown type gives 'err', a disabled one
 *   the word for disabled.
 * - `validate(rule)` lists the reasons a rule is out of the specification's bounds
 *   (empty when it is fine).
 */
/** A rule's description in two parts, as a rule page's row shows it: when, and what it does. */
export interface RuleParts {
  readonly trigger: string;
  /** Empty for models whose description is all one part (scenes, logic, meters …). */
  readonly operation: string;
}

export interface RuleCodec<T> {
  readonly kind: string;
  readonly size: number;
  encode(rule: T): Uint8Array;
  decode(bytes: Uint8Array): T | null;
  describe(rule: T, lang: Lang): string;
  /** The description in its two parts, for models with an output part. */
  parts?(rule: T, lang: Lang): RuleParts;
  validate(rule: T): string[];
}
