import { describe, expect, it } from 'vitest';
import { deviceEntry, sampleType } from '../../equipment/test-support';
import { buildTree } from '../../equipment/tree';
import type { DeviceEntry } from '../../equipment/tree';
import { assembleRoutes } from '../../routes/access';
import { breadcrumb, menuTree, pageTitle } from '../../routes/navigation';
import type { RouteEntry } from '../../routes/table';
import { tabFor } from '../../shell/visit';
import { baseConfigId, baseDevices, firstBaseDevice, withBaseConfig } from './routes';
import type { BaseConfigSource } from './routes';

const TEAM = { ...sampleType('FL-JYTeam001'), hostRole: 'team' as const };

function source(entries: DeviceEntry[], status: BaseConfigSource['status'] = 'ready'): BaseConfigSource {
  return {
    status,
    tree: buildTree(entries),
    entries: Object.fromEntries(entries.map((e) => [e.id, e])),
    types: { 'FL-R8': sampleType(), 'FL-JYTeam001': TEAM },
  };
}

const plant = (): DeviceEntry[] => [
  deviceEntry(1, 'Pump', 'North'),
  { ...deviceEntry(2, 'Team', 'North'), type: 'FL-JYTeam001' },
  deviceEntry(3, 'Slave 1', 'North', 2),
  deviceEntry(4, 'Slave 2', 'North', 2),
  deviceEntry(5, 'Alone'),
];

const group = (entries: readonly RouteEntry[]) => entries.find((e) => e.path === '/baseConfig');
const t = (key: string) => `T(${key})`;

describe('the /baseConfig children (§2)', () => {
  it('are one route per base device in the tree order, sub-devices nested, titled by name', () => {
    const entries = withBaseConfig(assembleRoutes(0), source(plant()), null);
    const base = group(entries);
    expect(base?.redirect).toBe('/baseConfig/1');
    expect(base?.page).toBeUndefined();
    const made = (base?.children ?? []).filter((c) => c.device);
    expect(made.map((c) => [c.path, c.title, c.icon])).toEqual([
      ['/baseConfig/1', 'Pump', 'ControlOutlined'],
      ['/baseConfig/2', 'Team', 'ApartmentOutlined'],
      ['/baseConfig/5', 'Alone', 'ControlOutlined'],
    ]);
    expect(made[1]?.children?.map((c) => [c.path, c.title, c.device])).toEqual([
      ['/baseConfig/3', 'Slave 1', { id: 3, unid: 'SN3' }],
      ['/baseConfig/4', 'Slave 2', { id: 4, unid: 'SN4' }],
    ]);
    // Every child is a page (a tab, a cached view); the fixed :id route stays last for the others.
    expect(made.every((c) => c.page !== undefined)).toBe(true);
    expect(base?.children?.at(-1)?.path).toBe('/baseConfig/:id');
  });

  it('make the menu: the group opens its first device, a host opens itself and lists its sub-devices', () => {
    const menu = menuTree(withBaseConfig(assembleRoutes(0), source(plant()), null));
    const node = menu.find((n) => n.path === '/baseConfig');
    expect(node?.target).toBe('/baseConfig/1');
    expect(node?.children.map((c) => c.title)).toEqual(['Pump', 'Team', 'Alone']);
    const team = node?.children[1];
    expect(team).toMatchObject({ path: '/baseConfig/2', target: '/baseConfig/2', opens: true, deviceId: 2 });
    expect(team?.children.map((c) => c.title)).toEqual(['Slave 1', 'Slave 2']);
    expect(node?.children[0]?.opens).toBeUndefined();
  });

  it('name the device in the breadcrumb, the tab and the page title', () => {
    const entries = withBaseConfig(assembleRoutes(0), source(plant()), null);
    expect(breadcrumb('/baseConfig/3', entries).map((c) => c.title ?? t(c.titleKey))).toEqual([
      'T(shell.routes.baseConfig)',
      'Team',
      'Slave 1',
    ]);
    expect(tabFor('/baseConfig/3', entries)).toMatchObject({ path: '/baseConfig/3', title: 'Slave 1' });
    expect(pageTitle('/baseConfig/3', entries, t)).toBe('Slave 1 - T(common.appTitle)');
    expect(pageTitle('/map', entries, t)).toBe('T(shell.routes.map) - T(common.appTitle)');
  });

  it('list at most the limit per level, and the device open past it', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      deviceEntry(i + 1, `Device ${String(i + 1).padStart(2, '0')}`),
    );
    const cut = group(withBaseConfig(assembleRoutes(0), source(many), null, 20));
    expect(cut?.children?.filter((c) => c.device).length).toBe(20);
    const open = group(withBaseConfig(assembleRoutes(0), source(many), 27, 20));
    const made = open?.children?.filter((c) => c.device) ?? [];
    expect(made.length).toBe(21);
    expect(made.at(-1)).toMatchObject({ path: '/baseConfig/27', title: 'Device 27' });
    // One already listed is not added twice; an id the user does not have is not added.
    expect(
      group(withBaseConfig(assembleRoutes(0), source(many), 3, 20))?.children?.filter((c) => c.device).length,
    ).toBe(20);
    expect(
      group(withBaseConfig(assembleRoutes(0), source(many), 99, 20))?.children?.filter((c) => c.device)
        .length,
    ).toBe(20);
  });

  it('while the equipment loads: no page of its own (no tab) and no children', () => {
    const entries = withBaseConfig(assembleRoutes(0), source(plant(), 'loading'), null);
    const base = group(entries);
    expect(base?.page).toBeUndefined();
    expect(base?.children?.map((c) => c.path)).toEqual(['/baseConfig/:id']);
    expect(tabFor('/baseConfig', entries)).toBeNull();
    expect(menuTree(entries).find((n) => n.path === '/baseConfig')?.target).toBe('/baseConfig');
  });

  it('without devices: the group is the (empty) list page', () => {
    const entries = withBaseConfig(assembleRoutes(0), source([]), null);
    expect(group(entries)?.page).toBeDefined();
    expect(group(entries)?.redirect).toBeUndefined();
    expect(tabFor('/baseConfig', entries)).toMatchObject({
      path: '/baseConfig',
      titleKey: 'shell.routes.baseConfig',
    });
  });

  it('leaves the other routes as they are', () => {
    const before = assembleRoutes(0);
    const after = withBaseConfig(before, source(plant()), null);
    expect(after.filter((e) => e.path !== '/baseConfig')).toEqual(
      before.filter((e) => e.path !== '/baseConfig'),
    );
  });
});

describe('base devices', () => {
  it('are the top of each group and the ungrouped devices, in order', () => {
    const tree = buildTree(plant());
    expect(baseDevices(tree).map((d) => d.id)).toEqual([1, 2, 5]);
    expect(baseDevices(tree, 2).map((d) => d.id)).toEqual([1, 2]);
    expect(firstBaseDevice(tree)).toBe(1);
    expect(firstBaseDevice([])).toBeNull();
  });

  it('read from a path', () => {
    expect(baseConfigId('/baseConfig/12')).toBe(12);
    expect(baseConfigId('/baseconfig/12/')).toBe(12);
    expect(baseConfigId('/baseConfig')).toBeNull();
    expect(baseConfigId('/baseConfig/x')).toBeNull();
    expect(baseConfigId('/Equips')).toBeNull();
  });
});
