import { describe, expect, it } from 'vitest';
import { assembleRoutes } from '../routes/access';
import type { RouteEntry } from '../routes/table';
import { pinnedTabs, tabFor } from './visit';

const Page = (() => null) as unknown as NonNullable<RouteEntry['page']>;
const table: RouteEntry[] = [
  { path: '/login', titleKey: 'login', public: true, bare: true, page: Page },
  { path: '/Equips', titleKey: 'equips', icon: 'DashboardOutlined', pinned: true, page: Page },
  { path: '/device/:id', titleKey: 'device', page: Page },
  {
    path: '/group',
    titleKey: 'group',
    redirect: '/group/a',
    children: [{ path: '/group/a', titleKey: 'a', page: Page }],
  },
  { path: '/403', titleKey: 'forbidden', hidden: true, page: Page },
  { path: '/noRole', titleKey: 'noRole', page: Page },
  { path: '/redirect/*', titleKey: 'redirect', page: Page },
];

describe('tabFor', () => {
  it('makes a tab for a page, keyed by the table spelling', () => {
    expect(tabFor('/equips', table)).toEqual({
      path: '/Equips',
      titleKey: 'equips',
      icon: 'DashboardOutlined',
      pinned: true,
    });
    expect(tabFor('/group/a', table)).toEqual({ path: '/group/a', titleKey: 'a', pinned: false });
  });

  it('keeps the visited path of a parameterised route', () => {
    expect(tabFor('/device/42', table)?.path).toBe('/device/42');
  });

  it('makes none for groups, public, error, redirect and unknown paths', () => {
    for (const path of ['/group', '/login', '/403', '/noRole', '/redirect/Equips', '/nowhere']) {
      expect(tabFor(path, table)).toBeNull();
    }
  });

  it('starts with the pinned tabs the level reaches', () => {
    expect(pinnedTabs(table).map((t) => t.path)).toEqual(['/Equips']);
    expect(pinnedTabs(assembleRoutes(0)).map((t) => t.path)).toEqual(['/Equips']);
  });
});
