/**
 * Routes made from data (§2): the custom routes the user sees become top-level entries injected
 * before `/setting`, each going to its first child (or to `/appaudit/CreatApp` without children),
 * its children `/{name}/{child}` micro-apps drawn by the host; the apps the user sees become
 * children of the `/appaudit` group at `/appaudit/app/{id}`. Made by the shell (useShellRoutes),
 * so menus, breadcrumb, tabs, search and page titles show them like the table's own routes. Which
 * user sees which route (tenant, user-id condition) the server has judged: this only draws.
 */
import { RESERVED_ROUTE_NAMES } from '@fieldlink/protocol';
import type { MyCustomRoute, UserApp } from '../../api/apps';
import type { MessageKey } from '../../i18n';
import { CUSTOM_ROUTE_PAGES } from '../../routes/table';
import type { RouteEntry } from '../../routes/table';

/** Where a custom route without children goes (§2). */
export const CUSTOM_ROUTE_DEFAULT_REDIRECT = '/appaudit/CreatApp';
/** The entry the custom routes are injected before (§2). */
export const INJECT_BEFORE = '/setting';
export const APPS_GROUP_PATH = '/appaudit';
export const USER_APP_PATTERN = '/appaudit/app/:id';

/** Title keys of made routes; their literal titles win (they are what menus and tabs show). */
const CUSTOM_ROUTE_TITLE_KEY: MessageKey = 'shell.routes.customRoute';
const USER_APP_TITLE_KEY: MessageKey = 'shell.routes.userApp';

export const userAppPath = (id: number): string => `/appaudit/app/${id}`;

type Page = RouteEntry['page'];

/** Where a custom route's own address goes: its first child, else /appaudit/CreatApp. */
export function customRouteRedirect(route: Pick<MyCustomRoute, 'name' | 'children'>): string {
  const first = route.children[0];
  return first ? `/${route.name}/${first.name}` : CUSTOM_ROUTE_DEFAULT_REDIRECT;
}

/** The custom route and child a `/{name}/{child}` address opens (names match in any case). */
export function findCustomApp(
  routes: readonly MyCustomRoute[],
  name: string,
  child: string,
): { route: MyCustomRoute; child: MyCustomRoute['children'][number] } | null {
  const route = routes.find((r) => r.name.toLowerCase() === name.toLowerCase());
  const found = route?.children.find((c) => c.name.toLowerCase() === child.toLowerCase());
  return route && found ? { route, child: found } : null;
}

const firstSegment = (path: string): string => (path.split('/')[1] ?? '').toLowerCase();

/** One custom route as a top-level entry with its children. */
export function customRouteEntry(route: MyCustomRoute, page: Page = CUSTOM_ROUTE_PAGES.app): RouteEntry {
  const children = route.children.map((child): RouteEntry => ({
    path: `/${route.name}/${child.name}`,
    titleKey: CUSTOM_ROUTE_TITLE_KEY,
    title: child.title,
    ...(route.icon ? { icon: route.icon } : {}),
    app: { name: child.name, url: child.url, defaultUrl: child.defaultUrl },
    page,
  }));
  return {
    path: `/${route.name}`,
    titleKey: CUSTOM_ROUTE_TITLE_KEY,
    title: route.title,
    ...(route.icon ? { icon: route.icon } : {}),
    redirect: customRouteRedirect(route),
    ...(children.length > 0 ? { children } : {}),
  };
}

/**
 * The entries with the custom routes injected before `/setting` (at the end without it), in the
 * server's order. A route whose name the console uses (a table entry, a reserved name) or an
 * earlier custom route already takes is left out: the server refuses the console's names, and two
 * routes of one name could not both be reached.
 */
export function withCustomRoutes(
  entries: readonly RouteEntry[],
  custom: readonly MyCustomRoute[],
  page: Page = CUSTOM_ROUTE_PAGES.app,
): RouteEntry[] {
  if (custom.length === 0) return [...entries];
  const taken = new Set([
    ...RESERVED_ROUTE_NAMES.map((name) => name.toLowerCase()),
    ...entries.map((e) => firstSegment(e.path)),
  ]);
  const made: RouteEntry[] = [];
  for (const route of custom) {
    const name = route.name.toLowerCase();
    if (taken.has(name)) continue;
    taken.add(name);
    made.push(customRouteEntry(route, page));
  }
  const at = entries.findIndex((e) => e.path.toLowerCase() === INJECT_BEFORE);
  const index = at < 0 ? entries.length : at;
  return [...entries.slice(0, index), ...made, ...entries.slice(index)];
}

/**
 * The `/appaudit` group (when the user reaches it) with one child per app the user sees, after
 * `/appaudit/CreatApp`: the user's own and the approved apps, not a rejected one (its owner opens
 * it from the list on /appaudit/CreatApp, where the reviewer's note is).
 */
export function withUserApps(entries: readonly RouteEntry[], apps: readonly UserApp[]): RouteEntry[] {
  return entries.map((group) => {
    if (group.path !== APPS_GROUP_PATH || !group.children) return group;
    const pattern = group.children.find((c) => c.path === USER_APP_PATTERN);
    const made = apps
      .filter((app) => app.status !== 'rejected')
      .map((app): RouteEntry => ({
        path: userAppPath(app.id),
        titleKey: USER_APP_TITLE_KEY,
        title: app.title,
        icon: app.icon ?? 'AppstoreOutlined',
        app: { name: app.name, url: app.url, defaultUrl: app.defaultUrl },
        ...(pattern?.page ? { page: pattern.page } : {}),
      }));
    if (made.length === 0) return group;
    const fixed = group.children.filter((c) => c !== pattern);
    return { ...group, children: [...fixed, ...made, ...(pattern ? [pattern] : [])] };
  });
}
