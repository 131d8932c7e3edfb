import { describe, expect, it } from 'vitest';
import { assembleRoutes } from './access';
import {
  breadcrumb,
  horizontalMenuScrolls,
  menuTree,
  openKeysFor,
  pageTitle,
  tabTitleKey,
  topLevelFor,
} from './navigation';
import type { RouteEntry } from './table';
import { routes } from './table';
import { testKey } from '../i18n/test-support';

const table: RouteEntry[] = [
  { path: '/', titleKey: testKey('home'), redirect: '/a', hidden: true },
  { path: '/login', titleKey: testKey('login'), bare: true, public: true },
  { path: '/a', titleKey: testKey('a'), icon: 'HomeOutlined' },
  {
    path: '/g',
    titleKey: testKey('g'),
    icon: 'AppstoreOutlined',
    children: [
      { path: '/g/one', titleKey: testKey('one') },
      { path: '/g/secret', titleKey: testKey('secret'), hidden: true },
      {
        path: '/g/sub',
        titleKey: testKey('sub'),
        children: [{ path: '/g/sub/deep', titleKey: testKey('deep') }],
      },
    ],
  },
  {
    path: '/r',
    titleKey: testKey('r'),
    redirect: '/r/x',
    children: [{ path: '/r/x', titleKey: testKey('x') }],
  },
  { path: '/jujuda', titleKey: testKey('diagrams') },
  { path: '/increment/serviceManager', titleKey: testKey('services') },
  { path: '/untitled', titleKey: testKey('') },
];

const t = (key: string) => `T(${key})`;

describe('menuTree', () => {
  it('hides hidden, bare and untitled entries and gives groups a target', () => {
    const tree = menuTree(table);
    expect(tree.map((n) => n.path)).toEqual(['/a', '/g', '/r', '/jujuda', '/increment/serviceManager']);
    const group = tree[1];
    expect(group?.children.map((n) => n.path)).toEqual(['/g/one', '/g/sub']);
    expect(group?.target).toBe('/g/one');
    expect(group?.icon).toBe('AppstoreOutlined');
    expect(tree[2]?.target).toBe('/r/x');
    expect(tree[0]?.target).toBe('/a');
  });

  it('hides the platform entries for a branded tenant', () => {
    expect(menuTree(table, { branded: true }).map((n) => n.path)).toEqual(['/a', '/g', '/r']);
  });

  it('finds the first-level node and the open keys of a path', () => {
    const tree = menuTree(table);
    expect(topLevelFor('/g/sub/deep', tree)?.path).toBe('/g');
    expect(topLevelFor('/a', tree)?.path).toBe('/a');
    expect(topLevelFor('/nowhere', tree)).toBeUndefined();
    expect(openKeysFor('/g/sub/deep', tree)).toEqual(['/g', '/g/sub']);
    expect(openKeysFor('/g/one', tree)).toEqual(['/g']);
    expect(openKeysFor('/a', tree)).toEqual([]);
  });

  it('the real table shows monitoring first', () => {
    expect(menuTree(routes)[0]?.path).toBe('/Equips');
  });

  it('the real table lists diagrams for a user, without their hidden project page', () => {
    const diagrams = menuTree(assembleRoutes(4)).find((n) => n.path === '/jujuda');
    expect(diagrams).toMatchObject({ target: '/jujuda', children: [], icon: 'ApartmentOutlined' });
    expect(menuTree(assembleRoutes(3)).map((n) => n.path)).not.toContain('/jujuda');
  });
});

describe('horizontal menus', () => {
  it('scroll over 18 children', () => {
    expect(horizontalMenuScrolls(18)).toBe(false);
    expect(horizontalMenuScrolls(19)).toBe(true);
  });
});

describe('breadcrumb and titles', () => {
  it('lists the matched entries with titles, top down', () => {
    expect(breadcrumb('/g/sub/deep', table).map((c) => c.titleKey)).toEqual(['g', 'sub', 'deep']);
    expect(breadcrumb('/a', table)).toEqual([{ path: '/a', titleKey: testKey('a'), icon: 'HomeOutlined' }]);
    expect(breadcrumb('/nowhere', table)).toEqual([]);
  });

  it('gives the tab title key of a path', () => {
    expect(tabTitleKey('/g/one', table)).toBe('one');
    expect(tabTitleKey('/nowhere', table)).toBeUndefined();
  });

  it('makes the page title from the route title and the app title', () => {
    expect(pageTitle('/g/one', table, t, 'Acme')).toBe('T(one) - Acme');
    expect(pageTitle('/g/one', table, t)).toBe('T(one) - T(common.appTitle)');
    expect(pageTitle('/g/one', table, t, '  ')).toBe('T(one) - T(common.appTitle)');
    expect(pageTitle('/nowhere', table, t, 'Acme')).toBe('Acme');
  });
});
