/**
 * How much larger than the design height (1080 px) the window is: 1 on a 1920×1080 screen, 2 on
 * 3840×2160. The wall's CSS sizes everything in vh; what is drawn in pixels by a library (chart
 * fonts, line widths) is multiplied by this.
 */
import { useSyncExternalStore } from 'react';

export const DESIGN_HEIGHT = 1080;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const read = (): number => {
  const height = typeof window === 'undefined' ? DESIGN_HEIGHT : window.innerHeight || DESIGN_HEIGHT;
  // Rounded, so a resize by a pixel or two does not redraw the charts.
  return Math.max(0.5, Math.round((height / DESIGN_HEIGHT) * 20) / 20);
};

export function useViewportScale(): number {
  return useSyncExternalStore(subscribe, read, () => 1);
}
