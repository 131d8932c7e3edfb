/**
 * Which routes a signed-in user reaches, from GET /me (§2): the base routes always, the groups
 * from their thresholds of the numeric authority level up, a route with a role meta only when
 * that role number is at most the user's level; then the user's Authority list (§6's admin flag,
 * roles and abilities, session/access.ts) filters the routes that name an `access` need.
 */
import { matchPath } from 'react-router';
import { can } from '../session/access';
import type { Access } from '../session/access';
import { routes } from './table';
import type { RouteEntry } from './table';

/**
 * Who asks: the authority level and the access of GET /me (null until it has answered, when a
 * route needing roles or abilities is refused). A bare level judges the level alone, as the
 * callers that know nothing of roles do.
 */
export type RouteViewer = number | { readonly level: number; readonly access: Access | null };

const levelOf = (viewer: RouteViewer): number => (typeof viewer === 'number' ? viewer : viewer.level);

/** The authority groups of §2, lowest first; a level reaches every group whose `min` it meets. */
export const AUTHORITY_GROUPS = [
  { name: 'visitor', min: 0 },
  { name: 'user', min: 4 },
  { name: 'silver', min: 5 },
  { name: 'gold', min: 6 },
  { name: 'extraGold', min: 7 },
  { name: 'diamond', min: 8 },
  { name: 'test', min: 10 },
  { name: 'manager', min: 100 },
  { name: 'admin', min: 1000 },
] as const;

export type AuthorityGroup = (typeof AUTHORITY_GROUPS)[number]['name'];

/** Every group the level reaches, lowest first (none below 0). */
export function authorityGroups(level: number): AuthorityGroup[] {
  return AUTHORITY_GROUPS.filter((g) => level >= g.min).map((g) => g.name);
}

/**
 * An account below every threshold has no operating role: it is signed in but may see nothing
 * past the base routes, and is sent to the no-operating-role page.
 */
export function hasOperatingRole(level: number): boolean {
  return authorityGroups(level).length > 0;
}

/** Whether the entry itself (not its parents) is open to the viewer: level thresholds, then access. */
export function entryAllowed(entry: RouteEntry, viewer: RouteViewer): boolean {
  const level = levelOf(viewer);
  if (entry.level !== undefined && level < entry.level) return false;
  if (entry.role !== undefined && entry.role > level) return false;
  if (entry.access !== undefined && typeof viewer !== 'number') return can(viewer.access, entry.access);
  return true;
}

/**
 * The table cut down to what the viewer reaches; children inherit their parent's cut. A group
 * whose redirect led to a child the viewer does not reach (a tenant administrator in /admin, whose
 * first page is the administrators' own) goes to its first child left in the menu instead.
 */
export function assembleRoutes(viewer: RouteViewer, entries: readonly RouteEntry[] = routes): RouteEntry[] {
  return entries
    .filter((e) => entryAllowed(e, viewer))
    .map((e) => {
      if (!e.children) return e;
      const children = assembleRoutes(viewer, e.children);
      return { ...e, children, ...reachableRedirect(e, children) };
    });
}

function reachableRedirect(group: RouteEntry, children: readonly RouteEntry[]): { redirect?: string } {
  const target = group.redirect;
  if (target === undefined) return {};
  const own = normalizePath(target).toLowerCase().startsWith(`${group.path.toLowerCase()}/`);
  const cut = (group.children ?? []).some((c) => routeChain(target, [c]).length > 0);
  if (!own || !cut || routeChain(target, children).length > 0) return {};
  const first = children.find((c) => !c.hidden && !c.path.includes(':'));
  return first ? { redirect: first.redirect ?? first.path } : {};
}

/** The path without query, hash or trailing slash ('/' stays '/'). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The chain of entries from the top level down to the one whose path matches, or [] when no
 * entry matches. Matching ignores case, as the router does.
 */
export function routeChain(path: string, entries: readonly RouteEntry[] = routes): RouteEntry[] {
  const target = normalizePath(path);
  for (const entry of entries) {
    if (matchPath({ path: entry.path, caseSensitive: false, end: true }, target)) return [entry];
    const below = routeChain(target, entry.children ?? []);
    if (below.length > 0) return [entry, ...below];
  }
  return [];
}

/** The table entry for a path, if any. */
export function findRoute(path: string, entries: readonly RouteEntry[] = routes): RouteEntry | undefined {
  return routeChain(path, entries).at(-1);
}

/**
 * Whether a signed-in viewer may open the path. Unknown paths are allowed so the not-found page
 * answers them; public routes are open to all; otherwise every entry on the way down must be open
 * to the viewer. The navigation guard sends a refusal to /403.
 */
export function routeAllowed(
  path: string,
  viewer: RouteViewer,
  entries: readonly RouteEntry[] = routes,
): boolean {
  const chain = routeChain(path, entries);
  if (chain.length === 0) return true;
  if (chain.at(-1)?.public) return true;
  return chain.every((e) => entryAllowed(e, viewer));
}
