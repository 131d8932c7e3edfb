/**
 * The turn of the rotating slots: one timer for the whole wall, every `intervalMs` while it runs.
 * The turn counts round a cycle every slot's length divides (slots hold 1 to 4 panels), so it
 * stays a small number however long the wall runs; its timer goes with the page.
 */
import { useEffect, useState } from 'react';

/** 1, 2, 3 and 4 divide it: a slot of any of these lengths comes back to its first panel. */
export const ROTATION_CYCLE = 12;

/** The panel of `panels` a slot shows at turn `turn`. */
export function panelAt<T>(panels: readonly T[], turn: number): T | undefined {
  return panels.length === 0 ? undefined : panels[turn % panels.length];
}

/** The turn now: advances every `intervalMs` while `running`; held (not reset) while paused. */
export function useRotation(intervalMs: number, running: boolean): number {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (!running || !(intervalMs > 0)) return undefined;
    const timer = setInterval(() => setTurn((t) => (t + 1) % ROTATION_CYCLE), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, running]);
  return turn;
}
