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

export function useVisitTabs(entries: readonly RouteEntry[]): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { dispatch } = useTabs.getState();
    for (const tab of pinnedTabs(entries)) dispatch({ type: 'visit', tab }, pathname);
    const tab = tabFor(pathname, entries);
    if (tab) dispatch({ type: 'visit', tab }, pathname);
  }, [pathname, entries]);
}
