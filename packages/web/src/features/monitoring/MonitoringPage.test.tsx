// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { deviceEntry as entry, loadTreeStore as loadStore } from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import { mockFetch } from '../../session/test-support';
import MonitoringPage from './MonitoringPage';
import { renderWithApp } from './test-render';

const SLOW = { timeout: 8000 };

const treeNames = () =>
  screen.queryAllByRole('treeitem').map((r) => r.querySelector('.tree-name')?.textContent ?? '');

const NO_EVENTS = { 'GET /me/events': { body: { items: [], total: 0 } } };
let restore = (): void => undefined;

/** No events, and device `id`'s record failing: these tests look at the tree, not the device panel. */
function withDeviceRead(id: number): void {
  restore();
  restore = mockFetch({ ...NO_EVENTS, [`GET /equipment/${id}`]: { status: 500 } }).restore;
}

beforeEach(() => {
  setLanguage('en');
  restore = mockFetch(NO_EVENTS).restore;
  loadStore(
    [
      entry(1, 'Pump house', 'North'),
      entry(2, 'Tank', 'North'),
      entry(3, 'Gate', 'South'),
      entry(4, 'Slave 1', 'South', 3),
    ],
    {
      1: { isOnline: true, isAlarm: false, soc: 30 },
      2: { isOnline: false, isAlarm: true, soc: 30 },
      3: { isOnline: true, isAlarm: false, soc: 90 },
      4: { isOnline: true, isAlarm: false, soc: 90 },
    },
  );
});
afterEach(() => {
  restore();
  cleanup();
  resetEquipment();
});

describe('monitoring page: tree and filter', () => {
  it('shows the counters and the tree', () => {
    renderWithApp(<MonitoringPage />);
    const counter = (name: string) => document.querySelector(`[data-counter="${name}"]`)?.textContent;
    expect(counter('total')).toBe('4Total');
    expect(counter('online')).toBe('3Online');
    expect(counter('offline')).toBe('1Offline');
    expect(counter('alarm')).toBe('1Alarm');
    expect(treeNames()).toEqual(['North', 'Pump house', 'Tank', 'South', 'Gate']);
  });

  it('filters by name as the user types, and opens the branch of a match', async () => {
    renderWithApp(<MonitoringPage />);
    fireEvent.change(screen.getByPlaceholderText('Search name or serial number'), {
      target: { value: 'slave' },
    });
    await waitFor(() => expect(treeNames()).toHaveLength(3), SLOW);
    expect(treeNames()).toEqual(['South', 'Gate', 'Slave 1']);
    fireEvent.change(screen.getByPlaceholderText('Search name or serial number'), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText('No equipment matches', {}, SLOW)).toBeTruthy();
  });

  it('the alarm counter filters the tree to alarming devices, and again shows all', async () => {
    renderWithApp(<MonitoringPage />);
    const alarm = document.querySelector('[data-counter="alarm"]') as HTMLElement;
    fireEvent.click(alarm);
    await waitFor(() => expect(treeNames()).toHaveLength(2), SLOW);
    expect(treeNames()).toEqual(['North', 'Tank']);
    expect(alarm.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(alarm);
    await waitFor(() => expect(treeNames()).toHaveLength(5), SLOW);
  });

  it('follows live flags while filtering by status', async () => {
    renderWithApp(<MonitoringPage />);
    fireEvent.click(document.querySelector('[data-counter="offline"]') as HTMLElement);
    await waitFor(() => expect(treeNames()).toHaveLength(2), SLOW);
    useEquipmentStore.setState((s) => ({
      flags: { ...s.flags, 1: { isOnline: false, isAlarm: false, soc: 30 } },
    }));
    await waitFor(() => expect(treeNames()).toHaveLength(3), SLOW);
  });

  it('selecting a device row selects it in the store; a group row opens and closes', async () => {
    withDeviceRead(1);
    renderWithApp(<MonitoringPage />);
    fireEvent.click(screen.getByText('Pump house'));
    expect(useEquipmentStore.getState().selectedId).toBe(1);
    expect(screen.getAllByRole('treeitem')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByText('North'));
    await waitFor(() => expect(treeNames()).toHaveLength(3), SLOW);
  });

  it('moves with the arrow keys and selects with Enter', async () => {
    withDeviceRead(2);
    renderWithApp(<MonitoringPage />);
    const tree = screen.getByRole('tree');
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'Enter' });
    expect(useEquipmentStore.getState().selectedId).toBe(2);
  });
});

describe('monitoring page: a device named in the location', () => {
  it('selects the device of ?id= once the tree is in', async () => {
    withDeviceRead(3);
    renderWithApp(<MonitoringPage />, '/Equips?id=3');
    await waitFor(() => expect(useEquipmentStore.getState().selectedId).toBe(3), SLOW);
    expect(
      screen.getAllByRole('treeitem').find((r) => r.getAttribute('aria-selected') === 'true')?.textContent,
    ).toContain('Gate');
  });

  it('warns when the device is not the user’s, and selects nothing', async () => {
    renderWithApp(<MonitoringPage />, '/Equips?id=99');
    expect(await screen.findByText('That equipment is not in your list.', {}, SLOW)).toBeTruthy();
    expect(useEquipmentStore.getState().selectedId).toBeNull();
  });
});

describe('monitoring page on a narrow screen (issue 27 item 11)', () => {
  const view = () => document.querySelector('[data-page="MonitoringPage"]')?.getAttribute('data-narrow-view');
  const scrollTo = vi.fn();
  let wide: { innerWidth: number; scrollTo: typeof window.scrollTo };
  beforeEach(() => {
    wide = { innerWidth: window.innerWidth, scrollTo: window.scrollTo };
    Object.assign(window, { innerWidth: 375, scrollTo });
    scrollTo.mockClear();
  });
  afterEach(() => Object.assign(window, wide));

  it('shows a tapped device in the tree’s place, at the top; back (or the phone’s back) shows the tree', async () => {
    withDeviceRead(3);
    const { router } = renderWithApp(<MonitoringPage />);
    expect(view()).toBe('tree');
    expect(screen.queryByTestId('monitoring-back')).toBeNull();

    fireEvent.click(screen.getByText('Gate'));
    await waitFor(() => expect(view()).toBe('detail'), SLOW);
    expect(useEquipmentStore.getState().selectedId).toBe(3);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    // An entry of the browser's history of its own, so the phone's back gesture returns.
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.pathname).toBe('/Equips');

    fireEvent.click(screen.getByTestId('monitoring-back'));
    await waitFor(() => expect(view()).toBe('tree'), SLOW);
    expect(router.state.historyAction).toBe('POP');
    // The selection stays, marked in the tree.
    expect(useEquipmentStore.getState().selectedId).toBe(3);

    // The phone's back gesture after a tap does the same.
    fireEvent.click(screen.getByText('Gate'));
    await waitFor(() => expect(view()).toBe('detail'), SLOW);
    act(() => void router.navigate(-1));
    await waitFor(() => expect(view()).toBe('tree'), SLOW);
  });

  it('opens the device the address names (the map, the search) in place of the tree', async () => {
    withDeviceRead(3);
    const { router } = renderWithApp(<MonitoringPage />, '/Equips?id=3');
    await waitFor(() => expect(view()).toBe('detail'), SLOW);
    expect(useEquipmentStore.getState().selectedId).toBe(3);
    // In the address's entry's place: back goes to the tree, not past it.
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByTestId('monitoring-back'));
    await waitFor(() => expect(view()).toBe('tree'), SLOW);
    expect(router.state.location.pathname + router.state.location.search).toBe('/Equips');
    expect(useEquipmentStore.getState().selectedId).toBe(3);
  });

  it('shows tree and panel side by side from 992 px', () => {
    Object.assign(window, { innerWidth: 992 });
    withDeviceRead(3);
    renderWithApp(<MonitoringPage />);
    fireEvent.click(screen.getByText('Gate'));
    expect(view()).toBeNull();
    expect(screen.queryByTestId('monitoring-back')).toBeNull();
  });
});
