/** The console's languages: English, simplified Chinese (default) and traditional Chinese. */
export const LANGS = ['zh', 'en', 'tc'] as const;
export type Lang = (typeof LANGS)[number];

/** One phrase in every language. */
export type Phrase = Readonly<Record<Lang, string>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Pick a phrase's text; `{name}` placeholders are filled from `vars`. */
export function say(phrase: Phrase, lang: Lang, vars?: Readonly<Record<string, string | number>>): string {
  const text = phrase[lang] ?? phrase.en;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, key: string) => (key in vars ? String(vars[key]) : m));
}

/** Joins description parts: English uses '; ', Chinese uses the full-width '；'. */
export function joinParts(parts: readonly string[], lang: Lang): string {
  return parts.filter((p) => p.length > 0).join(lang === 'en' ? '; ' : '；');
}

/** Phrases shared by every rule description. */
export const COMMON = {
  disabled: { en: 'disabled', zh: '禁用', tc: '禁用' },
  err: { en: 'err', zh: 'err', tc: 'err' },
  abnormal: { en: 'abnormal', zh: '异常', tc: '異常' },
  any: { en: 'any', zh: '任意', tc: '任意' },
  forever: { en: 'forever', zh: '一直保持', tc: '一直保持' },
} as const satisfies Record<string, Phrase>;
