/**
 * The register blocks an online device does not have (docs/protocol.md § Blocks a device does not
 * have): each block it refused (do, di, ai, ao) with the Modbus exception code it answered (1
 * illegal function, 2 illegal data address). The server reads the rest and asks again about once
 * an hour; the record's `status.unsupported` and the live `Unsupported` carry it ({} when none),
 * for a device with a link of its own only. Kept in the equipment store (store.ts).
 */
import type { Equipment } from '../api/equipment';

export type BlockKind = 'do' | 'di' | 'ai' | 'ao';
export const BLOCK_KINDS: readonly BlockKind[] = ['do', 'di', 'ai', 'ao'];

/** Block to exception code; a block not named is read. */
export type UnsupportedBlocks = Readonly<Partial<Record<BlockKind, number>>>;

export const NO_UNSUPPORTED: UnsupportedBlocks = Object.freeze({});

export function hasUnsupported(blocks: UnsupportedBlocks | undefined): blocks is UnsupportedBlocks {
  return blocks !== undefined && BLOCK_KINDS.some((k) => blocks[k] !== undefined);
}

/**
 * `map` with device `id`'s blocks set to `blocks` (none: its entry removed); `map` itself when
 * that changes nothing.
 */
export function withUnsupported(
  map: Readonly<Record<number, UnsupportedBlocks>>,
  id: number,
  blocks: UnsupportedBlocks | undefined,
): Readonly<Record<number, UnsupportedBlocks>> {
  const before = map[id];
  if (!hasUnsupported(blocks)) {
    if (before === undefined) return map;
    const next = { ...map };
    delete next[id];
    return next;
  }
  if (before !== undefined && BLOCK_KINDS.every((k) => before[k] === blocks[k])) return map;
  return { ...map, [id]: blocks };
}

/** What a record read says: the blocks of an online device, none for one offline. */
export function unsupportedOfRecord(record: Pick<Equipment, 'status'>): UnsupportedBlocks | undefined {
  return record.status.online ? record.status.unsupported : undefined;
}
