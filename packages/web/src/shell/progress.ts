/** The top progress bar on navigation (§2, §9: speed 500 ms, trickle 200 ms), when switched on. */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const PROGRESS_SPEED_MS = 500;
export const PROGRESS_TRICKLE_MS = 200;

NProgress.configure({ speed: PROGRESS_SPEED_MS, trickleSpeed: PROGRESS_TRICKLE_MS, showSpinner: false });

export function useRouteProgress(enabled: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    NProgress.start();
    // The view is committed by now; finishing on the next frames lets the bar be seen running.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => NProgress.done());
    });
    return () => {
      cancelAnimationFrame(frame);
      NProgress.done();
    };
  }, [pathname, enabled]);
}
