/**
 * Visited tabs (§2): added on visit; closed singly, the others, those left or right of one, or
 * all but the pinned. The reducer is pure; the store below holds the list for the shell.
 */
import { create } from 'zustand';
import type { MessageKey } from '../i18n';

export interface VisitedTab {
  readonly path: string;
  readonly titleKey: MessageKey;
  /** A title shown as it is (a device's name), for routes made from data. */
  readonly title?: string;
  readonly icon?: string;
  /** Pinned tabs (route `pinned`) survive every close. */
  readonly pinned: boolean;
}

export type TabAction =
  | { readonly type: 'visit'; readonly tab: VisitedTab }
  | { readonly type: 'close'; readonly path: string }
  | { readonly type: 'closeOthers'; readonly path: string }
  | { readonly type: 'closeLeft'; readonly path: string }
  | { readonly type: 'closeRight'; readonly path: string }
  | { readonly type: 'closeAll' }
  | { readonly type: 'reset'; readonly tabs: readonly VisitedTab[] };

export function reduceTabs(tabs: readonly VisitedTab[], action: TabAction): readonly VisitedTab[] {
  switch (action.type) {
    case 'visit': {
      const at = tabs.findIndex((t) => t.path === action.tab.path);
      if (at < 0) return [...tabs, action.tab];
      // A revisit keeps the tab's place; only the title may have changed (a renamed device).
      const old = tabs[at];
      if (
        old &&
        old.titleKey === action.tab.titleKey &&
        old.title === action.tab.title &&
        old.icon === action.tab.icon
      )
        return tabs;
      return tabs.map((t, i) => (i === at ? { ...action.tab, pinned: t.pinned || action.tab.pinned } : t));
    }
    case 'close':
      return tabs.filter((t) => t.pinned || t.path !== action.path);
    case 'closeOthers':
      return tabs.filter((t) => t.pinned || t.path === action.path);
    case 'closeLeft': {
      const at = tabs.findIndex((t) => t.path === action.path);
      return at < 0 ? tabs : tabs.filter((t, i) => t.pinned || i >= at);
    }
    case 'closeRight': {
      const at = tabs.findIndex((t) => t.path === action.path);
      return at < 0 ? tabs : tabs.filter((t, i) => t.pinned || i <= at);
    }
    case 'closeAll':
      return tabs.filter((t) => t.pinned);
    case 'reset':
      return action.tabs;
  }
}

/**
 * Where to go after tabs closed: nowhere when the active tab survived, else the last remaining
 * tab, else '/'.
 */
export function pathAfterClose(remaining: readonly VisitedTab[], activePath: string): string | null {
  if (remaining.some((t) => t.path === activePath)) return null;
  return remaining.at(-1)?.path ?? '/';
}

interface TabsState {
  readonly tabs: readonly VisitedTab[];
  /** Applies the action and returns where to navigate (null: stay). */
  dispatch(action: TabAction, activePath: string): string | null;
}

export const useTabs = create<TabsState>()((set, get) => ({
  tabs: [],
  dispatch: (action, activePath) => {
    const tabs = reduceTabs(get().tabs, action);
    if (tabs !== get().tabs) set({ tabs });
    return action.type === 'visit' || action.type === 'reset' ? null : pathAfterClose(tabs, activePath);
  },
}));

/** Forget every visited tab (sign-out). */
export function resetTabs(): void {
  useTabs.setState({ tabs: [] });
}
