// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { useTabs } from './tabs';
import type { VisitedTab } from './tabs';
import TabsBar from './TabsBar';
import { installDomStubs } from './test-support';
import type { MessageKey } from '../i18n';

const tab = (path: string, titleKey: MessageKey, pinned = false): VisitedTab => ({ path, titleKey, pinned });
const START = [
  tab('/Equips', 'shell.routes.equips', true),
  tab('/history', 'shell.routes.history'),
  tab('/system', 'shell.routes.system'),
  tab('/map', 'shell.routes.map'),
];

function show(at: string, tabStyle: 'card' | 'smart' | 'smooth' = 'smooth') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <TabsBar tabStyle={tabStyle} showIcon />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const titles = () => screen.getAllByRole('tab').map((t) => t.textContent);

async function fromMenu(tabTitle: string, item: string) {
  fireEvent.contextMenu(screen.getByRole('tab', { name: new RegExp(tabTitle) }));
  fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(item) }));
}

describe('the tabs bar', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => useTabs.setState({ tabs: START }));
  afterEach(cleanup);

  it('marks the active tab, has no cross on the pinned one, takes its style', () => {
    show('/system', 'card');
    expect(titles()).toEqual(['Monitoring', 'History', 'System overview', 'Map']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('System overview');
    expect(screen.queryByRole('button', { name: 'Close Monitoring' })).toBeNull();
    expect(document.querySelector('.fl-tabs-card')).not.toBeNull();
  });

  it('clicking a tab opens its page', () => {
    const router = show('/system');
    fireEvent.click(screen.getByRole('tab', { name: /Map/ }));
    expect(router.state.location.pathname).toBe('/map');
  });

  it('closing an inactive tab stays; closing the active one goes to the last', () => {
    const router = show('/system');
    fireEvent.click(screen.getByRole('button', { name: 'Close History' }));
    expect(router.state.location.pathname).toBe('/system');
    fireEvent.click(screen.getByRole('button', { name: 'Close System overview' }));
    expect(router.state.location.pathname).toBe('/map');
    expect(titles()).toEqual(['Monitoring', 'Map']);
  });

  it('closes the others, keeping the pinned', async () => {
    const router = show('/system');
    await fromMenu('History', 'Close others');
    expect(titles()).toEqual(['Monitoring', 'History']);
    expect(router.state.location.pathname).toBe('/history');
  });

  it('closes to the left and to the right', async () => {
    show('/system');
    await fromMenu('System', 'Close tabs to the right');
    expect(titles()).toEqual(['Monitoring', 'History', 'System overview']);
    await fromMenu('System', 'Close tabs to the left');
    expect(titles()).toEqual(['Monitoring', 'System overview']);
  });

  it('closes all but the pinned and goes there', async () => {
    const router = show('/map');
    await fromMenu('Map', 'Close all');
    expect(titles()).toEqual(['Monitoring']);
    expect(router.state.location.pathname).toBe('/Equips');
  });

  it('closing the last tab shown, with nothing pinned, goes to /', () => {
    act(() => useTabs.setState({ tabs: [tab('/map', 'shell.routes.map')] }));
    const router = show('/map');
    fireEvent.click(screen.getByRole('button', { name: 'Close Map' }));
    expect(screen.queryAllByRole('tab')).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
  });

  it("closes all from the bar's end on a pinned page, staying there", async () => {
    const router = show('/Equips');
    fireEvent.click(screen.getByRole('button', { name: 'Tab actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Close all/ }));
    expect(titles()).toEqual(['Monitoring']);
    expect(router.state.location.pathname).toBe('/Equips');
    expect(router.state.historyAction).toBe('POP');
  });

  it('with nothing pinned, closing everything goes to /', async () => {
    act(() => useTabs.setState({ tabs: START.slice(1) }));
    const router = show('/map');
    await fromMenu('Map', 'Close all');
    expect(router.state.location.pathname).toBe('/');
  });
});
