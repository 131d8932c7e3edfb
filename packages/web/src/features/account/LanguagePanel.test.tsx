// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY, setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import LanguagePanel from './LanguagePanel';
import { control, PATIENT, patchedMe, renderAccount, signIn, signOut, SLOW } from './test-support';

const choice = (label: string) => control(label);

describe('personal center: language', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
    vi.restoreAllMocks();
  });

  it('offers the three languages, each named in itself, with the current one chosen', () => {
    signIn();
    renderAccount(<LanguagePanel />);
    expect(screen.getByText('界面语言')).toBeTruthy();
    expect(choice('简体中文').checked).toBe(true);
    expect(choice('English').checked).toBe(false);
    expect(choice('繁體中文').checked).toBe(false);
  });

  it.each([
    ['English', 'en', 'Console language', 'en'],
    ['繁體中文', 'tc', '介面語言', 'zh-TW'],
  ] as const)(
    'choosing %s switches the console and saves it to the account',
    async (name, lang, label, htmlLang) => {
      signIn(sampleMe({ language: 'zh' }));
      const mock = mockFetch({ 'PATCH /me': patchedMe });
      restore = mock.restore;
      renderAccount(<LanguagePanel />);
      fireEvent.click(choice(name));
      expect(await screen.findByText(label, {}, SLOW)).toBeTruthy();
      expect(i18n.language).toBe(lang);
      expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(lang);
      expect(document.documentElement.lang).toBe(htmlLang);
      expect(choice(name).checked).toBe(true);
      await waitFor(() => expect(useMe.getState().me?.language).toBe(lang), SLOW);
      expect(mock.calls).toEqual([
        { method: 'PATCH', path: '/me', body: { language: lang }, authorization: 'Bearer tok' },
      ]);
    },
  );

  it('back to 简体中文 from another language', async () => {
    signIn(sampleMe({ language: 'en' }));
    setLanguage('en');
    const mock = mockFetch({ 'PATCH /me': patchedMe });
    restore = mock.restore;
    renderAccount(<LanguagePanel />);
    expect(choice('English').checked).toBe(true);
    fireEvent.click(choice('简体中文'));
    expect(await screen.findByText('界面语言', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(useMe.getState().me?.language).toBe('zh'), SLOW);
    expect(mock.calls.map((c) => c.body)).toEqual([{ language: 'zh' }]);
  });

  it('keeps the chosen language here when the account cannot save it', async () => {
    signIn(sampleMe({ language: 'zh' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const mock = mockFetch({ 'PATCH /me': errorReply(500, 'internal', 'database unavailable') });
    restore = mock.restore;
    renderAccount(<LanguagePanel />);
    fireEvent.click(choice('English'));
    await waitFor(() => expect(warn).toHaveBeenCalled(), SLOW);
    expect(mock.calls).toHaveLength(1);
    expect(i18n.language).toBe('en');
    expect(useMe.getState().me?.language).toBe('zh');
  });
});
