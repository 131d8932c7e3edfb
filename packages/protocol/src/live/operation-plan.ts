/**
 * How an operation of the catalogue is carried out on a device with the base register map: the
 * Modbus requests to send, the pauses between them, and the reads whose answers are the result.
 * Pure: the device link executes the plan. docs/protocol.md § Operation plans.
 */
import { clampChannelCount } from '../channels.js';
import type { ChannelCounts } from '../equipment/record.js';
import type { ModbusRequest } from '../modbus/pdu.js';
import { DEFAULT_AO_REGISTER } from '../register-map.js';
import { registerWriteOf } from './operations.js';
import type { Operation } from './operations.js';

/** One step of a plan. */
export type PlanStep =
  | { readonly kind: 'request'; readonly request: ModbusRequest }
  | { readonly kind: 'wait'; readonly ms: number }
  /**
   * Switch one coil on and off `count` times (`openmore`): on for `onMs`, off for `offMs`. Kept as
   * one step so that a long cycle is not spelled out request by request.
   */
  | {
      readonly kind: 'cycle';
      readonly address: number;
      readonly count: number;
      readonly onMs: number;
      readonly offMs: number;
    };

export type OperationPlan =
  /** Requests to send in order; the last request's answer (a read) is the result when `reads`. */
  | { readonly kind: 'steps'; readonly steps: readonly PlanStep[] }
  /** The cyclic read of spec 000 § 4: the whole state read `count` times, `intervalMs` apart. */
  | { readonly kind: 'cyclic'; readonly count: number; readonly intervalMs: number }
  /** Not carried by the base register map (battery, GPS, LoRa team commands). */
  | { readonly kind: 'unsupported'; readonly reason: string };

export interface PlanDevice {
  readonly counts: ChannelCounts;
  /** fAOReg, the first AO holding register (400 unless set). */
  readonly aoRegister?: number;
}

/** 0.1 s units → milliseconds. */
const tenths = (n: number): number => n * 100;

const request = (r: ModbusRequest): PlanStep => ({ kind: 'request', request: r });

/** The reads that give a device's whole state: DO, DI, AI, AO, skipping kinds it does not have. */
export function stateReads(device: PlanDevice): ModbusRequest[] {
  const c = device.counts;
  const reads: ModbusRequest[] = [];
  const doCount = clampChannelCount(c.do);
  const diCount = clampChannelCount(c.di);
  const aiCount = clampChannelCount(c.ai);
  const aoCount = clampChannelCount(c.ao);
  if (doCount > 0) reads.push({ fn: 1, address: 0, count: doCount });
  if (diCount > 0) reads.push({ fn: 2, address: 0, count: diCount });
  if (aiCount > 0) reads.push({ fn: 4, address: 0, count: aiCount });
  if (aoCount > 0) reads.push({ fn: 3, address: device.aoRegister ?? DEFAULT_AO_REGISTER, count: aoCount });
  return reads;
}

/**
 * The plan of an operation on a device. The operation must have passed
 * checkOperationChannels for the device; a plan never addresses a channel past the counts.
 */
export function planOperation(op: Operation, device: PlanDevice): OperationPlan {
  const doCount = clampChannelCount(device.counts.do);
  const all = (value: boolean): OperationPlan =>
    doCount === 0
      ? { kind: 'unsupported', reason: 'this type has no outputs' }
      : {
          kind: 'steps',
          steps: [request({ fn: 15, address: 0, values: new Array<boolean>(doCount).fill(value) })],
        };
  switch (op.opr) {
    case 'open':
    case 'aopen':
      return all(true);
    case 'close':
    case 'aclose':
      return all(false);
    case 'openone':
    case 'closeone': {
      const on = op.opr === 'openone';
      const address = op.io - 1;
      const steps: PlanStep[] = [request({ fn: 5, address, value: on })];
      if (op.dly > 0)
        steps.push({ kind: 'wait', ms: tenths(op.dly) }, request({ fn: 5, address, value: !on }));
      return { kind: 'steps', steps };
    }
    case 'openmore':
      return {
        kind: 'steps',
        steps: [
          {
            kind: 'cycle',
            address: op.io - 1,
            count: op.cnt,
            onMs: tenths(op.timer1),
            offMs: tenths(op.timer2),
          },
        ],
      };
    case 'rdo':
      return { kind: 'steps', steps: [request({ fn: 1, address: op.regstart, count: op.regnum })] };
    case 'rdi':
      return { kind: 'steps', steps: [request({ fn: 2, address: op.regstart, count: op.regnum })] };
    case 'rai':
      return { kind: 'steps', steps: [request({ fn: 4, address: op.regstart, count: op.regnum })] };
    case 'rao':
      return { kind: 'steps', steps: [request({ fn: 3, address: op.regstart, count: op.regnum })] };
    case 'wdo':
      return {
        kind: 'steps',
        steps: [request({ fn: 15, address: 0, values: op.doinfo.map((v) => v === 1) })],
      };
    case 'wao':
      return {
        kind: 'steps',
        steps: [
          request({ fn: 16, address: device.aoRegister ?? DEFAULT_AO_REGISTER, values: [...op.aoinfo] }),
        ],
      };
    case 'waohex': {
      const w = registerWriteOf(op.aoinfos);
      if (w === null) return { kind: 'unsupported', reason: 'aoinfos: not a register write' };
      const values = Array.from(
        { length: w.bytes.length / 2 },
        (_, i) => (w.bytes[2 * i]! << 8) | w.bytes[2 * i + 1]!,
      );
      return { kind: 'steps', steps: [request({ fn: 16, address: w.start, values })] };
    }
    case 'read':
      return { kind: 'cyclic', count: op.cnt, intervalMs: op.cycletime };
    case 'readall':
      return { kind: 'steps', steps: stateReads(device).map(request) };
    default:
      return { kind: 'unsupported', reason: `${op.opr} is not carried by the base register map` };
  }
}
