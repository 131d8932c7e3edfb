/**
 * The big screen's layout, read once from the saved document and saved back a moment after the
 * user stops changing it (and at once when the page closes). A missing document is the default
 * layout; a failed read or save is logged and the wall carries on with what it shows.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { readDocument, saveDocument } from '../../api/files';
import { ApiError } from '../../api/http';
import { debounced } from '../files/layout';
import { DEFAULT_WALL, LAYOUT_DOCUMENT, LAYOUT_SAVE_DELAY_MS, readWall } from './layout';
import type { WallLayout } from './layout';

export const wallLayoutKey = ['documents', LAYOUT_DOCUMENT.ftype, LAYOUT_DOCUMENT.fname] as const;

async function loadWall(): Promise<WallLayout> {
  try {
    const document = await readDocument(LAYOUT_DOCUMENT.ftype, LAYOUT_DOCUMENT.fname);
    return readWall(document.context);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404))
      console.warn('big screen layout not read; the default layout applies', error);
    return DEFAULT_WALL;
  }
}

export interface WallLayoutState {
  readonly layout: WallLayout;
  /** False until the saved layout has been read (or found missing). */
  readonly ready: boolean;
  change(patch: Partial<WallLayout>): void;
}

export function useWallLayout(saveDelayMs = LAYOUT_SAVE_DELAY_MS): WallLayoutState {
  const client = useQueryClient();
  const saved = useQuery({ queryKey: wallLayoutKey, queryFn: loadWall, staleTime: Infinity, retry: false });
  const saver = useMemo(
    () =>
      debounced((layout: WallLayout) => {
        saveDocument(LAYOUT_DOCUMENT.ftype, LAYOUT_DOCUMENT.fname, layout).catch((error: unknown) =>
          console.warn('big screen layout not saved', error),
        );
      }, saveDelayMs),
    [saveDelayMs],
  );
  useEffect(() => {
    // A reload or a closed tab still saves the last change.
    const flush = (): void => saver.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      saver.flush();
    };
  }, [saver]);

  const change = useCallback(
    (patch: Partial<WallLayout>) => {
      // A read still under way would put back what the user just changed.
      void client.cancelQueries({ queryKey: wallLayoutKey });
      const current = client.getQueryData<WallLayout>(wallLayoutKey) ?? DEFAULT_WALL;
      const next: WallLayout = { ...current, ...patch };
      client.setQueryData(wallLayoutKey, next);
      saver.push(next);
    },
    [client, saver],
  );
  return { layout: saved.data ?? DEFAULT_WALL, ready: saved.data !== undefined, change };
}
