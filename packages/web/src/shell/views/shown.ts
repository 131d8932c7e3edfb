/**
 * Whether the cached view a component is in is the one shown (CachedViews). A hidden view stays
 * mounted to keep its state, but need not redraw what nobody sees: a map of every device or a
 * chart over the live counters follows the store only while shown, and catches up when shown again.
 */
import { createContext, useContext, useRef } from 'react';

export const ViewShownContext = createContext(true);

/** True outside cached views (a page drawn on its own, a test). */
export function useViewShown(): boolean {
  return useContext(ViewShownContext);
}

/** `value` while the view is shown; while hidden, the last value it had when shown. */
export function useWhileShown<T>(value: T): T {
  const shown = useViewShown();
  const kept = useRef(value);
  if (shown) kept.current = value;
  return kept.current;
}
