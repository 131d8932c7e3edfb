import { describe, expect, it } from 'vitest';
import { TENANT_ADMIN_ROLE } from '@fieldlink/protocol';
import {
  assembleRoutes,
  authorityGroups,
  findRoute,
  hasOperatingRole,
  normalizePath,
  routeAllowed,
  routeChain,
} from './access';
import { menuTree } from './navigation';
import type { RouteEntry } from './table';
import { flatten, routes } from './table';
import { testKey } from '../i18n/test-support';
import type { Access } from '../session/access';

const table: RouteEntry[] = [
  { path: '/login', titleKey: testKey('login'), public: true, bare: true, hidden: true },
  { path: '/403', titleKey: testKey('forbidden'), hidden: true },
  { path: '/base', titleKey: testKey('base') },
  { path: '/visitor', titleKey: testKey('visitor'), level: 0 },
  { path: '/user', titleKey: testKey('user'), level: 4 },
  { path: '/manager', titleKey: testKey('manager'), level: 100 },
  { path: '/admin', titleKey: testKey('admin'), level: 1000 },
  { path: '/gold-role', titleKey: testKey('goldRole'), level: 0, role: 6 },
  {
    path: '/setting',
    titleKey: testKey('setting'),
    level: 4,
    redirect: '/setting/me',
    children: [
      { path: '/setting/me', titleKey: testKey('me') },
      { path: '/setting/users', titleKey: testKey('users'), level: 100 },
    ],
  },
  { path: '/device/:id', titleKey: testKey('device'), level: 0 },
];

/** The table with routes that need roles or abilities (§6). */
const accessTable: RouteEntry[] = [
  ...table,
  { path: '/writers', titleKey: testKey('writers'), level: 4, access: { abilities: ['WRITE'] } },
  {
    path: '/editors',
    titleKey: testKey('editors'),
    level: 0,
    access: ['editor'],
    children: [
      { path: '/editors/all', titleKey: testKey('editorsAll') },
      {
        path: '/editors/no-guests',
        titleKey: testKey('noGuests'),
        access: { roles: ['guest'], mode: 'except' },
      },
    ],
  },
];

const ALL: Access = { admin: false, roles: [], abilities: ['READ', 'WRITE', 'OPR', 'DELETE'] };
const READER: Access = { admin: false, roles: [], abilities: ['READ'] };
const EDITOR: Access = { admin: false, roles: ['editor'], abilities: ['READ', 'WRITE'] };
const GUEST_EDITOR: Access = { admin: false, roles: ['editor', 'guest'], abilities: ['READ'] };
const ADMIN: Access = { admin: true, roles: [], abilities: [] };

const paths = (entries: readonly RouteEntry[]) => flatten(entries).map((e) => e.path);

describe('authority groups (§2 thresholds)', () => {
  it.each([
    [-1, []],
    [0, ['visitor']],
    [3, ['visitor']],
    [4, ['visitor', 'user']],
    [5, ['visitor', 'user', 'silver']],
    [6, ['visitor', 'user', 'silver', 'gold']],
    [7, ['visitor', 'user', 'silver', 'gold', 'extraGold']],
    [8, ['visitor', 'user', 'silver', 'gold', 'extraGold', 'diamond']],
    [9, ['visitor', 'user', 'silver', 'gold', 'extraGold', 'diamond']],
    [10, ['visitor', 'user', 'silver', 'gold', 'extraGold', 'diamond', 'test']],
    [99, ['visitor', 'user', 'silver', 'gold', 'extraGold', 'diamond', 'test']],
    [100, ['visitor', 'user', 'silver', 'gold', 'extraGold', 'diamond', 'test', 'manager']],
    [999, ['visitor', 'user', 'silver', 'gold', 'extraGold', 'diamond', 'test', 'manager']],
    [1000, ['visitor', 'user', 'silver', 'gold', 'extraGold', 'diamond', 'test', 'manager', 'admin']],
  ])('level %i reaches %j', (level, groups) => {
    expect(authorityGroups(level)).toEqual(groups);
  });

  it('an account below 0 has no operating role; 0 has', () => {
    expect(hasOperatingRole(-1)).toBe(false);
    expect(hasOperatingRole(0)).toBe(true);
  });
});

describe('assembleRoutes', () => {
  it('keeps base routes always and groups from their threshold up', () => {
    expect(paths(assembleRoutes(-1, table))).toEqual(['/login', '/403', '/base']);
    expect(paths(assembleRoutes(3, table))).toEqual(['/login', '/403', '/base', '/visitor', '/device/:id']);
    expect(paths(assembleRoutes(4, table))).toEqual([
      '/login',
      '/403',
      '/base',
      '/visitor',
      '/user',
      '/setting',
      '/setting/me',
      '/device/:id',
    ]);
    expect(paths(assembleRoutes(99, table))).not.toContain('/manager');
    expect(paths(assembleRoutes(100, table))).toEqual(expect.arrayContaining(['/manager', '/setting/users']));
    expect(paths(assembleRoutes(999, table))).not.toContain('/admin');
    expect(paths(assembleRoutes(1000, table))).toContain('/admin');
  });

  it('keeps a role meta only when the role is at most the level', () => {
    expect(paths(assembleRoutes(5, table))).not.toContain('/gold-role');
    expect(paths(assembleRoutes(6, table))).toContain('/gold-role');
  });

  it('on the real table a visitor sees monitoring and the personal center', () => {
    const seen = paths(assembleRoutes(0));
    expect(seen).toEqual(expect.arrayContaining(['/Equips', '/setting', '/setting/personalCenter']));
    expect(paths(assembleRoutes(-1))).not.toContain('/Equips');
  });

  it('on the real table diagrams and their project page are for a user (level 4) and up', () => {
    expect(paths(assembleRoutes(3))).not.toContain('/jujuda');
    expect(paths(assembleRoutes(4))).toEqual(expect.arrayContaining(['/jujuda', '/jujuda/jujudaHandle/:id']));
    expect(routeAllowed('/jujuda/jujudaHandle/0123', 3)).toBe(false);
    expect(routeAllowed('/jujuda/jujudaHandle/0123', 4)).toBe(true);
    expect(findRoute('/jujuda/jujudaHandle/0123')?.hidden).toBe(true);
  });
});

describe('routeChain and findRoute', () => {
  it('normalizes query, trailing slash and case', () => {
    expect(normalizePath('/a/b/?x=1')).toBe('/a/b');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/')).toBe('/');
    expect(routeChain('/SETTING/me/', table).map((e) => e.path)).toEqual(['/setting', '/setting/me']);
  });

  it('matches parameters and reports nothing for unknown paths', () => {
    expect(findRoute('/device/abc', table)?.titleKey).toBe('device');
    expect(routeChain('/nowhere', table)).toEqual([]);
    expect(findRoute('/Equips', routes)?.pinned).toBe(true);
  });
});

describe('routeAllowed', () => {
  it('refuses a route above the level, at the bound and one past it', () => {
    expect(routeAllowed('/user', 3, table)).toBe(false);
    expect(routeAllowed('/user', 4, table)).toBe(true);
    expect(routeAllowed('/manager', 99, table)).toBe(false);
    expect(routeAllowed('/manager', 100, table)).toBe(true);
    expect(routeAllowed('/admin', 999, table)).toBe(false);
    expect(routeAllowed('/admin', 1000, table)).toBe(true);
  });

  it('refuses a child when its parent is above the level', () => {
    expect(routeAllowed('/setting/me', 3, table)).toBe(false);
    expect(routeAllowed('/setting/me', 4, table)).toBe(true);
    expect(routeAllowed('/setting/users', 4, table)).toBe(false);
  });

  it('allows public, base and unknown routes (the not-found page answers the last)', () => {
    expect(routeAllowed('/login', -1, table)).toBe(true);
    expect(routeAllowed('/403', -1, table)).toBe(true);
    expect(routeAllowed('/base', -1, table)).toBe(true);
    expect(routeAllowed('/nowhere', -1, table)).toBe(true);
  });

  it('refuses the role meta below its role', () => {
    expect(routeAllowed('/gold-role', 5, table)).toBe(false);
    expect(routeAllowed('/gold-role?tab=1', 6, table)).toBe(true);
  });
});

describe('the Authority list after the thresholds (§2, §6)', () => {
  it('keeps a route needing an ability only for a user holding it', () => {
    expect(paths(assembleRoutes({ level: 4, access: ALL }, accessTable))).toContain('/writers');
    expect(paths(assembleRoutes({ level: 4, access: READER }, accessTable))).not.toContain('/writers');
    expect(routeAllowed('/writers', { level: 4, access: READER }, accessTable)).toBe(false);
    expect(routeAllowed('/writers', { level: 4, access: EDITOR }, accessTable)).toBe(true);
  });

  it('judges the level first: the access does not open a route above it', () => {
    expect(routeAllowed('/writers', { level: 3, access: ALL }, accessTable)).toBe(false);
    expect(routeAllowed('/writers', { level: 3, access: ADMIN }, accessTable)).toBe(false);
    expect(routeAllowed('/admin', { level: 999, access: ADMIN }, accessTable)).toBe(false);
  });

  it('a role list on a group cuts its children; a child may ask more', () => {
    expect(paths(assembleRoutes({ level: 0, access: ALL }, accessTable))).not.toContain('/editors/all');
    expect(paths(assembleRoutes({ level: 0, access: EDITOR }, accessTable))).toEqual(
      expect.arrayContaining(['/editors', '/editors/all', '/editors/no-guests']),
    );
    const guest = paths(assembleRoutes({ level: 0, access: GUEST_EDITOR }, accessTable));
    expect(guest).toContain('/editors/all');
    expect(guest).not.toContain('/editors/no-guests');
    expect(routeAllowed('/editors/no-guests', { level: 0, access: GUEST_EDITOR }, accessTable)).toBe(false);
    expect(routeAllowed('/editors/no-guests', { level: 0, access: ADMIN }, accessTable)).toBe(true);
  });

  it('refuses what needs access until the access is known; a bare level judges the level alone', () => {
    expect(routeAllowed('/writers', { level: 4, access: null }, accessTable)).toBe(false);
    expect(routeAllowed('/user', { level: 4, access: null }, accessTable)).toBe(true);
    expect(routeAllowed('/writers', 4, accessTable)).toBe(true);
  });

  it('on the real table adding equipment needs WRITE, and administration the level 1000', () => {
    expect(routeAllowed('/addEquips', { level: 4, access: ALL })).toBe(true);
    expect(routeAllowed('/addEquips', { level: 4, access: READER })).toBe(false);
    expect(routeAllowed('/admin/users', { level: 999, access: ALL })).toBe(false);
    expect(routeAllowed('/admin/users', { level: 1000, access: { ...ALL, admin: true } })).toBe(true);
    expect(paths(assembleRoutes({ level: 99, access: ALL }))).not.toContain('/admin');
  });

  it('gives a tenant administrator (100) the group /admin with its three pages, going to the first', () => {
    // GET /me's derived role says the account is a tenant's (100 without a tenant has nothing there).
    expect(paths(assembleRoutes({ level: 100, access: ALL }))).not.toContain('/admin');
    const manager = { level: 100, access: { ...ALL, roles: [TENANT_ADMIN_ROLE] } };
    const admin = assembleRoutes(manager).find((e) => e.path === '/admin');
    expect(admin?.children?.map((c) => c.path)).toEqual([
      '/admin/customRoutes',
      '/admin/valueAdded',
      '/admin/appReview',
    ]);
    // The table's redirect (/admin/users) is the administrators' own: the first page left instead.
    expect(admin?.redirect).toBe('/admin/customRoutes');
    expect(menuTree(assembleRoutes(manager)).find((n) => n.path === '/admin')?.target).toBe(
      '/admin/customRoutes',
    );
    expect(routeAllowed('/admin', manager)).toBe(true);
    expect(routeAllowed('/admin/customRoutes', manager)).toBe(true);
    expect(routeAllowed('/admin/users', manager)).toBe(false);
    expect(routeAllowed('/admin/tenants', manager)).toBe(false);
    expect(routeAllowed('/admin/notices', manager)).toBe(false);
    // An administrator keeps every page and the table's redirect.
    const full = assembleRoutes({ level: 1000, access: { ...ALL, admin: true } }).find(
      (e) => e.path === '/admin',
    );
    expect(full?.children?.map((c) => c.path)).toHaveLength(7);
    expect(full?.redirect).toBe('/admin/users');
  });
});
