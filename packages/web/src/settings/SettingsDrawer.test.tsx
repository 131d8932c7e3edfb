// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { installDomStubs } from '../shell/test-support';
import { openSettingsDrawer, useSettingsDrawer } from './drawer';
import { DEFAULT_SETTINGS } from './settings';
import SettingsDrawer, { clearCacheAndReload, RANDOM_THEME_LOADER_MS } from './SettingsDrawer';
import { useSettings } from './store';

function show() {
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <SettingsDrawer />
      </App>
    </I18nextProvider>,
  );
  act(() => openSettingsDrawer());
}

const state = () => useSettings.getState();
const CLEAR_CACHE_CONFIRM = i18n.getFixedT('en')('shell.settings.clearCacheConfirm');
const radio = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('the settings drawer', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    state().restoreDefaults();
    useSettingsDrawer.setState({ open: false });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the §2 defaults', () => {
    show();
    expect((radio('Layout', 'Column') as HTMLInputElement).checked).toBe(true);
    expect((radio('Theme', 'Default') as HTMLInputElement).checked).toBe(true);
    expect((radio('Tab style', 'Smooth') as HTMLInputElement).checked).toBe(true);
    expect((radio('Column style', 'Card') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('switch', { name: 'Search' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Full screen' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Fixed header' }).getAttribute('aria-checked')).toBe('true');
  });

  it('previews a change, keeps it on save', () => {
    show();
    fireEvent.click(radio('Layout', 'Horizontal'));
    expect(state().settings.layout).toBe('horizontal');
    expect(state().saved.layout).toBe('column');
    fireEvent.click(screen.getByRole('switch', { name: 'Search' }));
    expect(state().settings.showSearch).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(state().saved).toMatchObject({ layout: 'horizontal', showSearch: true });
    expect(useSettingsDrawer.getState().open).toBe(false);
  });

  it('closing unsaved goes back to what was saved', () => {
    show();
    fireEvent.click(radio('Theme', 'Ocean'));
    expect(state().settings.theme).toBe('ocean');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(state().settings.theme).toBe('default');
  });

  it('restores the defaults', () => {
    state().change({ layout: 'common', showNotice: true });
    state().save();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(state().settings).toEqual(DEFAULT_SETTINGS);
    expect(state().saved).toEqual(DEFAULT_SETTINGS);
  });

  it('a random theme shows the loader for 1 s', () => {
    vi.useFakeTimers();
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Random theme' }));
    expect(state().saved.theme).not.toBe('default');
    const loader = () => document.querySelector('.ant-spin-fullscreen.ant-spin-spinning');
    act(() => vi.advanceTimersByTime(0)); // antd shows a spinner from an effect's timer
    expect(loader()).not.toBeNull();
    act(() => vi.advanceTimersByTime(RANDOM_THEME_LOADER_MS - 1));
    expect(loader()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(loader()).toBeNull();
  });

  it('clear cache asks first: cancelling keeps everything, confirming wipes and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      localStorage.setItem('fieldlink.session', 'x');
      localStorage.setItem('fieldlink.language', 'en');
      const kept = () =>
        Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));
      const before = kept();
      show();
      fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }));
      const question = await screen.findByText(CLEAR_CACHE_CONFIRM);
      const popup = () => within(question.closest('.ant-popover') as HTMLElement);
      expect(kept()).toEqual(before);
      expect(reload).not.toHaveBeenCalled();

      fireEvent.click(popup().getByRole('button', { name: 'Cancel' }));
      expect(kept()).toEqual(before);
      expect(before).toMatchObject({ 'fieldlink.session': 'x', 'fieldlink.language': 'en' });
      expect(reload).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }));
      await screen.findByText(CLEAR_CACHE_CONFIRM);
      fireEvent.click(popup().getByRole('button', { name: 'OK' }));
      expect(localStorage.length).toBe(0);
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('clear cache wipes local storage and reloads', () => {
    localStorage.setItem('fieldlink.session', 'x');
    const reload = vi.fn();
    clearCacheAndReload(localStorage, reload);
    expect(localStorage.length).toBe(0);
    expect(reload).toHaveBeenCalledOnce();
  });
});
