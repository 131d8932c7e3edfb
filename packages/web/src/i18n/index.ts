/**
 * The console's languages: zh (default), en and tc (traditional Chinese), with keys grouped by
 * area (src/locales/<lang>/<area>.ts). The choice persists in local storage; until one is made,
 * the browser's language applies when the console has it. A page load fetches only the start
 * language's sign-in areas ({@link languageReady}, awaited before the first render); the rest of
 * it comes with the first page beyond sign-in ({@link allMessages}), and another language is
 * fetched when the user switches to it, before the switch (load.ts).
 */
import i18next from 'i18next';
import type { ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { hasMessages, loadLanguage } from './load';
import type { MessagePart } from './load';

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
const start = startLanguage();
// No messages yet: the start language's arrive with languageReady.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: start,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Settles once the start language's sign-in areas are in: the console renders after (main.tsx). */
export const languageReady: Promise<void> = loadLanguage(i18n, start, 'signIn');

/** Whether a page beyond sign-in has asked for the whole language: a switch then loads it all. */
let wholeLanguage = false;

/** The latest language asked for: a slower fetch of an earlier choice does not overturn it. */
let wanted: Language | null = null;

/**
 * All of the current language's messages (and of one being switched to): every page but the
 * sign-in pages, and the signed-in frame, load with it (routes/table.ts, app/route-objects.tsx).
 */
export function allMessages(): Promise<void> {
  wholeLanguage = true;
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const langs = new Set<Language>([current, wanted ?? current]);
  return Promise.all([...langs].map((lang) => loadLanguage(i18n, lang, 'all'))).then(() => undefined);
}

/**
 * Switches to `lang` (at once when the messages it needs are in, else once they are) and keeps the
 * choice in this browser. Settles when the switch is made (or was overtaken by a later one).
 */
export function switchLanguage(lang: Language): Promise<void> {
  wanted = lang;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  const part = (): MessagePart => (wholeLanguage ? 'all' : 'signIn');
  if (hasMessages(i18n, lang, part())) return i18n.changeLanguage(lang).then(() => undefined);
  const switched = async (): Promise<void> => {
    // The whole language may become needed while its sign-in part is on the way.
    while (!hasMessages(i18n, lang, part())) await loadLanguage(i18n, lang, part());
    if (wanted === lang) await i18n.changeLanguage(lang);
  };
  return switched().catch((error: unknown) => {
    // The console stays in its language; the choice is kept for the next page load.
    console.warn(`the ${lang} messages did not load`, error);
  });
}

/**
 * {@link switchLanguage} without waiting: when the messages are in, the language has changed on
 * return (callers such as `act(() => setLanguage('en'))` rely on it).
 */
export function setLanguage(lang: Language): void {
  void switchLanguage(lang);
}
