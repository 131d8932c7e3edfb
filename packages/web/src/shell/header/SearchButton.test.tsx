// @vitest-environment jsdom
import { searchTargets } from '@fieldlink/protocol';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchKeys } from '../../api/search';
import { queryClient } from '../../app/query-client';
import { monitoringTarget } from '../../equipment/links';
import { userAppPath } from '../../features/apps/custom-routes';
import { i18n } from '../../i18n';
import { useMe } from '../../session/me';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { Routes } from '../../session/test-support';
import { provideSearchItems, SEARCH_DEBOUNCE_MS } from '../search';
import { installDomStubs, renderAt } from '../test-support';
import SearchButton from './SearchButton';

/** The header's search icon on a page; the dialog opened, its input returned. */
async function openSearch() {
  const router = renderAt('/history', [{ path: '*', element: <SearchButton /> }]);
  fireEvent.click(screen.getByLabelText('Search', { selector: 'button' }));
  const input = (await screen.findByPlaceholderText('Search pages and equipment')) as HTMLInputElement;
  // From here the debounce's timers are the test's to move.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
  return { router, type, wait };
}

const suggestions = () =>
  [...document.querySelectorAll('.fl-search-item > span:first-child')].map((s) => s.textContent);
const suggestion = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('.fl-search-item')].find(
    (item) => item.firstElementChild?.textContent === title,
  );

describe('the search dialog', () => {
  let server: ReturnType<typeof mockFetch>;
  /** What GET /search answers; by default it fails, and the local suggestions are all there is. */
  let routes: Routes = {};
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    routes = { 'GET /search': { status: 503 } };
    server = mockFetch(new Proxy({}, { get: (_, key: string) => routes[key] }));
    useMe.getState().setMe(sampleMe({ authority: 0 }));
    provideSearchItems('equipment', [
      { title: 'Pump house 3', target: monitoringTarget(42), group: 'Equipment · North field' },
      { title: 'Pump house 4', target: monitoringTarget(43), group: 'Equipment · North field' },
    ]);
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    server.restore();
    queryClient.removeQueries({ queryKey: searchKeys.all });
    provideSearchItems('equipment', []);
    vi.restoreAllMocks();
  });

  it('waits for 500 ms without typing before the suggestions change', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    const { type, wait } = await openSearch();
    type('hist');
    wait(499);
    expect(suggestions()).toEqual([]);
    wait(1);
    expect(suggestions()).toEqual(['History', 'Search the web for “hist”']);

    type('map');
    wait(499);
    expect(suggestions()).toEqual(['History', 'Search the web for “hist”']);
    wait(1);
    expect(suggestions()).toEqual(['Map', 'Search the web for “map”']);

    // Typing again before the wait is over starts it again.
    type('pu');
    wait(300);
    type('pump');
    wait(300);
    expect(suggestions()).toEqual(['Map', 'Search the web for “map”']);
    wait(199);
    expect(suggestions()).toEqual(['Map', 'Search the web for “map”']);
    wait(1);
    expect(suggestions()).toEqual(['Pump house 3', 'Pump house 4', 'Search the web for “pump”']);
  });

  it("opens a device's monitoring page from its suggestion, and closes", async () => {
    const { router, type, wait } = await openSearch();
    type('house 4');
    wait(SEARCH_DEBOUNCE_MS);
    expect(suggestion('Pump house 4')?.textContent).toBe('Pump house 4Equipment · North field');
    fireEvent.click(suggestion('Pump house 4')!);
    expect(router.state.location.pathname).toBe('/Equips');
    expect(router.state.location.search).toBe('?id=43');
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByPlaceholderText('Search pages and equipment')).toBeNull());
  });

  it('searches the web in a new window for text that is no page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router, type, wait } = await openSearch();
    type('modbus rtu');
    wait(SEARCH_DEBOUNCE_MS);
    expect(screen.getByText('Nothing matches')).toBeTruthy();
    fireEvent.click(suggestion('Search the web for “modbus rtu”')!);
    expect(open).toHaveBeenCalledWith('https://www.bing.com/search?q=modbus%20rtu', '_blank', 'noopener');
    expect(router.state.location.pathname).toBe('/history');
  });

  it('adds a device the server finds by serial number, with its kind beside it', async () => {
    routes = {
      'GET /search': {
        body: {
          items: [{ value: 'Boiler 7', url: monitoringTarget(77), kind: 'equipment' }],
        },
      },
    };
    const { router, type, wait } = await openSearch();
    type('sn0077');
    wait(SEARCH_DEBOUNCE_MS);
    vi.useRealTimers();
    await waitFor(() => expect(suggestions()).toEqual(['Boiler 7', 'Search the web for “sn0077”']));
    expect(server.calls.map((c) => c.path)).toEqual(['/search?q=sn0077&limit=20']);
    expect(suggestion('Boiler 7')?.textContent).toBe('Boiler 7Equipment');
    fireEvent.click(suggestion('Boiler 7')!);
    expect(router.state.location.search).toBe('?id=77');
  });

  it('shows a target once, the local suggestion first, and groups the server’s by kind', async () => {
    routes = {
      'GET /search': {
        body: {
          items: [
            { value: 'Pump log', url: 'https://apps.example.com/pumps', kind: 'valueAdded' },
            { value: 'Pump house 4', url: monitoringTarget(43), kind: 'equipment' },
            { value: 'Pump plant', url: '/jujuda/jujudaHandle/ab12', kind: 'diagram' },
            { value: 'Pump well', url: monitoringTarget(44), kind: 'equipment' },
          ],
        },
      },
    };
    // A user (level 4) opens diagrams.
    useMe.getState().setMe(sampleMe({ authority: 4 }));
    const { type, wait } = await openSearch();
    type('pump');
    wait(SEARCH_DEBOUNCE_MS);
    expect(suggestions()).toEqual(['Pump house 3', 'Pump house 4', 'Search the web for “pump”']);
    vi.useRealTimers();
    await waitFor(() =>
      expect(suggestions()).toEqual([
        'Pump house 3',
        'Pump house 4',
        'Pump well',
        'Pump plant',
        'Pump log',
        'Search the web for “pump”',
      ]),
    );
    expect(suggestion('Pump plant')?.textContent).toBe('Pump plantDiagram');
    expect(suggestion('Pump log')?.textContent).toBe('Pump logValue-added service');
  });

  it('leaves out what the user cannot open here: a diagram below the diagrams’ level', async () => {
    routes = {
      'GET /search': {
        body: {
          items: [
            { value: 'Pump plant', url: '/jujuda/jujudaHandle/ab12', kind: 'diagram' },
            { value: 'Pump well', url: monitoringTarget(44), kind: 'equipment' },
          ],
        },
      },
    };
    const { type, wait } = await openSearch();
    type('pump');
    wait(SEARCH_DEBOUNCE_MS);
    vi.useRealTimers();
    await waitFor(() =>
      expect(suggestions()).toEqual([
        'Pump house 3',
        'Pump house 4',
        'Pump well',
        'Search the web for “pump”',
      ]),
    );
  });

  it('keeps the local suggestions when the server fails, and draws its text as text', async () => {
    const { type, wait } = await openSearch();
    type('house');
    wait(SEARCH_DEBOUNCE_MS);
    vi.useRealTimers();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(suggestions()).toEqual(['Pump house 3', 'Pump house 4', 'Search the web for “house”']);
    cleanup();
    routes = {
      'GET /search': {
        body: { items: [{ value: '<b>bold</b>', url: monitoringTarget(9), kind: 'equipment' }] },
      },
    };
    const again = await openSearch();
    again.type('bold');
    again.wait(SEARCH_DEBOUNCE_MS);
    vi.useRealTimers();
    await waitFor(() => expect(suggestion('<b>bold</b>')).toBeTruthy());
    expect(document.querySelector('.fl-search-item b')).toBeNull();
  });

  it('asks nothing before a character is typed, and opens what the console routes to', async () => {
    const { type, wait } = await openSearch();
    type('   ');
    wait(SEARCH_DEBOUNCE_MS);
    expect(server.calls).toEqual([]);
    // The server names the console's own routes.
    expect(searchTargets.equipment(42)).toBe(monitoringTarget(42));
    expect(searchTargets.app(5)).toBe(userAppPath(5));
  });
});
