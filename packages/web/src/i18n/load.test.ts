// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasMessages, LANGUAGE_LOADERS, loadLanguage } from './load';
import type { LanguageLoader, LanguageLoaders } from './load';

/** The real loaders, counting their calls (`en/signIn` …). */
function countedLoaders() {
  const calls: string[] = [];
  const counted = (lang: keyof LanguageLoaders): LanguageLoader => ({
    signIn: () => (calls.push(`${lang}/signIn`), LANGUAGE_LOADERS[lang].signIn()),
    all: () => (calls.push(`${lang}/all`), LANGUAGE_LOADERS[lang].all()),
  });
  const loaders: LanguageLoaders = { zh: counted('zh'), en: counted('en'), tc: counted('tc') };
  return { calls, loaders };
}

async function freshInstance() {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: {}, lng: 'en', fallbackLng: 'zh', returnNull: false });
  return i18n;
}

const SIGN_IN_KEY = 'auth.titles.login';
const LATER_KEY = 'shell.routes.history';
const BEYOND_KEY = 'monitoring.tree.search';

describe('the messages loaded on demand', () => {
  it('loads the sign-in areas alone, then the rest, each once however often asked for', async () => {
    const i18n = await freshInstance();
    const { calls, loaders } = countedLoaders();
    await Promise.all([
      loadLanguage(i18n, 'en', 'signIn', loaders),
      loadLanguage(i18n, 'en', 'signIn', loaders),
    ]);
    expect(i18n.exists(SIGN_IN_KEY)).toBe(true);
    expect(i18n.t(LATER_KEY)).toBe('History');
    expect(i18n.exists(BEYOND_KEY)).toBe(false);
    expect(hasMessages(i18n, 'en', 'signIn')).toBe(true);
    expect(hasMessages(i18n, 'en', 'all')).toBe(false);

    await Promise.all([loadLanguage(i18n, 'en', 'all', loaders), loadLanguage(i18n, 'en', 'all', loaders)]);
    await loadLanguage(i18n, 'en', 'signIn', loaders);
    expect(i18n.exists(BEYOND_KEY)).toBe(true);
    expect(calls).toEqual(['en/signIn', 'en/all']);
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('tc', 'translation')).toBe(false);
  });

  it('asks again after a failed load', async () => {
    const i18n = await freshInstance();
    const all = vi
      .fn<LanguageLoader['all']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(LANGUAGE_LOADERS.tc.all);
    const loaders: LanguageLoaders = { ...LANGUAGE_LOADERS, tc: { ...LANGUAGE_LOADERS.tc, all } };
    await expect(loadLanguage(i18n, 'tc', 'all', loaders)).rejects.toThrow('offline');
    await loadLanguage(i18n, 'tc', 'all', loaders);
    expect(all).toHaveBeenCalledTimes(2);
    expect(i18n.getFixedT('tc')(LATER_KEY)).toBe('歷史資料');
  });
});

describe('a page load of the console', () => {
  // The module as a browser loads it (outside Vitest it does not load every language at once).
  async function freshConsole() {
    vi.resetModules();
    vi.stubEnv('MODE', 'production');
    const module = await import('./index');
    await module.languageReady;
    // What each language holds: its sign-in areas, all of it, or nothing.
    const held = () =>
      (['zh', 'en', 'tc'] as const).flatMap((lng) =>
        module.i18n.exists(BEYOND_KEY, { lng, fallbackLng: false })
          ? [`${lng}/all`]
          : module.i18n.exists(SIGN_IN_KEY, { lng, fallbackLng: false })
            ? [`${lng}/signIn`]
            : [],
      );
    return { ...module, held };
  }

  beforeEach(() => localStorage.setItem('fieldlink.language', 'en'));
  afterEach(() => {
    vi.unstubAllEnvs();
    localStorage.clear();
    vi.resetModules();
  });

  it('holds the start language’s sign-in areas only, and the rest once a page asks for it', async () => {
    const { i18n, allMessages, held } = await freshConsole();
    expect(held()).toEqual(['en/signIn']);
    expect(i18n.t(LATER_KEY)).toBe('History');
    await allMessages();
    expect(held()).toEqual(['en/all']);
    expect(i18n.exists(BEYOND_KEY)).toBe(true);
  });

  it('loads a language before switching to it, as much of it as the pages shown need', async () => {
    const { i18n, allMessages, held, switchLanguage } = await freshConsole();
    const toTc = switchLanguage('tc');
    // Until its messages are in, the console stays in English: no text shows as its key.
    expect(i18n.language).toBe('en');
    await toTc;
    expect(i18n.language).toBe('tc');
    expect(held()).toEqual(['en/signIn', 'tc/signIn']);
    expect(i18n.t(LATER_KEY)).toBe('歷史資料');

    await allMessages();
    const toZh = switchLanguage('zh');
    expect(i18n.language).toBe('tc');
    await toZh;
    expect(i18n.language).toBe('zh');
    expect(held()).toEqual(['zh/all', 'en/signIn', 'tc/all']);
    expect(i18n.exists(BEYOND_KEY)).toBe(true);
  });

  it('keeps the latest choice when an earlier one arrives later', async () => {
    const { i18n, switchLanguage } = await freshConsole();
    const toTc = switchLanguage('tc');
    await switchLanguage('en');
    await toTc;
    expect(i18n.language).toBe('en');
  });
});
