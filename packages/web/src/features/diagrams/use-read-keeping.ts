/**
 * Keeps the values of a diagram's or a scene's equipment fresh: the
 * live service reads only the selected device, so each bound equipment is read at once and again
 * whenever nothing was pushed for it for 30 s (readIfStale; each try every 5 s until the live
 * channel is up).
 */
import { useEffect } from 'react';
import { readIfStale } from '../../live/service';

export const READ_CHECK_MS = 5_000;

export function useReadKeeping(equipment: readonly number[]): void {
  const key = equipment.join(',');
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    if (ids.length === 0) return undefined;
    const read = (): void => {
      for (const id of ids) readIfStale(id);
    };
    read();
    const timer = setInterval(read, READ_CHECK_MS);
    return () => clearInterval(timer);
  }, [key]);
}
