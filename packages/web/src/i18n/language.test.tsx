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
import { i18n, LANGUAGE_STORAGE_KEY } from './index';

/** The module as a browser opening the console loads it, reading what local storage holds. */
async function freshI18n() {
  vi.resetModules();
  return (await import('./index')).i18n;
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

  it('is simplified Chinese in a browser that kept none, or an unknown one', async () => {
    document.documentElement.lang = '';
    let fresh = await freshI18n();
    expect(fresh.language).toBe('zh');
    expect(fresh.t('shell.routes.history')).toBe('历史数据');
    expect(document.documentElement.lang).toBe('zh-CN');

    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    fresh = await freshI18n();
    expect(fresh.language).toBe('zh');
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
    expect(columnTitles()).toEqual(['监控', '历史数据', '系统概览', '地图', '设备配置', '设置']);

    fireEvent.click(screen.getByLabelText('语言', { selector: 'button' }));
    fireEvent.click(await screen.findByText('繁體中文'));

    await waitFor(() =>
      expect(columnTitles()).toEqual(['監控', '歷史資料', '系統概覽', '地圖', '設備配置', '設定']),
    );
    expect(document.querySelector('.fl-tab.fl-active')?.textContent).toBe('歷史資料');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tc');
    await waitFor(() => expect(mock.calls.map((c) => c.body)).toEqual([{ language: 'tc' }]));

    // The next visit starts in traditional Chinese.
    const fresh = await freshI18n();
    expect(fresh.language).toBe('tc');
    expect(fresh.t('shell.routes.history')).toBe('歷史資料');
  });
});
