/** The window's width, following resizes, and whether it is a phone-sized screen (§9: < 992 px). */
import { useSyncExternalStore } from 'react';
import { isMobileWidth } from '../settings/settings';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth);
}

export function useMobile(): boolean {
  return isMobileWidth(useViewportWidth());
}
