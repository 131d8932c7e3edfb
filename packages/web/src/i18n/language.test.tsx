// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMe } from '../session/me';
import { useSession } from '../session/store';
import { mockFetch, sampleMe } from '../session/test-support';
import type { RecordedRequest } from '../session/test-support';
import Shell from '../shell/Shell';
import { resetTabs } from '../shell/tabs';
import { installDomStubs, renderAt } from '../shell/test-support';
import { browserLanguage, i18n, LANGUAGE_STORAGE_KEY, languageOfTag } from './index';

/** The module as a browser opening the console loads it, reading what local storage holds. */
/** The module as a new page loads it, once its start language is in (as main.tsx waits). */
async function freshI18n() {
  vi.resetModules();
  const fresh = await import('./index');
  await fresh.languageReady;
  return fresh.i18n;
}

/** The browser's languages, most preferred first, as `navigator` gives them. */
function browserSays(languages: readonly string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

const showShell = () =>
  renderAt('/history', [
    { element: <Shell />, children: [{ path: '/history', element: <p>history page</p> }] },
  ]);

const columnTitles = () =>
  [...document.querySelectorAll('.fl-column-bar .fl-column-title')].map((e) => e.textContent);

describe('the console language', () => {
  beforeAll(() => installDomStubs());
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is simplified Chinese in a Chinese browser that kept none, or an unknown one', async () => {
    browserSays(['zh-CN', 'zh']);
    document.documentElement.lang = '';
    let fresh = await freshI18n();
    expect(fresh.language).toBe('zh');
    expect(fresh.t('shell.routes.history')).toBe('历史数据');
    expect(document.documentElement.lang).toBe('zh-CN');

    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    fresh = await freshI18n();
    expect(fresh.language).toBe('zh');
  });

  it('takes the browser’s language at the first visit, without keeping it', async () => {
    browserSays(['en-US', 'en']);
    let fresh = await freshI18n();
    expect(fresh.language).toBe('en');
    expect(fresh.t('shell.routes.history')).toBe('History');
    expect(document.documentElement.lang).toBe('en');
    // Not stored: a later change of the browser's language still applies.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();

    browserSays(['zh-HK']);
    fresh = await freshI18n();
    expect(fresh.language).toBe('tc');
    expect(fresh.t('shell.routes.history')).toBe('歷史資料');
    expect(document.documentElement.lang).toBe('zh-TW');
  });

  it('takes the first of the browser’s languages the console has, else simplified Chinese', async () => {
    browserSays(['fr-FR', 'en-GB']);
    expect((await freshI18n()).language).toBe('en');
    browserSays(['fr-FR']);
    expect((await freshI18n()).language).toBe('zh');
    browserSays([]);
    expect((await freshI18n()).language).toBe('zh');
  });

  it('keeps a choice made in this browser over the browser’s language', async () => {
    browserSays(['en-US']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'tc');
    expect((await freshI18n()).language).toBe('tc');
  });

  it('maps each browser tag to a console language', () => {
    const cases: [string, string | null][] = [
      ['zh-TW', 'tc'],
      ['zh-HK', 'tc'],
      ['zh-MO', 'tc'],
      ['zh-Hant', 'tc'],
      ['zh-Hant-CN', 'tc'],
      ['zh-hant-tw', 'tc'],
      ['zh', 'zh'],
      ['zh-CN', 'zh'],
      ['zh-SG', 'zh'],
      ['zh-Hans-HK', 'zh'],
      ['en', 'en'],
      ['en-GB', 'en'],
      ['fr-FR', null],
      ['', null],
    ];
    expect(cases.map(([tag]) => [tag, languageOfTag(tag)])).toEqual(cases);
    // navigator.language when the list is empty (some browsers give none).
    expect(browserLanguage({ languages: [], language: 'zh-TW' })).toBe('tc');
    expect(browserLanguage(undefined)).toBeNull();
  });

  it('starts in the language the browser kept, the page’s lang included', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const fresh = await freshI18n();
    expect(fresh.language).toBe('en');
    expect(fresh.t('shell.routes.history')).toBe('History');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the shell to traditional Chinese from the header and keeps the choice', async () => {
    await act(() => i18n.changeLanguage('zh'));
    useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
    useMe.getState().setMe(sampleMe({ authority: 0, language: 'zh' }));
    const mock = mockFetch({
      'PATCH /me': (r: RecordedRequest) => ({ body: sampleMe({ ...(r.body as object), authority: 0 }) }),
    });
    resetTabs();
    showShell();
    expect(columnTitles()).toEqual([
      '监控',
      '历史数据',
      '系统概览',
      '地图',
      '大屏展示',
      '设备配置',
      '通知',
      '增值服务',
      '设置',
    ]);

    fireEvent.click(screen.getByLabelText('语言', { selector: 'button' }));
    fireEvent.click(await screen.findByText('繁體中文'));

    await waitFor(() =>
      expect(columnTitles()).toEqual([
        '監控',
        '歷史資料',
        '系統概覽',
        '地圖',
        '大屏展示',
        '設備配置',
        '通知',
        '加值服務',
        '設定',
      ]),
    );
    expect(document.querySelector('.fl-tab.fl-active')?.textContent).toBe('歷史資料');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tc');
    await waitFor(() =>
      expect(mock.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ language: 'tc' }]),
    );

    // The next visit starts in traditional Chinese.
    const fresh = await freshI18n();
    expect(fresh.language).toBe('tc');
    expect(fresh.t('shell.routes.history')).toBe('歷史資料');
  });
});
