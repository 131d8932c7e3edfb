/**
 * How an operation ends for its caller: its outcome (the answers of the requests sent before the
 * reply), or an OperationError saying why it could not be carried out or acknowledged.
 */
import type { ModbusResponse } from '@fieldlink/protocol';
import { LinkTimeoutError } from '../link/device-link.js';

/**
 * Why an operation could not be carried out, or, with `unrecorded`, why it was carried out but
 * cannot be acknowledged: its record could not be stored.
 */
export class OperationError extends Error {
  constructor(
    readonly code: 'offline' | 'unsupported' | 'device' | 'unrecorded',
    message: string,
    /** With `device`: the Modbus exception code the device refused it with. */
    readonly exception?: number,
  ) {
    super(message);
    this.name = 'OperationError';
  }
}

/** The answer of the last request of an operation, for the caller. */
export interface OperationOutcome {
  /** 'done' when every step ran; 'started' when steps go on after the reply (pauses, cycles, cyclic reads). */
  readonly status: 'done' | 'started';
  readonly response: ModbusResponse | null;
  /** The answers to every request sent before the reply, in order. */
  readonly responses: readonly ModbusResponse[];
}

/** The device's refusal of a request, with its Modbus exception code. */
export function refusal(exception: number): OperationError {
  return new OperationError('device', `the device refused it (Modbus exception ${exception})`, exception);
}

/** A request that failed on the link: a silence names the address the device did not answer at. */
export function notAnswered(e: unknown): OperationError {
  return new OperationError(
    'offline',
    e instanceof LinkTimeoutError
      ? `the device did not answer at address ${e.slave}`
      : `the device did not answer: ${String(e)}`,
  );
}
