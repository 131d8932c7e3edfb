// @vitest-environment jsdom
/**
 * Issue 27 item 2 in the shell with its cached views: the map's link opens History at a device,
 * the user goes to the system overview and back by the tab. The device stays; no page's address
 * takes another page's `?id=`; the monitoring page shows the same selection.
 */
import { act, cleanup, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { sampleRecord, seedEquipment } from '../../equipment/test-support';
import { i18n } from '../../i18n';
import { useMe } from '../../session/me';
import { mockFetch, sampleMe } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import { DEFAULT_SETTINGS } from '../../settings/settings';
import { useSettings } from '../../settings/store';
import Shell from '../../shell/Shell';
import { resetTabs } from '../../shell/tabs';
import { installDomStubs, renderRouter } from '../../shell/test-support';
import HistoryPage from './HistoryPage';
import { eventsReply } from './test-support';

const SLOW = { timeout: 8000 };
const EMPTY_HISTORY = { from: '', to: '', interval: 60, tz: 'UTC', series: [] };

/** The monitoring page as far as this test looks: the selection it shows. */
function SelectedProbe() {
  const id = useEquipmentStore((s) => s.selectedId);
  return <output data-testid="monitoring-selection">{String(id)}</output>;
}

function show(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/Equips', element: <SelectedProbe /> },
          { path: '/history', element: <HistoryPage /> },
          { path: '/system', element: <div>system overview</div> },
          { path: '/map', element: <div>map</div> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  renderRouter(router);
  const go = (to: string) => act(() => void router.navigate(to));
  const where = () => router.state.location.pathname + router.state.location.search;
  return { go, where };
}

/** The device History's equipment list shows. */
const historyDevice = () =>
  document.querySelector('[data-page="HistoryPage"] .ant-select')?.textContent ?? '';
const historyReads = (calls: RecordedRequest[]) =>
  calls.filter((c) => /^\/equipment\/\d+\/history/.test(c.path)).map((c) => c.path.split('/')[2]);

let calls: RecordedRequest[] = [];
let restore = (): void => undefined;

beforeAll(async () => {
  installDomStubs();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  useSettings.setState({ settings: DEFAULT_SETTINGS, saved: DEFAULT_SETTINGS, collapsed: false });
  useMe.getState().setMe(sampleMe({ authority: 0 }));
  Object.assign(window, { innerWidth: 1280 });
  resetTabs();
  ({ calls, restore } = mockFetch({
    'GET /equipment/6/history': { body: EMPTY_HISTORY },
    'GET /equipment/7/history': { body: EMPTY_HISTORY },
    'GET /equipment/6/events': { body: eventsReply([]) },
    'GET /equipment/7/events': { body: eventsReply([]) },
  }));
  seedEquipment({
    records: [
      sampleRecord({ id: 6, unid: 'HOST01_1', sn: 'HOST01_1', name: 'Field slave 6' }),
      sampleRecord({ id: 7, unid: 'BOARD07', sn: 'BOARD07', name: 'Relay board 7' }),
    ],
    // The user chose board 7 on the monitoring page earlier.
    selectedId: 7,
  });
});
afterEach(() => {
  restore();
  cleanup();
  resetEquipment();
});

describe('the selected device across pages (issue 27 item 2)', () => {
  it('map → History (?id=6) → System overview → History keeps device 6, and /system has no ?id=', async () => {
    const { go, where } = show('/map');
    go('/history?id=6');
    await waitFor(() => expect(historyDevice()).toContain('Field slave 6'), SLOW);

    go('/system');
    // The hidden History page writes nothing into the system overview's address.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where()).toBe('/system');
    // The map's link was the user's choice: the console's one selection follows it.
    expect(useEquipmentStore.getState().selectedId).toBe(6);

    // Back by its tab (no query): the same device, and its address says so.
    go('/history');
    await waitFor(() => expect(where()).toBe('/history?id=6'), SLOW);
    expect(historyDevice()).toContain('Field slave 6');
    expect(historyReads(calls).every((id) => id === '6')).toBe(true);

    go('/Equips');
    expect(where()).toBe('/Equips');
    expect(document.querySelector('[data-testid="monitoring-selection"]')?.textContent).toBe('6');
  });

  it('a device chosen elsewhere while History is hidden is the one History shows when back', async () => {
    const { go, where } = show('/history?id=6');
    await waitFor(() => expect(historyDevice()).toContain('Field slave 6'), SLOW);
    go('/Equips');
    act(() => useEquipmentStore.getState().select(7));
    expect(where()).toBe('/Equips');
    go('/history');
    await waitFor(() => expect(where()).toBe('/history?id=7'), SLOW);
    expect(historyDevice()).toContain('Relay board 7');
    expect(useEquipmentStore.getState().selectedId).toBe(7);
  });

  it('with nothing selected, shows the first device without selecting it', async () => {
    act(() => useEquipmentStore.getState().select(null));
    const { where } = show('/history');
    await waitFor(() => expect(where()).toMatch(/^\/history\?id=\d+$/), SLOW);
    // The page's own write of its address is not a choice of the user's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useEquipmentStore.getState().selectedId).toBeNull();
  });
});
