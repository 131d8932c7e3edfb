/**
 * The query parameters of the page a component is in: they belong to that page alone. A cached
 * view stays mounted while another page is shown (CachedViews), and react-router's location is
 * always the shown page's, so a hidden page reading `useSearchParams` would read another page's
 * query, and writing it would put its parameters into that page's address (`/system?id=7`).
 * Through this hook a hidden page keeps the parameters it had when last shown and its writes are
 * dropped; outside cached views (bare pages, tests) it is useSearchParams as it is.
 */
import { useCallback, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { NavigateOptions } from 'react-router';
import { useViewShown, useWhileShown } from './shown';

export type PageParamsInit = Readonly<Record<string, string>> | URLSearchParams;

/** Writes the page's own query (only while it is shown). */
export type SetPageParams = (next: PageParamsInit, options?: NavigateOptions) => void;

export function usePageParams(): readonly [URLSearchParams, SetPageParams] {
  const shown = useViewShown();
  const [params, setParams] = useSearchParams();
  const kept = useWhileShown(params);
  // Read at the call, not at the render that made the callback: a write that a hidden page's
  // effect or a late promise makes must not land in the shown page's address.
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const set = useCallback<SetPageParams>(
    (next, options) => {
      if (!shownNow.current) return;
      setParams(next instanceof URLSearchParams ? next : { ...next }, options);
    },
    [setParams],
  );
  return [kept, set] as const;
}

/**
 * The key of the page's current visit: each navigation to it (a link, a tab, the back button) is
 * a new one; while the page is hidden, the key of its last visit.
 */
export function usePageVisit(): string {
  return useWhileShown(useLocation().key);
}
