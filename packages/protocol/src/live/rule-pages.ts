/**
 * The live channel's side of rule pages: which register replies are rule pages, and the
 * request that writes a page. Where pages lie is register-map.ts; the start_hexdata text is
 * pages.ts. docs/protocol.md § Rule pages on the live channel.
 */
import { MAX_QUANTITY } from '../modbus/pdu.js';
import { formatStartHexdata } from '../pages.js';
import { DEFAULT_AO_REGISTER, isRuleRegister } from '../register-map.js';
import type { LocateOptions } from '../register-map.js';
import type { EquipOprRequest } from './equip-opr.js';

/**
 * Registers 12000-19000 inclusive are the rule-page area; on 2000-series equipment (`f2000`)
 * every page is 10000 lower, so the area is 2000-9000.
 */
export function isRulePageRegister(start: number, f2000 = false): boolean {
  return isRuleRegister(start, { series2000: f2000 });
}

/**
 * Whether a ModbusReg reply belongs to the rule-page screens rather than to live values: a
 * read (3) or write (16) starting in the rule-page area, and not at the type's AO register
 * start (that reply carries analog outputs, spec 001 § 3.1).
 */
export function isRulePageReply(
  reply: { readonly fn: number; readonly regstart: number },
  opts: LocateOptions = {},
): boolean {
  if (reply.fn !== 3 && reply.fn !== 16) return false;
  if (reply.regstart === (opts.aoRegister ?? DEFAULT_AO_REGISTER)) return false;
  return isRuleRegister(reply.regstart, opts);
}

/**
 * The request that writes `bytes` (whole registers, high byte first) from register `start`:
 * `{ oprtype: 'WAOHEX', unid, oprinfo: '<start>_<HEX>' }`, the hex upper case. Throws a
 * RangeError for a start outside 0-65535, an odd byte count, or more than 123 registers
 * (one FC16 write), which are mistakes of the caller, not of the wire.
 */
export function rulePageWrite(unid: string, start: number, bytes: Uint8Array): EquipOprRequest {
  const registers = bytes.length / 2;
  if (!Number.isInteger(start) || start < 0 || start > 0xffff) {
    throw new RangeError(`start register must be 0-65535, got ${start}`);
  }
  if (!Number.isInteger(registers) || registers < 1 || registers > MAX_QUANTITY[16]) {
    throw new RangeError(`a page write is 1-${MAX_QUANTITY[16]} whole registers, got ${bytes.length} bytes`);
  }
  if (start + registers > 0x10000) throw new RangeError('the write runs past register 65535');
  return { oprtype: 'WAOHEX', unid, oprinfo: formatStartHexdata(start, bytes) };
}
