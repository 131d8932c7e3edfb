/**
 * When the console reads its equipment from the server (spec §4): the directory and then every
 * record in the background once per sign-in, the directory again after a reconnect, the full
 * refresh after an edit, a delete or a share change, one record on selection or after its change.
 * What is read goes into TanStack Query (directory.ts); each tree read hands its flags to the
 * equipment store, and each record read the register blocks its device refused; the store keeps
 * them moving with the pushes.
 */
import type { Equipment } from '../api/equipment';
import { getEquipment } from '../api/equipment';
import { queryClient } from '../app/query-client';
import { directory, directoryQuery, equipmentKeys, recordsQuery } from './directory';
import type { Directory, Records } from './directory';
import { useEquipmentStore } from './store';

// A load started later wins over one still running (sign-out and sign-in in quick succession).
let generation = 0;

/** Counts the resets (sign-outs): work begun before one is not finished after it. */
export function equipmentGeneration(): number {
  return generation;
}

/** Whether the directory has been read or is being read (a refresh before that has no work). */
function started(): boolean {
  const state = queryClient.getQueryState(equipmentKeys.directory);
  return state !== undefined && (state.data !== undefined || state.fetchStatus === 'fetching');
}

/** Reads the directory anew (a read already running is joined) and hands its flags on. */
async function readDirectory(mine: number): Promise<Directory | null> {
  const dir = await queryClient.fetchQuery({ ...directoryQuery, staleTime: 0 });
  if (mine !== generation) return null;
  useEquipmentStore.getState().adopt(dir);
  return dir;
}

/**
 * Every record of the user's devices. Without them the tree still works (a selected device reads
 * its own record) and the records already held stay.
 */
async function readRecords(): Promise<void> {
  const mine = generation;
  try {
    const byId = await queryClient.fetchQuery({ ...recordsQuery, staleTime: 0 });
    if (mine === generation) useEquipmentStore.getState().adoptRecords(Object.values(byId));
  } catch {
    // The next load or refresh tries again.
  }
}

/** Every record again (a page that needs them all and finds some missing). */
export function loadAllRecords(): Promise<void> {
  return started() ? readRecords() : Promise.resolve();
}

/** Types and tree, then every record in the background. A failed read shows on the pages. */
export async function loadEquipment(): Promise<void> {
  const mine = generation;
  try {
    if (!(await readDirectory(mine))) return;
  } catch {
    return;
  }
  await readRecords();
}

/**
 * After a reconnect or an overflow: the flags anew, the selection kept; the records again only
 * when the user's set of devices changed while the channel was down.
 */
export async function resyncEquipment(): Promise<void> {
  if (!started()) return;
  const mine = generation;
  const before = directory().entries;
  try {
    const dir = await readDirectory(mine);
    if (!dir) return;
    const ids = Object.keys(dir.entries);
    const same = ids.length === Object.keys(before).length && ids.every((id) => before[Number(id)]);
    if (!same) {
      await readRecords();
      return;
    }
    const selected = useEquipmentStore.getState().selectedId;
    if (selected !== null) await loadRecord(selected);
  } catch {
    // The next reconnect or push tries again.
  }
}

/**
 * The full refresh of §4 (after an edit, a delete, a share change, a live 'EquipChanged'): the
 * types and tree read anew, live values kept for the devices still there, the selection dropped
 * if its device is gone, then (unless `records` is false) the records again in the background.
 */
export async function refreshEquipment({
  records: withAll = true,
}: { readonly records?: boolean } = {}): Promise<void> {
  if (!started()) return;
  const mine = generation;
  try {
    if (!(await readDirectory(mine))) return;
  } catch {
    // The next change or reconnect refreshes again; what is shown stays.
    return;
  }
  if (withAll) {
    await readRecords();
    return;
  }
  // The selected device's record still comes anew (it may be the one that changed).
  const selected = useEquipmentStore.getState().selectedId;
  if (selected !== null) await loadRecord(selected).catch(() => undefined);
}

/** A record the server just replied with (after a change, or read on its own): kept. */
export function putRecord(record: Equipment): void {
  queryClient.setQueryData<Records>(equipmentKeys.records, (byId) => ({ ...byId, [record.id]: record }));
  useEquipmentStore.getState().adoptRecords([record]);
}

/** The record of one equipment, from the server (and kept). */
export async function loadRecord(id: number): Promise<Equipment> {
  const mine = generation;
  const record = await getEquipment(id);
  if (mine === generation) putRecord(record);
  return record;
}

/** Sign-out: what was read and what is live goes, and reads still running are ignored. */
export function resetEquipment(): void {
  generation += 1;
  void queryClient.cancelQueries({ queryKey: equipmentKeys.root });
  // Reset, not removed: a page still drawn (a test's, or one outliving the session) keeps
  // watching the same queries and is told they are empty.
  void queryClient.resetQueries({ queryKey: equipmentKeys.root });
  useEquipmentStore.getState().reset();
}
