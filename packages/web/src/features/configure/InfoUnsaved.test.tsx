// @vitest-environment jsdom
/**
 * Leaving a device whose info holds unsaved changes: another device in the tree, and another page
 * by route, both ask first; staying keeps what was typed, discarding goes and forgets it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { deviceEntry, loadTreeStore, sampleRecord, seedEquipment } from '../../equipment/test-support';
import { useSession } from '../../session/store';
import { renderPage } from '../auth/test-render';
import MonitoringPage from '../monitoring/MonitoringPage';
import { renderWithApp } from '../monitoring/test-render';
import { hasUnsavedChanges, useLeaveGuard, useUnsavedChanges } from './unsaved';

const SLOW = { timeout: 8000 };

/** The modal's button showing `text` (the confirmation of ./unsaved.ts). */
async function answer(text: 'Stay' | 'Discard') {
  const dialog = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-modal-confirm')].at(-1);
    expect(found?.textContent).toContain('Your changes to this device are not saved');
    return found!;
  }, SLOW);
  fireEvent.click([...dialog.querySelectorAll('button')].find((b) => b.textContent === text)!);
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull(), SLOW);
}

const { serve } = setUpDeviceTests({ after: () => useSession.getState().clear() });

describe('leaving a device with unsaved info', { timeout: 60_000 }, () => {
  it('asks before another device is shown from the tree', async () => {
    const pump = sampleRecord({ id: 1, unid: 'SN1', sn: 'SN1', name: 'Pump house', group: 'North' });
    serve({
      'GET /me/events': { body: { items: [], total: 0 } },
      'GET /equipment/1': { body: pump },
      'GET /equipment/2': { status: 500 },
    });
    seedEquipment({
      entries: [deviceEntry(1, 'Pump house', 'North'), deviceEntry(2, 'Tank', 'North')],
      records: [pump],
      flags: {
        1: { isOnline: true, isAlarm: false, soc: 30 },
        2: { isOnline: true, isAlarm: false, soc: 30 },
      },
      selectedId: 1,
    });
    renderWithApp(<MonitoringPage />);
    fireEvent.click(await screen.findByText('Info', {}, SLOW));
    const name = (await screen.findByLabelText('Name', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Pump house 2' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true), SLOW);

    const tank = () => screen.getAllByText('Tank').find((e) => e.closest('[role="treeitem"]'))!;
    fireEvent.click(tank());
    await answer('Stay');
    expect(useEquipmentStore.getState().selectedId).toBe(1);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Pump house 2');

    fireEvent.click(tank());
    await answer('Discard');
    await waitFor(() => expect(useEquipmentStore.getState().selectedId).toBe(2), SLOW);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('does not ask when nothing is unsaved', async () => {
    serve({
      'GET /me/events': { body: { items: [], total: 0 } },
      'GET /equipment/2': { status: 500 },
    });
    loadTreeStore([deviceEntry(1, 'Pump house'), deviceEntry(2, 'Tank')], {});
    useEquipmentStore.setState({ selectedId: 1 });
    renderWithApp(<MonitoringPage />);
    fireEvent.click(screen.getAllByText('Tank').find((e) => e.closest('[role="treeitem"]'))!);
    await waitFor(() => expect(useEquipmentStore.getState().selectedId).toBe(2), SLOW);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });
});

/** A page holding an unsaved change, with the shell's guard, and a way to another route. */
function EditedPage({ onDiscard }: { readonly onDiscard: () => void }) {
  useLeaveGuard();
  useUnsavedChanges(true, onDiscard);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate('/history')}>
        Go
      </button>
      <button type="button" onClick={() => void navigate('/Equips?id=3')}>
        Same page
      </button>
    </>
  );
}

describe('leaving the page by route with unsaved changes', { timeout: 30_000 }, () => {
  it('asks first: staying keeps the page, discarding goes and puts the form back', async () => {
    useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
    let discarded = 0;
    const { router } = renderPage(<EditedPage onDiscard={() => (discarded += 1)} />, {
      path: '/Equips',
      route: '/Equips',
    });
    fireEvent.click(screen.getByText('Go'));
    await answer('Stay');
    expect(router.state.location.pathname).toBe('/Equips');
    expect(discarded).toBe(0);
    expect(hasUnsavedChanges()).toBe(true);

    // A query on the same page (another device) is the page's own business, not a departure.
    fireEvent.click(screen.getByText('Same page'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=3'), SLOW);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();

    fireEvent.click(screen.getByText('Go'));
    await answer('Discard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'), SLOW);
    expect(discarded).toBe(1);
  });

  it('lets a signed-out session go without asking', async () => {
    const { router } = renderPage(<EditedPage onDiscard={() => undefined} />, {
      path: '/Equips',
      route: '/Equips',
    });
    fireEvent.click(screen.getByText('Go'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'), SLOW);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });
});
