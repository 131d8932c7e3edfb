/**
 * A board that does not have some of the register blocks the server reads (docs/protocol.md §
 * Blocks a device does not have): any request touching a refused block is answered with the
 * exception given for it, as a third-party board without input registers answers "illegal data
 * address", or one without coils "illegal function". The blocks: relay outputs (coils: FC01,
 * FC05, FC15), digital inputs (FC02), analog inputs (the input registers of the AI channels,
 * FC04) and analog outputs (the AO holding registers, FC03, FC06, FC16). The status block, the
 * clock and the rule pages answer as before.
 */
import { isExceptionCode } from '@fieldlink/protocol';
import type { ModbusRequest } from '@fieldlink/protocol';
import type { EquipmentMemory } from './memory.js';

export type BlockName = 'do' | 'di' | 'ai' | 'ao';
export const BLOCK_NAMES: readonly BlockName[] = ['do', 'di', 'ai', 'ao'];

/** Each refused block with the exception code it is refused with (1, 2 or another standard one). */
export type RefusedBlocks = Readonly<Partial<Record<BlockName, number>>>;

/** Throws a RangeError for a name that is not a block or a code that is not a standard exception. */
export function checkRefused(refused: RefusedBlocks | undefined): void {
  if (refused === undefined) return;
  for (const [name, code] of Object.entries(refused)) {
    if (!(BLOCK_NAMES as readonly string[]).includes(name)) {
      throw new RangeError(`no register block ${JSON.stringify(name)}: one of ${BLOCK_NAMES.join(', ')}`);
    }
    if (code !== undefined && !isExceptionCode(code)) {
      throw new RangeError(`block ${name}: ${code} is not a Modbus exception code`);
    }
  }
}

const overlaps = (start: number, count: number, from: number, length: number): boolean =>
  length > 0 && start < from + length && start + count > from;

/** The block a request touches on a device of this memory, or null. */
export function blockOf(req: ModbusRequest, memory: EquipmentMemory): BlockName | null {
  const ao = memory.analogOutputs.length;
  switch (req.fn) {
    case 1:
    case 5:
    case 15:
      return 'do';
    case 2:
      return 'di';
    case 4:
      return overlaps(req.address, req.count, 0, memory.inputRegisters.length) ? 'ai' : null;
    case 3:
      return overlaps(req.address, req.count, memory.aoRegister, ao) ? 'ao' : null;
    case 6:
      return overlaps(req.address, 1, memory.aoRegister, ao) ? 'ao' : null;
    case 16:
      return overlaps(req.address, req.values.length, memory.aoRegister, ao) ? 'ao' : null;
  }
}

/** The exception a request earns on a board refusing `refused`, or null when it is answered. */
export function refusal(req: ModbusRequest, memory: EquipmentMemory, refused: RefusedBlocks): number | null {
  const block = blockOf(req, memory);
  return block === null ? null : (refused[block] ?? null);
}
