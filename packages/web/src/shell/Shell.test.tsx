// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { useMe } from '../session/me';
import { sampleMe } from '../session/test-support';
import { useSettingsDrawer } from '../settings/drawer';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { useSettings } from '../settings/store';
import { clearErrors, logError } from './errorLog';
import { clearNotices, pushNotice } from './notices';
import Shell from './Shell';
import { resetTabs, useTabs } from './tabs';
import { installDomStubs } from './test-support';
import RedirectPage from './views/RedirectPage';

/** A page with state of its own, to see whether its view was kept or re-mounted. */
function Counter({ name }: { readonly name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name} {count}
    </button>
  );
}

function show(at = '/Equips') {
  const pages = ['/Equips', '/history', '/system', '/map', '/setting/personalCenter'];
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          ...pages.map((path) => ({ path, element: <Counter name={path.slice(1)} /> })),
          { path: '/redirect/*', element: <RedirectPage /> },
          { path: '*', element: <div>not found</div> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <App>
          <RouterProvider router={router} />
        </App>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  const go = (to: string) => act(() => void router.navigate(to));
  return { router, go };
}

/**
 * Buttons by their label or text: role queries compute styles against all of antd's CSS, which
 * jsdom takes seconds for once a few components have injected theirs.
 */
const button = (name: string) =>
  screen.queryByLabelText(name, { selector: 'button' }) ?? screen.getByText(name).closest('button')!;
const noButton = (name: string) => screen.queryByLabelText(name, { selector: 'button' });
const tabs = () => [...document.querySelectorAll('.fl-tab')].map((t) => t.textContent?.trim());
const counter = (name: string) => screen.getByText(new RegExp(`^${name} \\d+$`));
/** The header's icons, in the order shown. */
const headerIcons = () =>
  [...document.querySelectorAll('.fl-header-actions .fl-header-button')].map((b) =>
    b.getAttribute('aria-label'),
  );

/** Open the settings drawer from the header's theme icon; gives a way to flip its switches. */
function openSettings() {
  fireEvent.click(button('Theme settings'));
  const drawer = within(document.querySelector('.ant-drawer') as HTMLElement);
  return (name: string) => fireEvent.click(drawer.getByLabelText(name, { selector: 'button' }));
}

describe('the shell', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    useSettings.setState({ settings: DEFAULT_SETTINGS, saved: DEFAULT_SETTINGS, collapsed: false });
    useMe.getState().setMe(sampleMe({ authority: 0, userName: '张三丰李四' }));
    Object.assign(window, { innerWidth: 1280 });
    useSettingsDrawer.setState({ open: false });
    resetTabs();
    clearNotices();
    clearErrors();
  });
  afterEach(cleanup);

  it('shows the default header icons, the cut user name and the page title', async () => {
    show('/history');
    for (const name of ['Language', 'Theme settings', 'Refresh', 'Full screen']) {
      expect(button(name)).toBeTruthy();
    }
    for (const name of ['Search', 'Notifications', 'Error log']) {
      expect(noButton(name)).toBeNull();
    }
    expect(screen.getByText('张三丰...')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('History - Fieldlink Cloud'));
  });

  it('draws the column layout by default and the vertical one on a narrow screen', () => {
    show();
    expect(document.querySelector('[data-layout="column"] .fl-column-bar')).not.toBeNull();
    cleanup();
    Object.assign(window, { innerWidth: 991 });
    show();
    expect(document.querySelector('[data-layout="vertical"]')).not.toBeNull();
    expect(button('Unfold the menu')).toBeTruthy();
  });

  it('draws the horizontal layout with its menu in the header', () => {
    useSettings.getState().change({ layout: 'horizontal' });
    show();
    const header = document.querySelector('.fl-header') as HTMLElement;
    expect(header.querySelector('.ant-menu-horizontal')).not.toBeNull();
    expect(within(header).getAllByText('Monitoring').length).toBeGreaterThan(0);
  });

  it('adds a tab per visit with the pinned home first', () => {
    const { go } = show('/history');
    go('/map');
    go('/history');
    expect(tabs()).toEqual(['Monitoring', 'History', 'Map']);
  });

  it('keeps a visited view mounted with its state', () => {
    const { go } = show('/history');
    fireEvent.click(counter('history'));
    go('/system');
    expect(counter('history').closest('.fl-view')?.hasAttribute('hidden')).toBe(true);
    go('/history');
    expect(counter('history').textContent).toBe('history 1');
  });

  it('closing the active tab goes to the last one and forgets its view', () => {
    const { router, go } = show('/history');
    fireEvent.click(counter('history'));
    go('/map');
    go('/history');
    fireEvent.click(button('Close History'));
    expect(router.state.location.pathname).toBe('/map');
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual(['/Equips', '/map']);
    go('/history');
    expect(counter('history').textContent).toBe('history 0');
  });

  it('refresh re-mounts the current view and keeps the others', async () => {
    const { router, go } = show('/history');
    fireEvent.click(counter('history'));
    go('/map');
    fireEvent.click(counter('map'));
    fireEvent.click(button('Refresh'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
    expect(counter('map').textContent).toBe('map 0');
    expect(counter('history').textContent).toBe('history 1');
  });

  it('the notification popover clears list and badge', async () => {
    useSettings.getState().change({ showNotice: true });
    pushNotice({ kind: 'notice', title: 'Pump 3 alarm', text: 'AI1 high', at: Date.now() });
    pushNotice({ kind: 'email', title: 'Report', text: 'weekly', at: Date.now() });
    show();
    expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2');
    fireEvent.click(button('Notifications'));
    expect(await screen.findByText('Pump 3 alarm')).toBeTruthy();
    expect(screen.getByText('E-mail (1)')).toBeTruthy();
    fireEvent.click(button('Clear all'));
    expect(await screen.findByText('Clear messages success')).toBeTruthy();
    expect(screen.queryByText('Pump 3 alarm')).toBeNull();
    expect(document.querySelector('.ant-badge-count')).toBeNull();
  });

  it('the error log lists what was caught and dismisses all', async () => {
    show();
    act(() => logError(new Error('chart exploded'), '/history'));
    fireEvent.click(button('Error log'));
    fireEvent.click(await screen.findByText('chart exploded'));
    expect(await screen.findByText('/history')).toBeTruthy();
    fireEvent.click(button('Dismiss all'));
    await waitFor(() => expect(noButton('Error log')).toBeNull());
  });

  it('search suggests pages after the input settles and opens the one chosen', async () => {
    useSettings.getState().change({ showSearch: true });
    const { router } = show();
    fireEvent.click(button('Search'));
    fireEvent.change(await screen.findByPlaceholderText('Search pages and equipment'), {
      target: { value: 'ma' },
    });
    const dialog = within(document.querySelector('.ant-modal') as HTMLElement);
    expect(dialog.queryByText('Map')).toBeNull();
    fireEvent.click(await dialog.findByText('Map', {}, { timeout: 1500 }));
    expect(router.state.location.pathname).toBe('/map');
  });

  it('the drawer’s switches take the tabs bar and its icons away and back', () => {
    show('/history');
    const tabIcons = () => document.querySelectorAll('.fl-tab > .anticon').length;
    expect(tabs()).toEqual(['Monitoring', 'History']);
    expect(tabIcons()).toBe(2);
    const flip = openSettings();

    flip('Tab icons');
    expect(tabIcons()).toBe(0);
    expect(tabs()).toEqual(['Monitoring', 'History']);
    flip('Tab icons');
    expect(tabIcons()).toBe(2);

    flip('Tabs');
    expect(document.querySelector('.fl-tabs')).toBeNull();
    flip('Tabs');
    expect(tabs()).toEqual(['Monitoring', 'History']);
  });

  it('the drawer’s switches hide each header icon they name and show it again', () => {
    show();
    const all = ['Full screen', 'Language', 'Theme settings', 'Refresh'];
    expect(headerIcons()).toEqual(all);
    const flip = openSettings();
    const icons: readonly (readonly [string, string])[] = [
      ['Language', 'Language'],
      ['Refresh', 'Refresh'],
      ['Theme', 'Theme settings'],
      ['Full screen', 'Full screen'],
    ];
    for (const [setting, icon] of icons) {
      flip(setting);
      expect(headerIcons()).toEqual(all.filter((name) => name !== icon));
      flip(setting);
      expect(headerIcons()).toEqual(all);
    }
  });
});
