// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { directory, equipmentKeys } from '../../equipment/directory';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { deviceEntry, loadTreeStore } from '../../equipment/test-support';
import { i18n, setLanguage } from '../../i18n';
import { installDomShims } from '../auth/test-render';
import { ViewShownContext } from '../../shell/views/shown';
import { useDeviceInAddress } from './device-in-address';

const SLOW = { timeout: 8000 };
const select = (id: number) => useEquipmentStore.getState().select(id);

/** A page showing the selected device (the one the address names while it waits to be selected). */
function DevicePage({ mirror }: { readonly mirror: boolean }) {
  const selected = useEquipmentStore((s) => s.selectedId);
  const shownId = selected ?? 1;
  const pending = useDeviceInAddress(select, mirror ? { mirror: shownId } : {});
  return <output data-testid="shows">{String(pending ?? (mirror ? shownId : selected))}</output>;
}

function draw(at: string, { mirror = false, shown = true } = {}) {
  installDomShims();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ViewShownContext.Provider value={shown}>
            <DevicePage mirror={mirror} />
          </ViewShownContext.Provider>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </I18nextProvider>,
  );
  const where = () => router.state.location.pathname + router.state.location.search;
  const go = (to: string) => act(() => void router.navigate(to));
  return { router, where, go };
}

const selected = () => useEquipmentStore.getState().selectedId;

beforeEach(() => {
  setLanguage('en');
  loadTreeStore([deviceEntry(1, 'Pump house'), deviceEntry(2, 'Tank'), deviceEntry(3, 'Gate')], {});
});
afterEach(() => {
  cleanup();
  resetEquipment();
});

describe('a device named in the page’s address', () => {
  it('is selected once the tree is in, once per visit: a later choice survives a tree reload', async () => {
    draw('/Equips?id=3');
    await waitFor(() => expect(selected()).toBe(3), SLOW);
    act(() => select(2));
    // The tree read again (a refresh): the same visit's address is not taken again.
    act(() => {
      queryClient.setQueryData(equipmentKeys.directory, { ...directory() });
      useEquipmentStore.getState().adopt(directory());
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selected()).toBe(2);
  });

  it('is selected again by a new visit naming it (a link followed again)', async () => {
    const { go } = draw('/Equips?id=3');
    await waitFor(() => expect(selected()).toBe(3), SLOW);
    act(() => select(2));
    go('/Equips?id=3');
    await waitFor(() => expect(selected()).toBe(3), SLOW);
  });

  it('is drawn at once, before its selection lands', () => {
    draw('/history?id=3', { mirror: true });
    // The first render already shows 3, not the previous selection or the fallback.
    expect(screen.getByTestId('shows').textContent).toBe('3');
  });

  it('says an id not in the user’s tree and selects nothing', async () => {
    draw('/Equips?id=99');
    expect(await screen.findByText('That equipment is not in your list.', {}, SLOW)).toBeTruthy();
    expect(selected()).toBeNull();
  });

  it('is not read by a page hidden behind another (a cached view)', async () => {
    const { where } = draw('/system?id=3', { mirror: true, shown: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selected()).toBeNull();
    // Nor does the hidden page write its device into the shown page's address.
    expect(where()).toBe('/system?id=3');
  });

  it('mirrored: the page writes the device it shows into its own address, which selects nothing', async () => {
    const { where } = draw('/history', { mirror: true });
    await waitFor(() => expect(where()).toBe('/history?id=1'), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selected()).toBeNull();
    act(() => select(2));
    await waitFor(() => expect(where()).toBe('/history?id=2'), SLOW);
  });

  it('mirrored, with another device asked: selects it and the address keeps it', async () => {
    act(() => select(2));
    const { where } = draw('/history?id=3', { mirror: true });
    await waitFor(() => expect(selected()).toBe(3), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(where()).toBe('/history?id=3');
  });
});
