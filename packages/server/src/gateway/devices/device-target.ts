/**
 * Where on a link an equipment answers, and reading its state there: a board or host at its own
 * slave address, a team slave or Modbus meter at its unit behind the host, a DL645 meter as a
 * page of its gateway's value registers (docs/protocol.md § Sub-device addressing).
 */
import { decodeDl645Values, DL645_ENTRIES_PER_METER, isException, subDeviceRoute } from '@fieldlink/protocol';
import type { EquipmentType, ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import type { Equipment } from '../../storage/schema.js';
import type { RequestPriority } from '../link/device-link.js';
import { stateRequests } from '../link/rtu-frames.js';

/** The state read from a device, channels from 0; `soc` from its status block. */
export interface DeviceState {
  readonly do?: readonly boolean[];
  readonly di?: readonly boolean[];
  /** Raw register values; a DL645 meter's values as read (hundredths decoded). */
  readonly ai?: readonly number[];
  readonly ao?: readonly number[];
  /** Battery level 0-100 %. */
  readonly soc?: number;
}

/** Where an equipment answers on its (host's) link. */
export interface Target {
  readonly type: EquipmentType;
  /** The Modbus unit requests go to. */
  readonly unit: number;
  /** Set for a DL645 meter: its values are the gateway's input registers from here. */
  readonly dl645Register?: number;
}

/** Sends one request on the link the target is behind. */
export type Send = (
  unit: number,
  request: ModbusRequest,
  priority: RequestPriority,
) => Promise<ModbusResponse>;

/** How a sub-device of a host (of `hostType`, answering at `hostUnit`) is reached, or why it cannot be. */
export function subDeviceTarget(
  hostType: EquipmentType,
  hostUnit: number,
  child: Pick<Equipment, 'address'>,
  childType: EquipmentType,
): Target | { readonly unreachable: string } {
  if (!hostType.hostRole) return { unreachable: 'its host is not a gateway or team host' };
  const route = subDeviceRoute(hostType.hostRole, Number(child.address ?? Number.NaN));
  switch (route.kind) {
    case 'unreachable':
      return { unreachable: route.reason };
    case 'unit':
      return { type: childType, unit: route.unit };
    case 'dl645':
      return { type: childType, unit: hostUnit, dl645Register: route.register };
  }
}

/** A block of the base register map: coils (DO), discrete inputs (DI), input (AI) and holding (AO) registers. */
export type Block = 'do' | 'di' | 'ai' | 'ao';

export const BLOCKS: readonly Block[] = ['do', 'di', 'ai', 'ao'];

/** The block a state read's function reads. */
const BLOCK_OF_FN: Readonly<Record<number, Block>> = { 1: 'do', 2: 'di', 4: 'ai', 3: 'ao' };

/** What one read of a target's state gave. */
export interface StateRead {
  /**
   * The blocks read (refused or skipped ones absent; {} when every block was refused); null when a
   * request failed: a timeout or a closed link (the link counts timeouts and goes down by itself
   * when dead).
   */
  readonly state: DeviceState | null;
  /** Blocks the device refused, with the Modbus exception code of each. */
  readonly refused: ReadonlyMap<Block, number>;
}

const NOTHING: ReadonlySet<Block> = new Set();

/**
 * Reads the state of a target block by block: DO, DI, AI and AO on the base map, or a DL645
 * meter's values, leaving out the blocks in `skip`. A block the device refuses with a Modbus
 * exception is left out too and named in `refused`; the others are read all the same (a relay
 * board without input registers still shows its relays and inputs).
 */
export async function readBlocks(
  send: Send,
  target: Target,
  priority: RequestPriority,
  skip: ReadonlySet<Block> = NOTHING,
): Promise<StateRead> {
  const requests: readonly ModbusRequest[] =
    target.dl645Register === undefined
      ? stateRequests(target.type)
      : [
          {
            fn: 4,
            address: target.dl645Register,
            count: 2 * Math.min(target.type.counts.ai, DL645_ENTRIES_PER_METER),
          },
        ];
  // The replies' values as parsed (read-only, never changed): the push copies what it sends.
  const state: StateDraft = {};
  const refused = new Map<Block, number>();
  for (const request of requests) {
    const block = BLOCK_OF_FN[request.fn];
    if (block === undefined || skip.has(block)) continue;
    let response: ModbusResponse;
    try {
      response = await send(target.unit, request, priority);
    } catch {
      return { state: null, refused };
    }
    if (isException(response)) {
      refused.set(block, response.exception);
      continue;
    }
    if (target.dl645Register !== undefined && response.fn === 4) {
      state.ai = decodeDl645Values(response.values, response.values.length / 2);
    } else putBlock(state, response);
  }
  return { state, refused };
}

/** A state being built from replies. */
export type StateDraft = { -readonly [K in keyof DeviceState]: DeviceState[K] };

/** Puts the values of a whole block's read reply (FC1 DO, FC2 DI, FC4 AI, FC3 AO) in `state`. */
export function putBlock(state: StateDraft, response: ModbusResponse): void {
  if (isException(response)) return;
  if (response.fn === 1) state.do = response.values;
  else if (response.fn === 2) state.di = response.values;
  else if (response.fn === 4) state.ai = response.values;
  else if (response.fn === 3) state.ao = response.values;
}

/** Whether a read holds nothing (every block refused or skipped). */
export function isEmptyState(state: DeviceState): boolean {
  return state.do === undefined && state.di === undefined && state.ai === undefined && state.ao === undefined;
}

/**
 * The state block a read request reads in, and whether it reads it whole (from its first channel,
 * every channel of the type); null for a request outside the blocks (status, clock, rule pages).
 */
export function stateBlockOf(
  request: ModbusRequest,
  type: EquipmentType,
): { readonly name: Block; readonly whole: boolean } | null {
  if (request.fn < 1 || request.fn > 4 || !('count' in request)) return null;
  const name: Block = request.fn === 1 ? 'do' : request.fn === 2 ? 'di' : request.fn === 4 ? 'ai' : 'ao';
  const start = name === 'ao' ? type.aoRegister : type.starts[name];
  const count = type.counts[name];
  if (count === 0 || request.address < start || request.address >= start + count) return null;
  return { name, whole: request.address === start && request.count === count };
}
