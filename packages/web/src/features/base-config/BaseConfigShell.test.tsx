// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { directory, equipmentKeys } from '../../equipment/directory';
import type { Directory } from '../../equipment/directory';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { deviceEntry, loadTreeStore, sampleType, seedEquipment } from '../../equipment/test-support';
import { i18n } from '../../i18n';
import { useMe } from '../../session/me';
import { sampleMe } from '../../session/test-support';
import { DEFAULT_SETTINGS } from '../../settings/settings';
import { useSettings } from '../../settings/store';
import Shell from '../../shell/Shell';
import { resetTabs } from '../../shell/tabs';
import { installDomStubs, renderAt } from '../../shell/test-support';

function Page() {
  return <p data-testid="at">{useLocation().pathname}</p>;
}

function show(at: string) {
  return renderAt(at, [
    {
      element: <Shell />,
      children: [
        { path: '/Equips', element: <Page /> },
        { path: '/baseConfig', element: <Page /> },
        { path: '/baseConfig/:id', element: <Page /> },
      ],
    },
  ]);
}

/** The path of the view shown (the others stay cached, hidden). */
const shownAt = () => document.querySelector('.fl-view:not([hidden]) [data-testid="at"]')?.textContent;

const texts = (selector: string) =>
  [...document.querySelectorAll(selector)].map((e) => e.textContent?.trim() ?? '');

function loadPlant() {
  seedEquipment({
    types: { 'FL-R8': sampleType(), 'FL-JYTeam001': { ...sampleType('FL-JYTeam001'), hostRole: 'team' } },
    entries: [
      deviceEntry(1, 'Pump', 'North'),
      { ...deviceEntry(2, 'Team', 'North'), type: 'FL-JYTeam001' },
      deviceEntry(3, 'Slave 1', 'North', 2),
      deviceEntry(5, 'Alone'),
    ],
    flags: { 1: { isOnline: true, isAlarm: false, soc: 30 }, 5: { isOnline: true, isAlarm: true, soc: 30 } },
  });
}

beforeAll(async () => {
  installDomStubs();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  useSettings.setState({
    settings: { ...DEFAULT_SETTINGS, layout: 'vertical' },
    saved: DEFAULT_SETTINGS,
    collapsed: false,
  });
  useMe.getState().setMe(sampleMe({ authority: 0 }));
  Object.assign(window, { innerWidth: 1280 });
  resetTabs();
});
afterEach(() => {
  cleanup();
  resetEquipment();
});

describe('the /baseConfig children in the shell (§2)', { timeout: 30_000 }, () => {
  it('names the device in the menu, with its state, the breadcrumb, the tab and the page title', async () => {
    loadPlant();
    show('/baseConfig/3');
    const group = screen.getByText('Device configuration', {
      selector: '.fl-sider .ant-menu-submenu-title *',
    });
    expect(group).toBeTruthy();
    // The group and the host on the way to the device are open.
    expect(texts('.fl-sider .ant-menu-item')).toEqual(expect.arrayContaining(['Pump', 'Slave 1', 'Alone']));
    expect(texts('.fl-sider .ant-menu-submenu-title')).toEqual(expect.arrayContaining(['Team']));
    expect(document.querySelector('[data-device-id="1"] [role="img"]')?.getAttribute('aria-label')).toBe(
      'Online',
    );
    expect(document.querySelector('[data-device-id="5"] [role="img"]')?.getAttribute('aria-label')).toBe(
      'Alarm',
    );
    expect(texts('.fl-sider .ant-menu-item-selected')).toEqual(['Slave 1']);
    expect(texts('.fl-breadcrumb .ant-breadcrumb-link')).toEqual(['Device configuration', 'Team', 'Slave 1']);
    expect(texts('.fl-tab-title')).toContain('Slave 1');
    await waitFor(() => expect(document.title).toBe('Slave 1 - Fieldlink Cloud'));
  });

  it("opens a device from the menu, and a host from its submenu's title", async () => {
    loadPlant();
    show('/baseConfig/1');
    fireEvent.click(screen.getByText('Alone', { selector: '.fl-sider .ant-menu-item *' }));
    await waitFor(() => expect(shownAt()).toBe('/baseConfig/5'));
    fireEvent.click(screen.getByText('Team', { selector: '.fl-sider .ant-menu-submenu-title *' }));
    await waitFor(() => expect(shownAt()).toBe('/baseConfig/2'));
  });

  it('lists the first 20 base devices in the menu, and the one open past them', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      deviceEntry(i + 1, `Device ${String(i + 1).padStart(2, '0')}`),
    );
    loadTreeStore(many, {});
    show('/baseConfig/27');
    const items = texts('.fl-sider .ant-menu-sub .ant-menu-item');
    expect(items.length).toBe(21);
    expect(items.at(-1)).toBe('Device 27');
    expect(items).not.toContain('Device 21');
  });

  it('is a plain menu entry while the equipment loads, and grows its children when it is in', async () => {
    loadPlant();
    const plant = directory();
    resetEquipment();
    // The first read of the directory is under way; it brings the plant when told to.
    let answer = (_: Directory): void => undefined;
    const reading = queryClient.fetchQuery({
      queryKey: equipmentKeys.directory,
      queryFn: () => new Promise<Directory>((resolve) => (answer = resolve)),
    });
    show('/Equips');
    expect(texts('.fl-sider .ant-menu-item')).toContain('Device configuration');
    await act(async () => {
      answer(plant);
      useEquipmentStore.getState().adopt(await reading);
    });
    // The menu follows the store in a transition: under load it may commit after the act.
    expect(
      await screen.findByText('Device configuration', { selector: '.fl-sider .ant-menu-submenu-title *' }),
    ).toBeTruthy();
  });
});
