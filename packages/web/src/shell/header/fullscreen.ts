/** Full screen of the whole page; a browser without it (or refusing it) rejects. */
import { useSyncExternalStore } from 'react';

export async function toggleFullScreen(doc: Document = document): Promise<void> {
  if (doc.fullscreenElement) {
    await doc.exitFullscreen();
    return;
  }
  const root = doc.documentElement;
  if (!doc.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
    throw new Error('full screen is not available');
  }
  await root.requestFullscreen();
}

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

export function useIsFullScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null && document.fullscreenElement !== undefined,
  );
}
