/**
 * The view of the file manager for one kind of space, read once from the saved document and saved
 * back a moment after the user stops changing it (and at once when the manager closes). Neither a
 * missing document nor a failed read or save is the user's concern: defaults apply, the console
 * logs it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { readDocument, saveDocument } from '../../api/files';
import { ApiError } from '../../api/http';
import { debounced, LAYOUT_DOCUMENT, LAYOUT_SAVE_DELAY_MS, layoutOf, readLayouts } from './layout';
import type { FileLayout, SavedLayouts } from './layout';
import type { SpaceKind } from './paths';

export const layoutQueryKey = ['documents', LAYOUT_DOCUMENT.ftype, LAYOUT_DOCUMENT.fname] as const;

async function loadLayouts(): Promise<SavedLayouts> {
  try {
    const document = await readDocument(LAYOUT_DOCUMENT.ftype, LAYOUT_DOCUMENT.fname);
    return readLayouts(document.context);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404))
      console.warn('file manager layout not read; the default view applies', error);
    return {};
  }
}

export function useFileLayout(
  kind: SpaceKind,
  saveDelayMs = LAYOUT_SAVE_DELAY_MS,
): readonly [FileLayout, (change: Partial<FileLayout>) => void] {
  const client = useQueryClient();
  const saved = useQuery({
    queryKey: layoutQueryKey,
    queryFn: loadLayouts,
    staleTime: Infinity,
    retry: false,
  });
  const saver = useMemo(
    () =>
      debounced((layouts: SavedLayouts) => {
        saveDocument(LAYOUT_DOCUMENT.ftype, LAYOUT_DOCUMENT.fname, layouts).catch((error: unknown) =>
          console.warn('file manager layout not saved', error),
        );
      }, saveDelayMs),
    [saveDelayMs],
  );
  useEffect(() => () => saver.flush(), [saver]);

  const change = useCallback(
    (patch: Partial<FileLayout>) => {
      // A read still under way would put back what the user just changed.
      void client.cancelQueries({ queryKey: layoutQueryKey });
      const current = client.getQueryData<SavedLayouts>(layoutQueryKey) ?? {};
      const next: SavedLayouts = { ...current, [kind]: { ...layoutOf(current, kind), ...patch } };
      client.setQueryData(layoutQueryKey, next);
      saver.push(next);
    },
    [client, kind, saver],
  );
  return [layoutOf(saved.data ?? {}, kind), change] as const;
}
