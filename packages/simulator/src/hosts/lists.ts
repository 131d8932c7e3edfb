/**
 * Meter lists written into a gateway as the server writes them: whole pages, encoded with the
 * protocol's page codec, stored with one FC16 each through the device's memory. The defaults
 * give every meter behind a gateway a working entry, so a demo starts with values flowing.
 */
import { bytesToRegisters, encodePage, PAGE_TYPES, pageStart, RULES_PER_PAGE } from '@fieldlink/protocol';
import type { PageTypeName, RuleOf } from '@fieldlink/protocol';
import { MASTER_AREA } from '../virtual-device.js';
import type { VirtualDevice } from '../virtual-device.js';
import { Dl645Meter, SlaveBoard } from './sub-devices.js';

export type ModbusMeterEntry = RuleOf<'modbusMeter'>;
export type Dl645MeterEntry = RuleOf<'dl645Meter'>;

/** Registers each default Modbus entry reads: the meter's eight input registers. */
const METER_REGISTERS = 8;
/** Data items of the default DL645 entries, one per AI channel of a meter: energy, U, I, P. */
export const DEFAULT_DL645_ITEMS = [0x00010000, 0x02010100, 0x02020100, 0x02030000] as const;
/** Poll delay code of the default entries: every second. */
const EVERY_SECOND = 2;

function writePages<T extends 'mb' | 'dl645'>(
  device: VirtualDevice,
  type: T,
  role: 'modbus' | 'dl645',
  entries: readonly (RuleOf<(typeof PAGE_TYPES)[T]['kind']> | null)[],
): void {
  if (device.type.hostRole !== role) throw new RangeError(`${device.type.type} has no ${type} list`);
  const max = PAGE_TYPES[type].maxPages * RULES_PER_PAGE;
  if (entries.length > max)
    throw new RangeError(`the ${type} list holds ${max} entries, got ${entries.length}`);
  for (let page = 0; page * RULES_PER_PAGE < entries.length; page++) {
    const rules = entries.slice(page * RULES_PER_PAGE, (page + 1) * RULES_PER_PAGE);
    const name: PageTypeName = type;
    const values = bytesToRegisters(encodePage(type, rules as never));
    const address = pageStart(name, page, { series2000: device.type.series2000 });
    const reply = device.memory.handle({ fn: 16, address, values });
    if ('exception' in reply) throw new RangeError(`page ${page} of the ${type} list was refused`);
  }
}

/**
 * Writes a Modbus gateway's `mb` list from entry 0 (page × 10 + slot; null leaves a slot empty).
 * Pages after the last one given are left as they are. Throws a RangeError on another type.
 */
export function writeModbusList(device: VirtualDevice, entries: readonly (ModbusMeterEntry | null)[]): void {
  writePages(device, 'mb', 'modbus', entries);
}

/** Writes a DL645 gateway's `dl645` list from entry 0, as writeModbusList. */
export function writeDl645List(device: VirtualDevice, entries: readonly (Dl645MeterEntry | null)[]): void {
  writePages(device, 'dl645', 'dl645', entries);
}

/**
 * One entry per Modbus meter, in address order: read its 8 input registers (FC04) every second
 * into 8 master registers, meter k (from 0) at 8k. Meters past the master area (126 and up) get none.
 */
export function defaultModbusList(device: VirtualDevice): ModbusMeterEntry[] {
  return device.subDevices
    .filter((d): d is SlaveBoard => d instanceof SlaveBoard)
    .slice(0, Math.floor(MASTER_AREA.count / METER_REGISTERS))
    .map((meter, k) => ({
      slave: meter.address,
      regType: 4,
      valueType: 0,
      pollDelay: EVERY_SECOND,
      count: METER_REGISTERS,
      slaveStart: 0,
      masterStart: MASTER_AREA.start + METER_REGISTERS * k,
    }));
}

/**
 * For each DL645 meter (slave id s), page s − 1 of the list: its four AI channels as entries 0-3,
 * forward active energy, voltage A, current A and active power (DL/T 645-2007), read every second;
 * entry e keeps its value at master registers 2e and 2e + 1 as well as at 3000 + 2e.
 */
export function defaultDl645List(device: VirtualDevice): (Dl645MeterEntry | null)[] {
  const entries: (Dl645MeterEntry | null)[] = [];
  for (const meter of device.subDevices) {
    if (!(meter instanceof Dl645Meter)) continue;
    DEFAULT_DL645_ITEMS.forEach((dataId, i) => {
      const e = (meter.address - 1) * RULES_PER_PAGE + i;
      while (entries.length < e) entries.push(null);
      entries[e] = {
        mode: 1,
        address: meter.meterAddress,
        dataId,
        masterStart: MASTER_AREA.start + 2 * e,
        pollDelay: EVERY_SECOND,
      };
    });
  }
  return entries;
}

/** Writes the default list of a gateway (nothing on other types or without meters). */
export function prefillLists(device: VirtualDevice): void {
  if (device.type.hostRole === 'modbus') {
    const entries = defaultModbusList(device);
    if (entries.length > 0) writeModbusList(device, entries);
  } else if (device.type.hostRole === 'dl645') {
    const entries = defaultDl645List(device);
    if (entries.length > 0) writeDl645List(device, entries);
  }
}
