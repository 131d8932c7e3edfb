/**
 * Where on a link an equipment answers, and reading its state there: a board or host at its own
 * slave address, a team slave or Modbus meter at its unit behind the host, a DL645 meter as a
 * page of its gateway's value registers (docs/protocol.md § Sub-device addressing).
 */
import { decodeDl645Values, DL645_ENTRIES_PER_METER, isException, subDeviceRoute } from '@fieldlink/protocol';
import type { EquipmentType, ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import type { Equipment } from '../storage/schema.js';
import type { RequestPriority } from './device-link.js';
import { stateRequests } from './rtu-frames.js';

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

/**
 * Reads the whole state of a target: DO, DI, AI and AO on the base map, or a DL645 meter's values.
 * Null when a request fails (a timeout or a closed link: the link counts timeouts and goes down by
 * itself when dead) or the device answers with an exception.
 */
export async function readState(
  send: Send,
  target: Target,
  priority: RequestPriority,
): Promise<DeviceState | null> {
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
  const state: { -readonly [K in keyof DeviceState]: DeviceState[K] } = {};
  for (const request of requests) {
    let response: ModbusResponse;
    try {
      response = await send(target.unit, request, priority);
    } catch {
      return null;
    }
    if (isException(response)) return null;
    if (target.dl645Register !== undefined && response.fn === 4) {
      state.ai = decodeDl645Values(response.values, response.values.length / 2);
    } else if (response.fn === 1) state.do = response.values;
    else if (response.fn === 2) state.di = response.values;
    else if (response.fn === 4) state.ai = response.values;
    else if (response.fn === 3) state.ao = response.values;
  }
  return state;
}
