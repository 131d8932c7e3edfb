/**
 * The option lists of the scene editor, from the protocol package's tables: scene types, the
 * formulas and comparisons of the calculations (each named with what it computes, so the choice
 * shows it), operand sources and flow modes.
 */
import { COMPARISONS, FLOW_MODES, FORMULAS, OPERAND_SOURCES, SCENE_TYPES, say } from '@fieldlink/protocol';
import type { Lang, Phrase } from '@fieldlink/protocol';
import type { CodeOption } from '../fields';

export const SCENE_TYPE_OPTIONS: readonly CodeOption[] = SCENE_TYPES;
export const OPERAND_SOURCE_OPTIONS: readonly CodeOption[] = OPERAND_SOURCES;
export const FLOW_MODE_OPTIONS: readonly CodeOption[] = FLOW_MODES;

/** 'add (X = A+B)' in every language; `detail` gives the part in brackets for a language. */
function withDetail(name: Phrase, detail: (lang: Lang) => string): Phrase {
  const one = (lang: Lang): string =>
    lang === 'en' ? `${name[lang]} (${detail(lang)})` : `${name[lang]}（${detail(lang)}）`;
  return { en: one('en'), zh: one('zh'), tc: one('tc') };
}

/** Formula 0 already names its result ('none (X = A)'); the others get their expression. */
export const FORMULA_OPTIONS: readonly CodeOption[] = FORMULAS.map((f) => ({
  code: f.code,
  name: f.code === 0 ? f.name : withDetail(f.name, () => `X = ${f.expr}`),
}));

export const COMPARISON_OPTIONS: readonly CodeOption[] = COMPARISONS.map((c) => ({
  code: c.code,
  name: withDetail(c.name, (lang) => say(c.expr, lang, { x: 'X', b: 'B', c: 'C' })),
}));
