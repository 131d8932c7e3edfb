/**
 * What pages use to be sure the equipment is read: the directory (read at sign-in; read here if a
 * page is shown before that) and one device's record (read on selection when the background read
 * of every record has not brought it yet).
 */
import { useEffect, useState } from 'react';
import type { Equipment } from '../api/equipment';
import { useSession } from '../session/store';
import { useEquipmentStatus, useRecord } from './directory';
import type { LoadStatus } from './directory';
import { loadEquipment, loadRecord } from './loading';

export function useEquipmentLoaded(): {
  readonly status: LoadStatus;
  readonly error: string | null;
  readonly load: () => Promise<void>;
} {
  const { status, error } = useEquipmentStatus();
  useEffect(() => {
    if (status === 'idle' && useSession.getState().accessToken) void loadEquipment();
  }, [status]);
  return { status, error, load: loadEquipment };
}

/** The record of `id`, read when it is not held; the error of that read, if it failed. */
export function useRecordLoaded(id: number | null): {
  readonly record: Equipment | undefined;
  readonly error: unknown;
} {
  const record = useRecord(id);
  const [failure, setFailure] = useState<{ id: number; error: unknown } | null>(null);
  const missing = id !== null && record === undefined;
  useEffect(() => {
    if (!missing || id === null) return;
    let current = true;
    loadRecord(id).catch((error: unknown) => {
      if (current) setFailure({ id, error });
    });
    return () => {
      current = false;
    };
  }, [missing, id]);
  return { record, error: failure !== null && failure.id === id && missing ? failure.error : null };
}
