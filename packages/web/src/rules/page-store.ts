/**
 * The rule pages the console has read, one entry per device, page type and page: the bytes as
 * the device holds them, their rules, the rows the user is editing (kept through a failed read or
 * write), and after a write the rows the device gave back otherwise. Also when each device last
 * had a page written: its configuration takes effect a minute after the last write (spec 001 § 4).
 */
import { decodePage, encodeRule, PAGE_TYPES, toHex } from '@fieldlink/protocol';
import type { PageRule, PageTypeName } from '@fieldlink/protocol';
import { create } from 'zustand';
import type { ReadFailure } from './register-reads';

export type AnyPageRule = PageRule<PageTypeName>;

export interface PageError {
  /** What failed: reading the page, or writing it. */
  readonly during: 'read' | 'write';
  /** The server's refusal code or the console's reason ('timeout' …); 'failed' for anything else. */
  readonly reason: ReadFailure | 'failed';
  readonly message: string;
  /** With 'refused': the device's Modbus exception code. */
  readonly exception?: number;
}

export interface PageEntry {
  /** The page's bytes as last read from the device; null until read. */
  readonly bytes: Uint8Array | null;
  /** Its 10 rules (null slots: bytes short of the slot). */
  readonly rules: readonly (AnyPageRule | null)[] | null;
  /** The rows as edited; null while nothing is. */
  readonly draft: readonly (AnyPageRule | null)[] | null;
  /** Slots changed in the draft. */
  readonly edited: readonly number[];
  /** After a write: the slots the device read back differently from what was written, with what was. */
  readonly differences: readonly { readonly slot: number; readonly written: AnyPageRule | null }[];
  readonly readAt: number | null;
  readonly busy: 'reading' | 'writing' | null;
  readonly error: PageError | null;
}

export const EMPTY_PAGE: PageEntry = {
  bytes: null,
  rules: null,
  draft: null,
  edited: [],
  differences: [],
  readAt: null,
  busy: null,
  error: null,
};

export type PageKey = `${number}:${PageTypeName}:${number}`;

export const pageKey = (equipmentId: number, type: PageTypeName, index: number): PageKey =>
  `${equipmentId}:${type}:${index}`;

interface RulePagesState {
  readonly pages: Readonly<Record<PageKey, PageEntry>>;
  /** Per equipment: when a page was last written (ms). */
  readonly writtenAt: Readonly<Record<number, number>>;
  update(key: PageKey, change: (entry: PageEntry) => PageEntry): void;
  wrote(equipmentId: number, at: number): void;
  reset(): void;
}

export const useRulePages = create<RulePagesState>()((set) => ({
  pages: {},
  writtenAt: {},
  update: (key, change) => set((s) => ({ pages: { ...s.pages, [key]: change(s.pages[key] ?? EMPTY_PAGE) } })),
  wrote: (equipmentId, at) => set((s) => ({ writtenAt: { ...s.writtenAt, [equipmentId]: at } })),
  reset: () => set({ pages: {}, writtenAt: {} }),
}));

export const pageEntry = (key: PageKey): PageEntry => useRulePages.getState().pages[key] ?? EMPTY_PAGE;

/** The rows shown: the draft where there is one, else the rules read. */
export function shownRules(entry: PageEntry): readonly (AnyPageRule | null)[] | null {
  return entry.draft ?? entry.rules;
}

/**
 * A page read: its bytes and rules replace what was read before; rows being edited stay as
 * edited (the user keeps their work), every other row shows what the device holds.
 */
export function withRead(entry: PageEntry, type: PageTypeName, bytes: Uint8Array, at: number): PageEntry {
  const rules = decodePage(type, bytes) as (AnyPageRule | null)[];
  const draft =
    entry.draft && entry.edited.length > 0
      ? rules.map((rule, slot) => (entry.edited.includes(slot) ? (entry.draft?.[slot] ?? null) : rule))
      : null;
  return { ...entry, bytes, rules, draft, readAt: at, busy: null, error: null };
}

/**
 * One row edited: the draft starts from the rules read. A row edited back to the bytes read is
 * no longer marked; with no row left marked there is no draft.
 */
export function withEdit(entry: PageEntry, type: PageTypeName, slot: number, rule: AnyPageRule): PageEntry {
  const base = entry.draft ?? entry.rules;
  if (!base) return entry;
  const draft = base.map((r, i) => (i === slot ? rule : r));
  const kind = PAGE_TYPES[type].kind;
  const read = entry.rules?.[slot] ?? null;
  const same =
    read !== null && toHex(encodeRule(kind, rule as never)) === toHex(encodeRule(kind, read as never));
  const others = entry.edited.filter((s) => s !== slot);
  const edited = same ? others : [...others, slot].sort((a, b) => a - b);
  return {
    ...entry,
    draft: edited.length > 0 ? draft : null,
    edited,
    differences: entry.differences.filter((d) => d.slot !== slot),
  };
}

/** Every edit dropped: the rows show what was read. */
export function withoutEdits(entry: PageEntry): PageEntry {
  return { ...entry, draft: null, edited: [] };
}
