/** The console's languages: English, simplified Chinese (default) and traditional Chinese. */
export const LANGS = ['zh', 'en', 'tc'] as const;
export type Lang = (typeof LANGS)[number];

/** One phrase in every language. */
export type Phrase = Readonly<Record<Lang, string>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

// Describing thousands of pages fills the same few templates over and over, so each template
// is split once into its literal parts and placeholder names.
const templates = new Map<string, readonly string[]>();

function splitTemplate(text: string): readonly string[] {
  let parts = templates.get(text);
  if (parts === undefined) {
    parts = text.split(/\{(\w+)\}/);
    if (templates.size < 10_000) templates.set(text, parts);
  }
  return parts;
}

/** Pick a phrase's text; `{name}` placeholders are filled from `vars` (unknown names stay as written). */
export function say(phrase: Phrase, lang: Lang, vars?: Readonly<Record<string, string | number>>): string {
  const text = phrase[lang] ?? phrase.en;
  if (!vars || !text.includes('{')) return text;
  const parts = splitTemplate(text);
  let out = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!;
    out +=
      (Object.prototype.hasOwnProperty.call(vars, key) ? String(vars[key]) : `{${key}}`) +
      (parts[i + 1] ?? '');
  }
  return out;
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
