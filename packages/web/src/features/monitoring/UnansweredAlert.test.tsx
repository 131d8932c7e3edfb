// @vitest-environment jsdom
/**
 * The silent state where online state shows: the tree row's badge and the device view's alert
 * carry the address the device does not answer at, follow the live pushes (set, cleared when it
 * answers or goes offline), and offer the Link tab to those who manage the link.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment, Permission } from '../../api/equipment';
import { permissionFromLevel } from '../../equipment/rights';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import {
  deviceEntry,
  loadTreeStore,
  sampleRecord,
  sampleType,
  seedEquipment,
} from '../../equipment/test-support';
import type { DeviceUpdate } from '../../equipment/live-state';
import type { NodeFlags } from '../../equipment/tree';
import { setLanguage } from '../../i18n';
import DeviceView from './DeviceView';
import EquipmentTree from './EquipmentTree';
import { renderWithApp } from './test-render';

const hooks = setUpDeviceTests();
const push = (...updates: DeviceUpdate[]) => act(() => useEquipmentStore.getState().applyUpdates(updates));
const ONLINE: NodeFlags = { isOnline: true, isAlarm: false, soc: 30 };

describe('the tree row of a device that does not answer', () => {
  function showTree(flags: Record<number, NodeFlags>) {
    loadTreeStore([deviceEntry(1, 'Pump house'), deviceEntry(2, 'Tank')], flags);
    renderWithApp(
      <EquipmentTree filter={{ text: '', status: 'all' }} selectedId={null} onSelect={() => undefined} />,
    );
  }
  const badge = (name: string) =>
    screen
      .getAllByRole('treeitem')
      .find((r) => r.querySelector('.tree-name')?.textContent === name)!
      .querySelector<HTMLElement>('[data-testid="tree-unanswered"]');

  it('shows a warning badge naming the address, and drops it when the device answers', () => {
    showTree({ 1: { ...ONLINE, unansweredAddress: 7 }, 2: ONLINE });
    const shown = badge('Pump house')!;
    expect(shown.getAttribute('role')).toBe('img');
    expect(shown.getAttribute('aria-label')).toBe('Does not answer at address 7');
    expect(shown.title).toBe('Does not answer at address 7');
    // The row's accessible name carries it.
    expect(screen.getByRole('treeitem', { name: /Pump house.*Does not answer at address 7/ })).toBeTruthy();
    expect(badge('Tank')).toBeNull();

    push({ SN: 'SN1', IsOnline: true, Unanswered: null });
    expect(badge('Pump house')).toBeNull();
    push({ SN: 'SN2', IsOnline: true, Unanswered: 255 });
    expect(badge('Tank')?.getAttribute('aria-label')).toBe('Does not answer at address 255');
    push({ SN: 'SN2', IsOnline: false });
    expect(badge('Tank')).toBeNull();
  });

  it('speaks the user’s language', () => {
    setLanguage('zh');
    showTree({ 1: { ...ONLINE, unansweredAddress: 1 } });
    expect(badge('Pump house')?.getAttribute('aria-label')).toBe('地址 1 无应答');
  });
});

describe('the device view of a device that does not answer', () => {
  const record = (overrides: Partial<Equipment> = {}) =>
    sampleRecord({ id: 5, unid: 'AB12CD34', sn: 'AB12CD34', ...overrides });
  beforeEach(() => {
    hooks.serve({
      // The record read on selection fails: the one held stays.
      'GET /equipment/5': { status: 500 },
      'GET /equipment/5/link-secret': {
        body: { linkSecret: 'k3Q9xTzV0aLm2Bf7HcR1', hasLinkSecret: true, openLink: false },
      },
    });
  });
  function show(r: Equipment, flags?: NodeFlags, rights: Permission = r.permission) {
    seedEquipment({
      types: { [r.type]: sampleType(r.type, r.counts) },
      records: [{ ...r, permission: rights }],
      ...(flags ? { flags: { [r.id]: flags } } : {}),
    });
    renderWithApp(<DeviceView id={r.id} />);
  }
  const alert = () => screen.queryByTestId('unanswered');

  it('tells the owner under the header, offers the Link tab, and goes when the device answers', async () => {
    show(record(), { ...ONLINE, unansweredAddress: 7 });
    expect(alert()?.textContent).toBe(
      'Online, but the device does not answer at address 7: check its slave address (Link tab) and wiring.Open the Link tab',
    );
    // The header still says online.
    expect(screen.getByText('Online')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the Link tab' }));
    expect(await screen.findByTestId('slave-address-form')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Link', selected: true })).toBeTruthy();

    push({ SN: 'AB12CD34', IsOnline: true, Unanswered: null });
    expect(alert()).toBeNull();
    push({ SN: 'AB12CD34', IsOnline: true, Unanswered: 254 });
    expect(alert()?.textContent).toMatch(/^Online, but the device does not answer at address 254:/);
    push({ SN: 'AB12CD34', IsOnline: false });
    expect(alert()).toBeNull();
    expect(screen.getByText('Offline')).toBeTruthy();
  });

  it('tells a grantee to have the owner check it, with no way to the Link tab', () => {
    show(record(), { ...ONLINE, unansweredAddress: 3 }, { ...permissionFromLevel(4), owner: false });
    expect(alert()?.textContent).toBe(
      'Online, but the device does not answer at address 3: its owner should check its slave address and wiring.',
    );
    expect(screen.queryByRole('button', { name: 'Open the Link tab' })).toBeNull();
  });

  it('says of a sub-device that its host does not answer', () => {
    show(record({ parentId: 1, sn: null, unid: 'AB12CD34_3' }), { ...ONLINE, unansweredAddress: 254 });
    expect(alert()?.textContent).toBe(
      'Online, but its host does not answer at address 254: check the host’s slave address and wiring.',
    );
    expect(screen.queryByRole('button', { name: 'Open the Link tab' })).toBeNull();
  });

  it('takes the record’s status before any flags, and only while online', () => {
    show(record({ status: { ...sampleRecord().status, online: true, unansweredAddress: 5 } }));
    expect(alert()?.textContent).toMatch(/^Online, but the device does not answer at address 5:/);
    // The store's flags, once there, are the one word on it.
    push({ SN: 'AB12CD34', IsOnline: true, Unanswered: null });
    expect(alert()).toBeNull();
  });

  it('shows nothing for a device that answers', () => {
    show(record(), ONLINE);
    expect(alert()).toBeNull();
  });
});
