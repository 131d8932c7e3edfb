/**
 * The register blocks a device does not have (docs/protocol.md § Blocks a device does not have):
 * a block it refuses with "illegal function" or "illegal data address" is left out of its polls
 * and tried again about once an hour, so a relay board without input registers shows its relays
 * and inputs, and one that gains the block (another firmware, a corrected address) is found again.
 * Other exceptions (device busy, failure) leave the block out of that poll only.
 */
import type { DeviceState } from './device-target.js';
import type { Block, StateRead } from './device-target.js';
import { BLOCKS } from './device-target.js';

export const UNSUPPORTED_RETRY_MS = 60 * 60_000;

/** Exception codes that say a block is not there: illegal function (1), illegal data address (2). */
const ABSENT: ReadonlySet<number> = new Set([1, 2]);

/** Block to exception code, as stored, pushed and shown. */
export type UnsupportedMap = Partial<Record<Block, number>>;

export class UnsupportedBlocks {
  readonly #blocks = new Map<Block, { readonly exception: number; readonly retryAt: number }>();

  /** The blocks to leave out of a read at `now`. */
  skip(now: number): ReadonlySet<Block> {
    const out = new Set<Block>();
    for (const [block, entry] of this.#blocks) if (entry.retryAt > now) out.add(block);
    return out;
  }

  /** Takes what a read gave; true when the blocks shown changed. */
  note(read: StateRead, now: number): boolean {
    if (read.state === null) return false;
    const before = this.key();
    const state: DeviceState = read.state;
    for (const block of BLOCKS) if (state[block] !== undefined) this.#blocks.delete(block);
    for (const [block, exception] of read.refused) {
      if (ABSENT.has(exception)) this.#blocks.set(block, { exception, retryAt: now + UNSUPPORTED_RETRY_MS });
    }
    return this.key() !== before;
  }

  /** Forgets every block (a new address, a new link); true when some were shown. */
  clear(): boolean {
    const had = this.#blocks.size > 0;
    this.#blocks.clear();
    return had;
  }

  get shown(): UnsupportedMap {
    const out: UnsupportedMap = {};
    for (const block of BLOCKS) {
      const entry = this.#blocks.get(block);
      if (entry) out[block] = entry.exception;
    }
    return out;
  }

  private key(): string {
    return JSON.stringify(this.shown);
  }
}

/** The column's text for `shown`: null when empty. */
export function storedUnsupported(shown: UnsupportedMap): string | null {
  return Object.keys(shown).length === 0 ? null : JSON.stringify(shown);
}

/** The column read back; anything not a block and an exception code is left out. */
export function readUnsupported(text: string | null | undefined): UnsupportedMap {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  const out: UnsupportedMap = {};
  if (typeof parsed !== 'object' || parsed === null) return out;
  for (const block of BLOCKS) {
    const code = (parsed as Record<string, unknown>)[block];
    if (typeof code === 'number' && Number.isInteger(code) && code >= 1 && code <= 255) out[block] = code;
  }
  return out;
}
