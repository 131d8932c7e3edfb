/**
 * The messages of one language, loaded when they are first needed, in two parts: the areas the
 * sign-in pages and the page's frame draw (locales/<lang>/sign-in.ts) and the whole language
 * (locales/<lang>/index.ts). A page load fetches the start language's first part only; the rest
 * comes with the first page beyond sign-in, and a switch fetches the new language's parts before
 * it applies (see index.ts), so no text is ever drawn as its key while its messages are on the way.
 */
import type { i18n as I18n } from 'i18next';
import type zh from '../locales/zh';

/** The shape of the reference messages (zh) with any text in place of each message. */
type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** One language's messages, keys grouped by area (src/locales/<lang>/index.ts). */
export type LanguageMessages = Messages<typeof zh>;

/** The areas loaded before sign-in (locales/<lang>/sign-in.ts). */
export const SIGN_IN_AREAS = ['account', 'auth', 'common', 'shell'] as const;
type SignInMessages = Pick<LanguageMessages, (typeof SIGN_IN_AREAS)[number]>;

/** What of a language is asked for: the sign-in areas, or all of it. */
export type MessagePart = 'signIn' | 'all';

export interface LanguageLoader {
  readonly signIn: () => Promise<{ readonly default: SignInMessages }>;
  readonly all: () => Promise<{ readonly default: LanguageMessages }>;
}
export type LanguageLoaders = Readonly<Record<'zh' | 'en' | 'tc', LanguageLoader>>;

// Each part its own chunk. A key missing from en or tc fails the type check here (the completeness
// test also finds extra ones).
export const LANGUAGE_LOADERS: LanguageLoaders = {
  zh: { signIn: () => import('../locales/zh/sign-in'), all: () => import('../locales/zh') },
  en: { signIn: () => import('../locales/en/sign-in'), all: () => import('../locales/en') },
  tc: { signIn: () => import('../locales/tc/sign-in'), all: () => import('../locales/tc') },
};

const NAMESPACE = 'translation';

/** What of each language an instance holds, and the loads under way (by `lang/part`). */
const held = new WeakMap<I18n, Map<string, MessagePart>>();
const pending = new WeakMap<I18n, Map<string, Promise<void>>>();

function table<V>(tables: WeakMap<I18n, Map<string, V>>, i18n: I18n): Map<string, V> {
  let found = tables.get(i18n);
  if (!found) tables.set(i18n, (found = new Map<string, V>()));
  return found;
}

/** Whether `i18n` holds `part` of `lang`'s messages (all of them hold the sign-in part). */
export function hasMessages(i18n: I18n, lang: string, part: MessagePart): boolean {
  const have = held.get(i18n)?.get(lang);
  return have === 'all' || have === part;
}

/**
 * Puts `part` of `lang`'s messages into `i18n` unless they are in already; one fetch per part
 * however often it is asked for meanwhile, and again after a failed one.
 */
export function loadLanguage(
  i18n: I18n,
  lang: keyof LanguageLoaders,
  part: MessagePart,
  loaders: LanguageLoaders = LANGUAGE_LOADERS,
): Promise<void> {
  if (hasMessages(i18n, lang, part)) return Promise.resolve();
  const key = `${lang}/${part}`;
  const loads = table(pending, i18n);
  const under = loads.get(key);
  if (under) return under;
  const load = loaders[lang][part]()
    .then((module) => {
      i18n.addResourceBundle(lang, NAMESPACE, module.default, true, true);
      table(held, i18n).set(lang, part === 'all' || hasMessages(i18n, lang, 'all') ? 'all' : 'signIn');
    })
    .finally(() => loads.delete(key));
  loads.set(key, load);
  return load;
}
