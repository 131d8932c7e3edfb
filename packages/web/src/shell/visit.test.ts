import { describe, expect, it } from 'vitest';
import { assembleRoutes } from '../routes/access';
import type { RouteEntry } from '../routes/table';
import { pinnedTabs, tabFor } from './visit';
import { testKey } from '../i18n/test-support';

const Page = (() => null) as unknown as NonNullable<RouteEntry['page']>;
const table: RouteEntry[] = [
  { path: '/login', titleKey: testKey('login'), public: true, bare: true, page: Page },
  { path: '/Equips', titleKey: testKey('equips'), icon: 'DashboardOutlined', pinned: true, page: Page },
  { path: '/device/:id', titleKey: testKey('device'), page: Page },
  {
    path: '/group',
    titleKey: testKey('group'),
    redirect: '/group/a',
    children: [{ path: '/group/a', titleKey: testKey('a'), page: Page }],
  },
  { path: '/403', titleKey: testKey('forbidden'), hidden: true, page: Page },
  { path: '/noRole', titleKey: testKey('noRole'), page: Page },
  { path: '/redirect/*', titleKey: testKey('redirect'), page: Page },
];

describe('tabFor', () => {
  it('makes a tab for a page, keyed by the table spelling', () => {
    expect(tabFor('/equips', table)).toEqual({
      path: '/Equips',
      titleKey: testKey('equips'),
      icon: 'DashboardOutlined',
      pinned: true,
    });
    expect(tabFor('/group/a', table)).toEqual({ path: '/group/a', titleKey: testKey('a'), pinned: false });
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
