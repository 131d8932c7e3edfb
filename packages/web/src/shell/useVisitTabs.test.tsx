// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import type { NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../routes/table';
import { resetTabs, useTabs } from './tabs';
import { useVisitTabs } from './useVisitTabs';
import { testKey } from '../i18n/test-support';

const Page = (() => null) as unknown as NonNullable<RouteEntry['page']>;
const table: RouteEntry[] = [
  { path: '/Equips', titleKey: testKey('equips'), pinned: true, page: Page },
  { path: '/system', titleKey: testKey('system'), page: Page },
  { path: '/map', titleKey: testKey('map'), page: Page },
];

let navigate: NavigateFunction = () => undefined;

function Visits() {
  useVisitTabs(table);
  navigate = useNavigate();
  return null;
}

const paths = (): string[] => useTabs.getState().tabs.map((t) => t.path);

describe('useVisitTabs', () => {
  afterEach(() => {
    cleanup();
    resetTabs();
  });

  it('adds the tab of each page visited, after the pinned ones', async () => {
    render(
      <MemoryRouter initialEntries={['/system']}>
        <Visits />
      </MemoryRouter>,
    );
    expect(paths()).toEqual(['/Equips', '/system']);
    await act(async () => navigate('/map'));
    expect(paths()).toEqual(['/Equips', '/system', '/map']);
  });

  it('adds a closed page again when it is visited before the page closing it had rendered', async () => {
    render(
      <MemoryRouter initialEntries={['/system']}>
        <Visits />
      </MemoryRouter>,
    );
    await act(async () => navigate('/map'));
    // Its tab closed, the console moves to the last tab, and a link leads straight back to the
    // map: the three changes come in one render, whose path is the one rendered before.
    await act(async () => {
      const to = useTabs.getState().dispatch({ type: 'close', path: '/map' }, '/map');
      expect(to).toBe('/system');
      void navigate(to!);
      void navigate('/map');
    });
    expect(paths()).toEqual(['/Equips', '/system', '/map']);
  });
});
