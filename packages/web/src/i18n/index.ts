/**
 * The console's languages: zh (default), en and tc (traditional Chinese), with keys grouped by
 * area (src/locales/<lang>/<area>.ts). The choice persists in local storage.
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

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
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
  lng: storedLanguage(),
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
