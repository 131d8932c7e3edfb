// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { equipmentKeys } from '../../equipment/directory';
import type { Directory } from '../../equipment/directory';
import { refreshEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import {
  deviceEntry,
  loadTreeStore,
  sampleRecord,
  sampleType,
  seedEquipment,
  treeDevice,
  treeReply,
} from '../../equipment/test-support';
import en from '../../locales/en/equipment';
import { useTabs } from '../../shell/tabs';
import { renderPage } from '../auth/test-render';
import BaseConfigDevicePage from './BaseConfigDevicePage';
import BaseConfigIndexPage from './BaseConfigIndexPage';

const SLOW = { timeout: 8000 };
const where = () => screen.getByTestId('where').textContent;

const plant = () => [
  deviceEntry(1, 'Pump', 'North'),
  deviceEntry(2, 'Team', 'North'),
  deviceEntry(3, 'Slave 1', 'North', 2),
  deviceEntry(5, 'Alone'),
];

const { serve } = setUpDeviceTests();
beforeEach(() => {
  serve({ 'GET /equipment/2': { status: 500 }, 'GET /equipment/3': { status: 500 } });
});

describe('/baseConfig', { timeout: 30_000 }, () => {
  it('redirects to its first child, the first base device', async () => {
    loadTreeStore(plant(), {});
    renderPage(<BaseConfigIndexPage />, { path: '/baseConfig', route: '/baseConfig' });
    await waitFor(() => expect(where()).toBe('/baseConfig/1'));
  });

  it('shows the empty list when there is no device', () => {
    loadTreeStore([], {});
    renderPage(<BaseConfigIndexPage />, { path: '/baseConfig', route: '/baseConfig' });
    expect(screen.getAllByText(en.baseConfig.empty).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('waits for the equipment before it redirects', () => {
    // The first read of the directory is under way (and never ends).
    void queryClient.prefetchQuery({
      queryKey: equipmentKeys.directory,
      queryFn: () => new Promise<Directory>(() => undefined),
    });
    renderPage(<BaseConfigIndexPage />, { path: '/baseConfig', route: '/baseConfig' });
    expect(screen.getByText(en.baseConfig.loading)).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('/baseConfig/<id>', { timeout: 30_000 }, () => {
  function showDevice(id: number) {
    const record = sampleRecord({ id, unid: `SN${id}`, name: id === 3 ? 'Slave 1' : 'Team' });
    seedEquipment({
      entries: plant(),
      records: [record],
      flags: { 1: { isOnline: true, isAlarm: false, soc: 80 } },
    });
    return renderPage(<BaseConfigDevicePage />, { path: '/baseConfig/:id', route: `/baseConfig/${id}` });
  }

  it("lists the devices with sub-devices nested and their state, beside the device's configuration on its Info tab", async () => {
    showDevice(2);
    const rows = [...document.querySelectorAll('[role="treeitem"]')].map((r) => r.textContent);
    expect(rows[0]).toContain('North');
    expect(rows.some((r) => r?.startsWith('Pump') && r.includes('80%'))).toBe(true);
    expect(document.querySelector('[role="treeitem"][aria-selected="true"]')?.textContent).toContain('Team');
    expect(document.querySelector('[data-device="SN2"]')).not.toBeNull();
    await waitFor(() => expect(document.querySelector('.ant-tabs-tab-active')?.textContent).toBe('Info'));
    // It is the console's selected equipment, so the live channel watches it.
    expect(useEquipmentStore.getState().selectedId).toBe(2);
  });

  it('opens another device from the list', async () => {
    const { router } = showDevice(2);
    fireEvent.click(screen.getByText('Pump'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/baseConfig/1'));
    await waitFor(() =>
      expect(document.querySelector('[role="treeitem"][aria-selected="true"]')?.textContent).toContain(
        'Pump',
      ),
    );
  });

  it('gives the not-found message for an id not among the equipment', async () => {
    loadTreeStore(plant(), {});
    renderPage(<BaseConfigDevicePage />, { path: '/baseConfig/:id', route: '/baseConfig/99' });
    expect(await screen.findByText(en.baseConfig.notFound, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByText(en.baseConfig.back));
    await waitFor(() => expect(where()).toBe('/baseConfig'));
  });

  it('gives the not-found message for a path that is no id', async () => {
    loadTreeStore(plant(), {});
    renderPage(<BaseConfigDevicePage />, { path: '/baseConfig/:id', route: '/baseConfig/abc' });
    expect(await screen.findByText(en.baseConfig.notFound, {}, SLOW)).toBeTruthy();
  });

  it('gives way to the list, and closes its tab, when its device is deleted', async () => {
    useTabs.getState().dispatch(
      {
        type: 'visit',
        tab: { path: '/baseConfig/3', titleKey: 'shell.routes.baseConfigDevice', pinned: false },
      },
      '/baseConfig/3',
    );
    showDevice(3);
    expect(document.querySelector('[data-device="SN3"]')).not.toBeNull();
    // The refresh after the delete reads a tree without it.
    serve({
      'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
      'GET /equipment/tree': {
        body: treeReply(
          [
            {
              id: 'm_0',
              name: 'North',
              children: [
                treeDevice({ id: 1, name: 'Pump', group: 'North' }),
                treeDevice({ id: 2, name: 'Team', group: 'North' }),
              ],
            },
          ],
          [treeDevice({ id: 5, name: 'Alone' })],
        ),
      },
    });
    await act(() => refreshEquipment({ records: false }));
    await waitFor(() => expect(where()).toBe('/baseConfig'));
    await waitFor(() => expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([]));
  });
});
