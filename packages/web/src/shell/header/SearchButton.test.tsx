// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { monitoringTarget } from '../../equipment/links';
import { i18n } from '../../i18n';
import { useMe } from '../../session/me';
import { sampleMe } from '../../session/test-support';
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
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    useMe.getState().setMe(sampleMe({ authority: 0 }));
    provideSearchItems('equipment', [
      { title: 'Pump house 3', target: monitoringTarget(42), group: 'Equipment · North field' },
      { title: 'Pump house 4', target: monitoringTarget(43), group: 'Equipment · North field' },
    ]);
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
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
});
