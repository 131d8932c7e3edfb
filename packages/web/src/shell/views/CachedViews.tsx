/**
 * The main area's cached views (§2, §9: up to 20). Every visited page stays mounted, hidden
 * while another is shown, so it keeps its state; beyond 20 the least recently shown one goes,
 * and so does the view of a closed tab. A refresh bumps the view's generation to re-mount it.
 * Each view knows whether it is the one shown (./shown.ts).
 */
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useTabs } from '../tabs';
import { keepViews, touchView } from '../viewCache';
import { tabFor } from '../visit';
import { useShellRoutes } from '../useShellRoutes';
import ErrorBoundary from './ErrorBoundary';
import { useViewGenerations } from './refresh';
import { ViewShownContext } from './shown';

export default function CachedViews() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { entries } = useShellRoutes();
  const tabs = useTabs((s) => s.tabs);
  const generations = useViewGenerations((s) => s.generations);
  const elements = useRef(new Map<string, ReactNode>());
  const order = useRef<readonly string[]>([]);

  const key = tabFor(pathname, entries)?.path ?? null;
  if (key !== null) {
    // Bookkeeping during render is safe here: it is idempotent for the same location.
    elements.current.set(key, outlet);
    order.current = touchView(order.current, key);
  }
  order.current = keepViews(order.current, new Set(tabs.map((t) => t.path)), key ?? '');
  for (const k of [...elements.current.keys()]) if (!order.current.includes(k)) elements.current.delete(k);

  // One shape whatever is shown, so switching to an uncached page and back keeps the others.
  return (
    <>
      {order.current.map((k) => (
        <div key={`${k}:${generations[k] ?? 0}`} className="fl-view" hidden={k !== key}>
          <ViewShownContext.Provider value={k === key}>
            <ErrorBoundary>{elements.current.get(k)}</ErrorBoundary>
          </ViewShownContext.Provider>
        </div>
      ))}
      {key === null ? (
        // Not a view to keep (error pages, the refresh detour, not found): drawn on its own.
        <div key={`uncached:${pathname}`} className="fl-view">
          <ErrorBoundary>{outlet}</ErrorBoundary>
        </div>
      ) : null}
    </>
  );
}
