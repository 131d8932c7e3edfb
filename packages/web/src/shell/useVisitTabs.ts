/** Every visit adds its tab; the pinned tabs come first. Sign-out forgets them (§4). */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { RouteEntry } from '../routes/table';
import { onSignOut } from '../session/lifecycle';
import { clearNotices } from './notices';
import { resetTabs, useTabs } from './tabs';
import { pinnedTabs, tabFor } from './visit';

onSignOut(() => {
  resetTabs();
  clearNotices();
});

/**
 * Each navigation counts as a visit, keyed by the location's own key and not only its path:
 * navigations that come in one render (a tab closed, the console moved to the last tab, and a link
 * straight back) may end on the path rendered before, and the page must get its tab back.
 */
export function useVisitTabs(entries: readonly RouteEntry[]): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    const { dispatch } = useTabs.getState();
    for (const tab of pinnedTabs(entries)) dispatch({ type: 'visit', tab }, pathname);
    const tab = tabFor(pathname, entries);
    if (tab) dispatch({ type: 'visit', tab }, pathname);
  }, [pathname, key, entries]);
}
