/**
 * The console's languages: zh (default), en and tc (traditional Chinese), with keys grouped by
 * area (src/locales/<lang>/<area>.ts). The choice persists in local storage; until one is made,
 * the browser's language applies when the console has it.
 */
import i18next from 'i18next';
import type { ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import tc from '../locales/tc';
import zh from '../locales/zh';

/** A key of the console's messages; a wrong one fails the type check (see resources.d.ts). */
export type MessageKey = ParseKeys<'translation'>;
/** The rest of the keys under `prefix`: `KeyUnder<'configure.display.modes'>` is 'mode0' | 'mode1' …. */
export type KeyUnder<Prefix extends string> = MessageKey extends infer K
  ? K extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never;
/** Words a key chosen at run time (a route's title, an error's key). */
export type Translate = (key: MessageKey) => string;

export const LANGUAGES = ['zh', 'en', 'tc'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
export const LANGUAGE_STORAGE_KEY = 'fieldlink.language';

/** The shape of the reference messages (zh) with any text in place of each message. */
type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

// A key missing from en or tc fails the type check (the completeness test also finds extra ones).
export const resources = {
  zh,
  en: en satisfies Messages<typeof zh>,
  tc: tc satisfies Messages<typeof zh>,
} as const;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Regions whose Chinese is written in traditional characters when the tag names no script. */
const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/**
 * The console language of one browser language tag (BCP 47, as `navigator.languages` gives them):
 * `zh-Hant*`, `zh-TW`, `zh-HK` and `zh-MO` are traditional Chinese, any other `zh*` simplified,
 * `en*` English; null for a language the console does not have.
 */
export function languageOfTag(tag: string): Language | null {
  const [primary, ...rest] = tag.toLowerCase().split(/[-_]/);
  if (primary === 'en') return 'en';
  if (primary !== 'zh') return null;
  const script = rest.find((part) => /^[a-z]{4}$/.test(part));
  if (script) return script === 'hant' ? 'tc' : 'zh';
  return rest.some((part) => TRADITIONAL_REGIONS.has(part)) ? 'tc' : 'zh';
}

/** The first of the browser's languages (most preferred first) the console has, or null. */
export function browserLanguage(nav: Pick<Navigator, 'languages' | 'language'> | undefined): Language | null {
  const tags = [...(nav?.languages ?? []), nav?.language ?? ''];
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/**
 * The language to start in: the one chosen in this browser, else the browser's own (not stored,
 * so a later change of the browser's still applies until the user picks one), else zh.
 */
function startLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(value)) return value;
  } catch {
    // Storage refused (private mode): the browser's language still applies.
  }
  return browserLanguage(globalThis.navigator) ?? DEFAULT_LANGUAGE;
}

/** The page's `lang` for a console language. */
export function pageLang(lang: string): string {
  return lang === 'tc' ? 'zh-TW' : lang === 'en' ? 'en' : 'zh-CN';
}

export const i18n = i18next.createInstance();
// The page's `lang` follows every change, the language read at start included.
i18n.on('languageChanged', (lang: string) => {
  const root = globalThis.document?.documentElement;
  if (root) root.lang = pageLang(lang);
});
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(resources).map(([lang, areas]) => [lang, { translation: areas }]),
  ),
  lng: startLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: Language): void {
  void i18n.changeLanguage(lang);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
