/**
 * RTU request frames for the links that send them (DTU and MQTT). The state reads go out again
 * and again, the same to every device of a type, so a read request that is frozen (stateRequests)
 * is encoded once per slave address and its frame reused; any other request is encoded afresh.
 * Frames are Buffers, which a socket takes without converting them.
 */
import { encodeRtuRequest, stateReads } from '@fieldlink/protocol';
import type { EquipmentType, ModbusRequest } from '@fieldlink/protocol';

const frames = new WeakMap<ModbusRequest, Map<number, Buffer>>();
const reads = new WeakMap<EquipmentType, readonly ModbusRequest[]>();

function encode(slave: number, request: ModbusRequest): Buffer {
  const bytes = encodeRtuRequest(slave, request);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The RTU frame of `request` to `slave`; throws a RangeError when it cannot be encoded. */
export function rtuRequestFrame(slave: number, request: ModbusRequest): Buffer {
  const constant = request.fn >= 1 && request.fn <= 4 && Object.isFrozen(request);
  if (!constant) return encode(slave, request);
  let bySlave = frames.get(request);
  if (!bySlave) {
    bySlave = new Map();
    frames.set(request, bySlave);
  }
  let frame = bySlave.get(slave);
  if (!frame) {
    frame = encode(slave, request);
    bySlave.set(slave, frame);
  }
  return frame;
}

/** stateReads of the type, made once and frozen, so their frames are made once too. */
export function stateRequests(type: EquipmentType): readonly ModbusRequest[] {
  let list = reads.get(type);
  if (!list) {
    list = Object.freeze(stateReads(type).map((request) => Object.freeze(request)));
    reads.set(type, list);
  }
  return list;
}
