/**
 * Reading and writing rule pages (spec 001 § 3.1, § 7): a page is one register read over the live
 * channel (`ModbusReg` fn 3, 2000-series devices 10000 lower) and one write of its 10 rules
 * (`waohex`, FC16) through the operation call, which asks for the password where the user
 * confirms operations with it; a written page is read back and any row the device holds otherwise
 * is marked. A failure keeps the rows as they were, edits included, and is told on the page.
 */
import {
  decodePage,
  encodePage,
  formatStartHexdata,
  PAGE_TYPES,
  pageStart,
  pageWrite,
  ruleSize,
  RULES_PER_PAGE,
  toHex,
} from '@fieldlink/protocol';
import type { PageTypeName } from '@fieldlink/protocol';
import { RegisterReadError } from './register-reads';
import type { RegisterReads } from './register-reads';
import { pageEntry, pageKey, shownRules, useRulePages, withRead } from './page-store';
import type { AnyPageRule, PageError } from './page-store';

/** The device a page belongs to. */
export interface PageDevice {
  readonly id: number;
  readonly unid: string;
  readonly series2000: boolean;
}

/**
 * A read-success message ('read/configured page N succeeded') is shown at most once per page index
 * within this time (spec 001 § 3.1): the message names the index only, so pages N of two page
 * types share it.
 */
export const ANNOUNCE_WINDOW_MS = 5_000;
const announced = new Map<string, number>();

/** Whether the read-success message of page `index` of a device is due now (and notes that it is shown). */
export function announceRead(equipmentId: number, index: number, now: number): boolean {
  const key = `${equipmentId}:${index}`;
  const last = announced.get(key);
  if (last !== undefined && now - last < ANNOUNCE_WINDOW_MS) return false;
  announced.set(key, now);
  return true;
}

function errorOf(during: PageError['during'], error: unknown): PageError {
  if (error instanceof RegisterReadError) {
    return {
      during,
      reason: error.reason,
      message: error.message,
      ...(error.exception !== undefined ? { exception: error.exception } : {}),
    };
  }
  return { during, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** Reads one page into the store; true when it was read. */
export async function readPage(
  reads: RegisterReads,
  device: PageDevice,
  type: PageTypeName,
  index: number,
  now: () => number = Date.now,
): Promise<boolean> {
  const key = pageKey(device.id, type, index);
  const { update } = useRulePages.getState();
  update(key, (e) => ({ ...e, busy: 'reading', error: null }));
  try {
    const start = pageStart(type, index, { series2000: device.series2000 });
    const bytes = await reads.read(device.unid, start, PAGE_TYPES[type].registers);
    update(key, (e) => withRead(e, type, bytes, now()));
    return true;
  } catch (error) {
    update(key, (e) => ({ ...e, busy: null, error: errorOf('read', error) }));
    return false;
  }
}

/**
 * Reads every page of a type one after another (the device answers one request at a time), telling
 * the progress; a page that fails is marked and the rest are read. Stops when `cancelled` says so.
 */
export async function readAllPages(
  reads: RegisterReads,
  device: PageDevice,
  type: PageTypeName,
  progress: (done: number, total: number, failed: number) => void,
  cancelled: () => boolean = () => false,
): Promise<{ readonly read: number; readonly failed: number }> {
  const total = PAGE_TYPES[type].maxPages;
  let failed = 0;
  let done = 0;
  for (let index = 0; index < total && !cancelled(); index++) {
    if (!(await readPage(reads, device, type, index))) failed++;
    done++;
    progress(done, total, failed);
  }
  return { read: done - failed, failed };
}

/** The `waohex` operation that writes a page's rows as shown (edits included); null before it is read. */
export function pageWriteOperation(
  device: PageDevice,
  type: PageTypeName,
  index: number,
): { readonly opr: 'waohex'; readonly aoinfos: string; readonly bytes: Uint8Array } | null {
  const rows = shownRules(pageEntry(pageKey(device.id, type, index)));
  if (!rows) return null;
  const write = pageWrite(type, index, rows as never, { series2000: device.series2000 });
  return { opr: 'waohex', aoinfos: write.startHexdata, bytes: encodePage(type, rows as never) };
}

export type WriteOutcome = 'written' | 'differs' | 'unverified' | 'failed';

/** Carries one write operation; resolves whether the device took it (the caller has said why not). */
export type SendWrite = (operation: { readonly opr: 'waohex'; readonly aoinfos: string }) => Promise<boolean>;

/**
 * Writes a page: `send` carries the operation (and says whether the device took it); then the page
 * is read back, and each row the device holds otherwise than written is marked with what was
 * written. Resolves 'written', 'differs' (read back otherwise), 'unverified' (written but the read
 * back failed) or 'failed'.
 */
export async function writePage(
  reads: RegisterReads,
  device: PageDevice,
  type: PageTypeName,
  index: number,
  send: SendWrite,
  now: () => number = Date.now,
): Promise<WriteOutcome> {
  const rows = shownRules(pageEntry(pageKey(device.id, type, index)));
  if (!rows) return 'failed';
  return writePageBytes(reads, device, type, index, encodePage(type, rows as never), send, now);
}

/**
 * Writes a page's bytes (a page of this device edited, or one copied or imported from elsewhere) and
 * reads it back into the store, as writePage says.
 */
export async function writePageBytes(
  reads: RegisterReads,
  device: PageDevice,
  type: PageTypeName,
  index: number,
  bytes: Uint8Array,
  send: SendWrite,
  now: () => number = Date.now,
): Promise<WriteOutcome> {
  const key = pageKey(device.id, type, index);
  const { update, wrote } = useRulePages.getState();
  const start = pageStart(type, index, { series2000: device.series2000 });
  const written = decodePage(type, bytes) as (AnyPageRule | null)[];
  update(key, (e) => ({ ...e, busy: 'writing', error: null }));
  let sent = false;
  try {
    sent = await send({ opr: 'waohex', aoinfos: formatStartHexdata(start, bytes) });
  } catch (error) {
    update(key, (e) => ({ ...e, busy: null, error: errorOf('write', error) }));
    return 'failed';
  }
  if (!sent) {
    // The operation runner has said why; the page keeps its rows and says it was not written.
    update(key, (e) => ({ ...e, busy: null, error: { during: 'write', reason: 'failed', message: '' } }));
    return 'failed';
  }
  wrote(device.id, now());
  update(key, (e) => ({ ...e, busy: 'reading' }));
  try {
    const back = await reads.read(device.unid, start, PAGE_TYPES[type].registers);
    const size = ruleSize(type);
    const differences: { slot: number; written: AnyPageRule | null }[] = [];
    for (let slot = 0; slot < RULES_PER_PAGE; slot++) {
      const a = toHex(bytes.subarray(slot * size, (slot + 1) * size));
      const b = toHex(back.subarray(slot * size, (slot + 1) * size));
      if (a !== b) differences.push({ slot, written: written[slot] ?? null });
    }
    update(key, (e) => ({
      ...withRead({ ...e, draft: null, edited: [] }, type, back, now()),
      differences,
    }));
    return differences.length > 0 ? 'differs' : 'written';
  } catch (error) {
    // Written, but what the device holds now is not known: the rows stay as written, unread.
    update(key, (e) => ({
      ...e,
      busy: null,
      draft: null,
      edited: [],
      rules: written,
      error: errorOf('read', error),
    }));
    return 'unverified';
  }
}

/** What became of each page of a batch (an import, a copy). */
export interface PageOutcome {
  readonly type: PageTypeName;
  readonly index: number;
  readonly outcome: WriteOutcome;
}

/** Writes pages one after another (the device answers one request at a time), telling the progress. */
export async function writePages(
  reads: RegisterReads,
  device: PageDevice,
  pages: readonly { readonly type: PageTypeName; readonly index: number; readonly bytes: Uint8Array }[],
  send: SendWrite,
  progress: (done: number, total: number) => void,
): Promise<readonly PageOutcome[]> {
  const outcomes: PageOutcome[] = [];
  for (const page of pages) {
    const outcome = await writePageBytes(reads, device, page.type, page.index, page.bytes, send);
    outcomes.push({ type: page.type, index: page.index, outcome });
    progress(outcomes.length, pages.length);
  }
  return outcomes;
}

/** Reads pages one after another into the store; their bytes, and the pages that could not be read. */
export async function readPages(
  reads: RegisterReads,
  device: PageDevice,
  wanted: readonly { readonly type: PageTypeName; readonly index: number }[],
  progress: (done: number, total: number) => void,
): Promise<{
  readonly pages: readonly {
    readonly type: PageTypeName;
    readonly index: number;
    readonly bytes: Uint8Array;
  }[];
  readonly failed: readonly { readonly type: PageTypeName; readonly index: number }[];
}> {
  const pages: { type: PageTypeName; index: number; bytes: Uint8Array }[] = [];
  const failed: { type: PageTypeName; index: number }[] = [];
  for (const page of wanted) {
    const ok = await readPage(reads, device, page.type, page.index);
    const bytes = pageEntry(pageKey(device.id, page.type, page.index)).bytes;
    if (ok && bytes) pages.push({ ...page, bytes });
    else failed.push(page);
    progress(pages.length + failed.length, wanted.length);
  }
  return { pages, failed };
}

/** Every page of these page types. */
export function allPagesOf(
  types: readonly PageTypeName[],
): { readonly type: PageTypeName; readonly index: number }[] {
  return types.flatMap((type) =>
    Array.from({ length: PAGE_TYPES[type].maxPages }, (_, index) => ({ type, index })),
  );
}
