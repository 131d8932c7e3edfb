import { describe, expect, it } from 'vitest';
import type { MyCustomRoute, UserApp } from '../../api/apps';
import { assembleRoutes, findRoute } from '../../routes/access';
import { breadcrumb, menuTree, pageTitle } from '../../routes/navigation';
import type { RouteEntry } from '../../routes/table';
import { tabFor } from '../../shell/visit';
import {
  customRouteRedirect,
  findCustomApp,
  userAppPath,
  withCustomRoutes,
  withUserApps,
} from './custom-routes';

const meter: MyCustomRoute = {
  id: 1,
  name: 'meters',
  title: 'Meter reading',
  icon: 'DashboardOutlined',
  sort: 0,
  children: [
    { name: 'daily', title: 'Daily', url: 'https://apps.example.com/meter/', defaultUrl: '/day' },
    { name: 'weekly', title: 'Weekly', url: 'https://apps.example.com/meter/', defaultUrl: '#/week' },
  ],
};
const empty: MyCustomRoute = { id: 2, name: 'soon', title: 'Coming soon', icon: null, sort: 1, children: [] };

const paths = (entries: readonly RouteEntry[]) => entries.map((e) => e.path);

function app(id: number, name: string, status: UserApp['status'], ownerId = 7): UserApp {
  return {
    id,
    name,
    title: `App ${name}`,
    url: 'https://apps.example.com/',
    defaultUrl: null,
    icon: null,
    description: '',
    ownerId,
    ownerName: 'alice',
    status,
    reviewNote: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    reviewedAt: null,
  };
}

describe('custom routes in the route entries (§2)', () => {
  const user = assembleRoutes({ level: 4, access: { admin: false, roles: [], abilities: ['READ'] } });

  it('injects them before /setting, in the server’s order', () => {
    const merged = withCustomRoutes(user, [meter, empty]);
    const at = paths(merged).indexOf('/setting');
    expect(paths(merged).slice(at - 2, at + 1)).toEqual(['/meters', '/soon', '/setting']);
    // Nothing else moved.
    expect(paths(merged).filter((p) => p !== '/meters' && p !== '/soon')).toEqual(paths(user));
    // Without /setting (not in the entries) they go last.
    const noSetting = user.filter((e) => e.path !== '/setting');
    expect(paths(withCustomRoutes(noSetting, [meter])).at(-1)).toBe('/meters');
  });

  it('goes to the first child, or to /appaudit/CreatApp without children', () => {
    expect(customRouteRedirect(meter)).toBe('/meters/daily');
    expect(customRouteRedirect(empty)).toBe('/appaudit/CreatApp');
    const merged = withCustomRoutes(user, [meter, empty]);
    expect(findRoute('/meters', merged)?.redirect).toBe('/meters/daily');
    expect(findRoute('/soon', merged)?.redirect).toBe('/appaudit/CreatApp');
    expect(findRoute('/soon', merged)?.children).toBeUndefined();
  });

  it('makes each child a micro-app with its literal title, shown by menus, crumbs, tabs and titles', () => {
    const merged = withCustomRoutes(user, [meter]);
    const child = findRoute('/meters/weekly', merged);
    expect(child?.title).toBe('Weekly');
    expect(child?.app).toEqual({
      name: 'weekly',
      url: 'https://apps.example.com/meter/',
      defaultUrl: '#/week',
    });
    expect(child?.page).toBeDefined();
    const node = menuTree(merged).find((n) => n.path === '/meters');
    expect(node?.title).toBe('Meter reading');
    expect(node?.icon).toBe('DashboardOutlined');
    expect(node?.target).toBe('/meters/daily');
    expect(node?.children.map((c) => [c.path, c.title])).toEqual([
      ['/meters/daily', 'Daily'],
      ['/meters/weekly', 'Weekly'],
    ]);
    expect(breadcrumb('/meters/weekly', merged).map((c) => c.title)).toEqual(['Meter reading', 'Weekly']);
    expect(tabFor('/meters/weekly', merged)).toMatchObject({ path: '/meters/weekly', title: 'Weekly' });
    expect(pageTitle('/meters/weekly', merged, (k) => k, 'Acme')).toBe('Weekly - Acme');
  });

  it('leaves out a route whose name the console or an earlier route takes', () => {
    const taken: MyCustomRoute[] = [
      { ...meter, id: 3, name: 'History' },
      { ...meter, id: 4, name: 'admin' },
      { ...meter, id: 5 },
      { ...meter, id: 6, name: 'METERS' },
    ];
    const merged = withCustomRoutes(user, taken);
    expect(paths(merged).filter((p) => !paths(user).includes(p))).toEqual(['/meters']);
    expect(findRoute('/history', merged)?.titleKey).toBe('shell.routes.history');
  });

  it('finds the child an address opens, names in any case', () => {
    expect(findCustomApp([meter], 'Meters', 'WEEKLY')?.child.title).toBe('Weekly');
    expect(findCustomApp([meter], 'meters', 'monthly')).toBeNull();
    expect(findCustomApp([meter], 'other', 'daily')).toBeNull();
  });
});

describe('the apps the user sees under /appaudit', () => {
  const user = assembleRoutes({ level: 4, access: null });

  it('lists own and approved apps after the registration page, not rejected ones', () => {
    const merged = withUserApps(user, [
      app(5, 'mine', 'pending'),
      app(6, 'shared', 'approved', 9),
      app(7, 'no', 'rejected'),
    ]);
    const group = merged.find((e) => e.path === '/appaudit');
    expect(paths(group?.children ?? [])).toEqual([
      '/appaudit/CreatApp',
      userAppPath(5),
      userAppPath(6),
      '/appaudit/app/:id',
    ]);
    expect(findRoute('/appaudit/app/6', merged)?.title).toBe('App shared');
    // A rejected app is still reached by its address (its owner opens it from the list).
    expect(findRoute('/appaudit/app/7', merged)?.path).toBe('/appaudit/app/:id');
    expect(
      menuTree(merged)
        .find((n) => n.path === '/appaudit')
        ?.children.map((c) => c.title ?? c.titleKey),
    ).toEqual(['shell.routes.createApp', 'App mine', 'App shared']);
  });

  it('changes nothing for a user without the group', () => {
    const visitor = assembleRoutes({ level: 0, access: null });
    expect(withUserApps(visitor, [app(5, 'mine', 'approved')])).toEqual(visitor);
  });
});
