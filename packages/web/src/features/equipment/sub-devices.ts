/**
 * Sub-devices under a host (spec §5, docs/api.md POST /equipment/:id/sub-devices): which models
 * hang under it, the address a new one takes (a slave id 0-249 unused under this host, or a DL645
 * meter's 12-digit address) and which field a server refusal belongs to.
 */
import { SLAVE_ID, validateSlaveId } from '@fieldlink/protocol';
import type { Equipment, EquipmentType, HostRole } from '../../api/equipment';
import { ApiError } from '../../api/http';
import type { MessageKey } from '../../i18n';

/** A DL645 meter's address (protocol SubDeviceAddress). */
export const METER_ADDRESS = /^\d{12}$/;

/** The models that hang under a host of this role, in catalogue order. */
export function modelsFor(role: HostRole, types: Readonly<Record<string, EquipmentType>>): EquipmentType[] {
  return Object.values(types).filter((type) => type.attachesTo === role);
}

export type AddressProblem = 'addressRequired' | 'slaveRange' | 'slaveUsed' | 'meterFormat' | 'meterUsed';

export type AddressCheck =
  | { readonly ok: true; readonly value: number | string }
  | { readonly ok: false; readonly problem: AddressProblem };

/**
 * The address typed for a new sub-device of a host of `role`, against the addresses `used` under
 * that host: what to send (a number for slave ids, the digits for a DL645 meter), or why not.
 */
export function checkAddress(role: HostRole, text: string, used: readonly string[]): AddressCheck {
  const typed = text.trim();
  if (typed === '') return { ok: false, problem: 'addressRequired' };
  if (role === 'dl645') {
    if (!METER_ADDRESS.test(typed)) return { ok: false, problem: 'meterFormat' };
    return used.includes(typed) ? { ok: false, problem: 'meterUsed' } : { ok: true, value: typed };
  }
  if (!/^[+-]?\d{1,6}$/.test(typed)) return { ok: false, problem: 'slaveRange' };
  const id = Number(typed);
  if (validateSlaveId(id, used.map(Number)) === null) return { ok: true, value: id };
  return { ok: false, problem: SLAVE_ID.validate(id) === null ? 'slaveUsed' : 'slaveRange' };
}

/** The addresses of a host's sub-devices. */
export const usedAddresses = (subDevices: readonly Equipment[]): string[] =>
  subDevices.map((s) => s.address).filter((a): a is string => a !== null);

/** The first slave id free under the host (1-249, then 0), for a new wireless slave or meter. */
export function nextFreeSlaveId(used: readonly string[]): number | null {
  const taken = new Set(used.map(Number));
  for (let id = 1; id <= SLAVE_ID.max; id++) if (!taken.has(id)) return id;
  return taken.has(SLAVE_ID.min) ? null : SLAVE_ID.min;
}

/** The server's words for a model that does not hang under the host (server equipment/store.ts). */
const PRODUCT_MODEL_ERROR = 'product model error';

export type SubmitProblem =
  | { readonly field: 'type' | 'address'; readonly key: MessageKey }
  | { readonly field: null; readonly key: MessageKey; readonly message: string };

/** A refusal of POST /equipment/:id/sub-devices: on the field it is about, or for an alert. */
export function submitProblem(role: HostRole, error: unknown): SubmitProblem {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError) {
    if (error.status === 409) return { field: 'address', key: 'equipment.subDevices.errors.addressUsed' };
    if (error.status === 403) return { field: null, key: 'equipment.subDevices.errors.forbidden', message };
    if (error.status === 400 && message.startsWith(PRODUCT_MODEL_ERROR))
      return { field: 'type', key: 'equipment.subDevices.errors.productModel' };
    if (error.status === 400 && /address|slave id/i.test(message)) {
      const key = role === 'dl645' ? 'meterFormat' : 'slaveRange';
      return { field: 'address', key: `equipment.subDevices.validation.${key}` };
    }
  }
  return { field: null, key: 'equipment.subDevices.errors.failed', message };
}
