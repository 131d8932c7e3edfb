/**
 * How an operation of the catalogue is carried out on a device with the base register map: the
 * Modbus requests to send, the pauses between them, and the reads whose answers are the result.
 * Pure: the device link executes the plan. docs/protocol.md § Operation plans.
 */
import { clampChannelCount } from '../channels.js';
import type { ChannelCounts } from '../equipment/record.js';
import type { ModbusRequest } from '../modbus/pdu.js';
import {
  CLOCK_REGISTER,
  encodeClock,
  encodeSlaveTable,
  LORA_COMMAND_REGISTER,
  LORA_COMMANDS,
  LORA_INTERVAL_REGISTER,
  LORA_KEEP_AWAKE_UNIT_MS,
  LORA_RADIO_REGISTER,
  LORA_RADIO_REGISTERS,
  LORA_SLAVES_REGISTER,
  LORA_SLAVES_REGISTERS,
  LORA_STATE_REGISTER,
  STATUS_REGISTER,
  STATUS_REGISTERS,
} from '../device-registers.js';
import type { ClockFields } from '../device-registers.js';
import { DEFAULT_AO_REGISTER } from '../register-map.js';
import { LORA_KEEP_AWAKE, LORA_KEEP_AWAKE_DEFAULT_MS } from './lora.js';
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
  /** Not carried by the device (a type without outputs asked to switch them, a bad register write). */
  | { readonly kind: 'unsupported'; readonly reason: string };

export interface PlanDevice {
  readonly counts: ChannelCounts;
  /** fAOReg, the first AO holding register (400 unless set). */
  readonly aoRegister?: number;
  /**
   * The first coil (DO), discrete input (DI) and input register (AI) of channel 1; 0 unless set
   * (a board of another maker may put them elsewhere: docs/protocol.md § Register map).
   */
  readonly starts?: { readonly do: number; readonly di: number; readonly ai: number };
}

const NO_STARTS = { do: 0, di: 0, ai: 0 } as const;

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
  const starts = device.starts ?? NO_STARTS;
  if (doCount > 0) reads.push({ fn: 1, address: starts.do, count: doCount });
  if (diCount > 0) reads.push({ fn: 2, address: starts.di, count: diCount });
  if (aiCount > 0) reads.push({ fn: 4, address: starts.ai, count: aiCount });
  if (aoCount > 0) reads.push({ fn: 3, address: device.aoRegister ?? DEFAULT_AO_REGISTER, count: aoCount });
  return reads;
}

/**
 * The plan of an operation on a device. The operation must have passed
 * checkOperationChannels for the device; a plan never addresses a channel past the counts.
 */
export function planOperation(op: Operation, device: PlanDevice): OperationPlan {
  const doCount = clampChannelCount(device.counts.do);
  const starts = device.starts ?? NO_STARTS;
  const all = (value: boolean): OperationPlan =>
    doCount === 0
      ? { kind: 'unsupported', reason: 'this type has no outputs' }
      : {
          kind: 'steps',
          steps: [request({ fn: 15, address: starts.do, values: new Array<boolean>(doCount).fill(value) })],
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
      const address = starts.do + op.io - 1;
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
            address: starts.do + op.io - 1,
            count: op.cnt,
            onMs: tenths(op.timer1),
            offMs: tenths(op.timer2),
          },
        ],
      };
    case 'rdo':
      return {
        kind: 'steps',
        steps: [request({ fn: 1, address: starts.do + op.regstart, count: op.regnum })],
      };
    case 'rdi':
      return {
        kind: 'steps',
        steps: [request({ fn: 2, address: starts.di + op.regstart, count: op.regnum })],
      };
    case 'rai':
      return {
        kind: 'steps',
        steps: [request({ fn: 4, address: starts.ai + op.regstart, count: op.regnum })],
      };
    case 'rao':
      return { kind: 'steps', steps: [request({ fn: 3, address: op.regstart, count: op.regnum })] };
    case 'wdo':
      return {
        kind: 'steps',
        steps: [request({ fn: 15, address: starts.do, values: op.doinfo.map((v) => v === 1) })],
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
    case 'readsoc':
      return { kind: 'steps', steps: [request({ fn: 4, address: STATUS_REGISTER, count: 1 })] };
    case 'READGPS':
      return {
        kind: 'steps',
        steps: [request({ fn: 4, address: STATUS_REGISTER + 1, count: STATUS_REGISTERS - 1 })],
      };
    case 'LoraAutoCfg':
      return teamCommand(op.code, 0);
    case 'loraautocfg':
      return teamCommand(
        op.loracode,
        op.loracode === LORA_KEEP_AWAKE
          ? (op.delay ?? LORA_KEEP_AWAKE_DEFAULT_MS) / LORA_KEEP_AWAKE_UNIT_MS
          : 0,
      );
    case 'LoraClearSlave':
      return teamCommand(LORA_COMMANDS.clearSlaves, 0);
    case 'LoraRParam':
      return { kind: 'steps', steps: [readRadio] };
    case 'LoraWParam':
      return {
        kind: 'steps',
        steps: [
          request({
            fn: 16,
            address: LORA_RADIO_REGISTER,
            values: [op.netId, op.channel, op.airRate, op.power],
          }),
          readRadio,
        ],
      };
    case 'lorarconfig':
      return { kind: 'steps', steps: [readSlaves] };
    case 'lorawconfig':
      return {
        kind: 'steps',
        steps: [
          request({ fn: 16, address: LORA_SLAVES_REGISTER, values: encodeSlaveTable(op.slaves) }),
          readSlaves,
        ],
      };
    case 'LoRaRTiming':
      return { kind: 'steps', steps: [readInterval] };
    case 'LoRaWTiming':
      return {
        kind: 'steps',
        steps: [request({ fn: 16, address: LORA_INTERVAL_REGISTER, values: [op.interval] }), readInterval],
      };
  }
}

const readRadio = request({ fn: 3, address: LORA_RADIO_REGISTER, count: LORA_RADIO_REGISTERS });
const readSlaves = request({ fn: 3, address: LORA_SLAVES_REGISTER, count: LORA_SLAVES_REGISTERS });
const readInterval = request({ fn: 3, address: LORA_INTERVAL_REGISTER, count: 1 });

/** A team host command (§ Team host): the code and its argument in one write, then the state and the table read back. */
function teamCommand(code: number, argument: number): OperationPlan {
  return {
    kind: 'steps',
    steps: [
      request({ fn: 16, address: LORA_COMMAND_REGISTER, values: [code, Math.round(argument)] }),
      request({ fn: 3, address: LORA_STATE_REGISTER, count: 1 }),
      readSlaves,
    ],
  };
}

/** The time sync: the device clock set to these local fields with one FC16 (§ Clock). */
export function clockWrite(fields: ClockFields): ModbusRequest {
  return { fn: 16, address: CLOCK_REGISTER, values: encodeClock(fields) };
}

/** The status block read (§ Status block): SOC and GPS. */
export const statusRead: ModbusRequest = { fn: 4, address: STATUS_REGISTER, count: STATUS_REGISTERS };
