/**
 * Which visits make a tab and a cached view: pages of the table inside the frame, not the
 * refresh detour, the error pages or an unknown path (the not-found page).
 */
import { findRoute } from '../routes/access';
import { flatten } from '../routes/table';
import type { RouteEntry } from '../routes/table';
import type { VisitedTab } from './tabs';
import { isRedirectPath } from './views/refresh';

const NOT_VIEWS = new Set(['/403', '/noRole']);

/** The tab a visit to `pathname` makes, keyed by the table's spelling of the path. */
export function tabFor(pathname: string, entries: readonly RouteEntry[]): VisitedTab | null {
  if (isRedirectPath(pathname)) return null;
  const entry = findRoute(pathname, entries);
  if (!entry || !entry.page || entry.bare || entry.public || NOT_VIEWS.has(entry.path)) return null;
  const path = /[:*]/.test(entry.path) ? pathname : entry.path;
  const tab: VisitedTab = {
    path,
    titleKey: entry.titleKey,
    pinned: entry.pinned === true,
    ...(entry.title !== undefined ? { title: entry.title } : {}),
  };
  return entry.icon ? { ...tab, icon: entry.icon } : tab;
}

/** The pinned tabs the user has from the start. */
export function pinnedTabs(entries: readonly RouteEntry[]): VisitedTab[] {
  return flatten(entries)
    .filter((e) => e.pinned && !/[:*]/.test(e.path))
    .map((e) => tabFor(e.path, entries))
    .filter((t): t is VisitedTab => t !== null);
}
