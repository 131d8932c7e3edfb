/**
 * Device operations (docs/api.md § Operations): the body is an operation of the catalogue
 * (`Operation` of the protocol package, channels counted from 1); the reply says whether every
 * step ran or the operation goes on after the reply. The new state arrives on the live channel.
 */
import type { Operation } from '@fieldlink/protocol';
import { post } from './http';

export interface OperationReply {
  /** `started` when the operation goes on after the reply (delays, cycles, the cyclic read). */
  readonly status: 'done' | 'started';
  /** The device's answer to the last request sent before the reply. */
  readonly response: Readonly<Record<string, unknown>> | null;
  /** What an operation that reads device registers found, as a live-channel message. */
  readonly result: { readonly infotype: string; readonly info: Readonly<Record<string, unknown>> } | null;
}

export function operate(
  equipmentId: number,
  operation: Operation,
  signal?: AbortSignal,
): Promise<OperationReply> {
  return post<OperationReply>(`/equipment/${equipmentId}/operations`, operation, { signal });
}
