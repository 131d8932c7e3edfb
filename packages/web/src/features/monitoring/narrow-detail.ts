/**
 * The monitoring page on a narrow screen (below 992 px, where it has one column): the tree, or the
 * opened device's (or group's) panel in the tree's place with a back control — never the panel
 * under a long tree, out of sight. Opening pushes an entry on the browser's history, so the
 * phone's back gesture returns to the tree as the back control does; a device opened by the
 * page's address (the map, the header search) takes that entry's place instead, and back from it
 * shows the tree. The panel opens at the top of the page; the tree comes back scrolled where it
 * was. Which of the two shows is the history entry's state, so it is the page's own: the menu,
 * the tabs and the header's equipment button come back to the tree.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMobile } from '../../shell/useViewport';
import { useViewShown, useWhileShown } from '../../shell/views/shown';

const DETAIL_KEY = 'monitoringDetail';

/** How the panel was opened: over the tree's entry (back returns to it), or in its place. */
type Opened = 'pushed' | 'replaced';

function openedOf(state: unknown): Opened | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Readonly<Record<string, unknown>>)[DETAIL_KEY];
  return value === 'pushed' || value === 'replaced' ? value : null;
}

/** How a choice opens the panel: a tap pushes an entry; the address's device replaces its own. */
export type OpenHow = 'push' | 'replace';

export interface NarrowDetail {
  /** One column: the tree and the panel are not shown together. */
  readonly narrow: boolean;
  /** On a narrow screen, the panel is shown in the tree's place. */
  readonly open: boolean;
  /** Shows the panel in the tree's place (on a narrow screen; nothing otherwise). */
  readonly show: (how: OpenHow) => void;
  /** Back to the tree. */
  readonly back: () => void;
}

export function useNarrowDetail(): NarrowDetail {
  const narrow = useMobile();
  const navigate = useNavigate();
  const shown = useViewShown();
  const location = useLocation();
  // While hidden behind another page, the location is that page's: this page keeps its own.
  const opened = openedOf(useWhileShown(location.state));
  const pathname = useWhileShown(location.pathname);
  const open = narrow && opened !== null;
  const openNow = useRef(open);
  openNow.current = open;
  const treeScroll = useRef(0);

  const show = useCallback(
    (how: OpenHow) => {
      if (!narrow || openNow.current) return;
      treeScroll.current = window.scrollY;
      // Without the query: the address's device was taken already and must not be taken again.
      void navigate(
        { pathname },
        { replace: how === 'replace', state: { [DETAIL_KEY]: how === 'push' ? 'pushed' : 'replaced' } },
      );
    },
    [narrow, navigate, pathname],
  );

  const back = useCallback(() => {
    if (opened === 'pushed') void navigate(-1);
    else void navigate({ pathname }, { replace: true });
  }, [opened, navigate, pathname]);

  // The panel is at the top of the page the moment it opens; the tree where the user left it.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current === open) return;
    wasOpen.current = open;
    if (shown && narrow) window.scrollTo(0, open ? 0 : treeScroll.current);
  }, [open, shown, narrow]);

  return { narrow, open, show, back };
}
