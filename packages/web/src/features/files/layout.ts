/**
 * The file manager's view (list or thumbnails, sort, page size), remembered per kind of space in
 * one saved user document (ftype `console-layout`, fname `file-manager`): `{ me: {...}, equipment:
 * {...}, … }`. A stored value the console no longer knows falls back to its default field by field,
 * so an old or hand-edited document never breaks the page.
 */
import { z } from 'zod';
import { SPACE_KINDS } from './paths';
import type { SpaceKind } from './paths';

export const LAYOUT_DOCUMENT = { ftype: 'console-layout', fname: 'file-manager' } as const;

/** How long a change of the view waits for the next before it is saved. */
export const LAYOUT_SAVE_DELAY_MS = 1000;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const SORT_KEYS = ['name', 'size', 'updatedAt'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'ascend' | 'descend';
export type FileView = 'list' | 'grid';

export interface FileLayout {
  readonly view: FileView;
  /** null: the server's order (by name). */
  readonly sortKey: SortKey | null;
  readonly sortOrder: SortOrder | null;
  readonly pageSize: number;
}

export type SavedLayouts = Readonly<Partial<Record<SpaceKind, FileLayout>>>;

export const DEFAULT_LAYOUT: FileLayout = {
  view: 'list',
  sortKey: 'name',
  sortOrder: 'ascend',
  pageSize: 20,
};

const StoredLayout = z.object({
  view: z.enum(['list', 'grid']).optional().catch(undefined),
  sortKey: z.enum(SORT_KEYS).nullable().optional().catch(undefined),
  sortOrder: z.enum(['ascend', 'descend']).nullable().optional().catch(undefined),
  pageSize: z
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});

/** The layouts of a saved document's context; what is missing or unknown takes its default. */
export function readLayouts(context: unknown): SavedLayouts {
  if (typeof context !== 'object' || context === null) return {};
  const saved: Partial<Record<SpaceKind, FileLayout>> = {};
  for (const kind of SPACE_KINDS) {
    const parsed = StoredLayout.safeParse((context as Record<string, unknown>)[kind]);
    if (!parsed.success) continue;
    const fields = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
    saved[kind] = { ...DEFAULT_LAYOUT, ...fields };
  }
  return saved;
}

export const layoutOf = (saved: SavedLayouts, kind: SpaceKind): FileLayout => saved[kind] ?? DEFAULT_LAYOUT;

export interface Timers {
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Runs `run` with the last value pushed once `delayMs` pass without another; `flush` runs it now. */
export function debounced<T>(
  run: (value: T) => void,
  delayMs: number,
  timers: Timers = realTimers,
): { push(value: T): void; flush(): void; cancel(): void } {
  let pending: { value: T } | null = null;
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const flush = () => {
    stop();
    if (pending === null) return;
    const { value } = pending;
    pending = null;
    run(value);
  };
  return {
    push(value) {
      pending = { value };
      stop();
      handle = timers.setTimeout(flush, delayMs);
    },
    flush,
    cancel() {
      stop();
      pending = null;
    },
  };
}
