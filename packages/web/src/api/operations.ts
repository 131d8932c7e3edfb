/**
 * Device operations (docs/api.md § Operations): the body is an operation of the catalogue
 * (`Operation` of the protocol package, channels counted from 1); the reply says whether every
 * step ran or the operation goes on after the reply. The new state arrives on the live channel.
 * Beside the operation, the body may carry the user's `password` (secured operation).
 */
import type { Operation, OperationRequestInput } from '@fieldlink/protocol';
import { post } from './http';

export interface OperationReply {
  /** `started` when the operation goes on after the reply (delays, cycles, the cyclic read). */
  readonly status: 'done' | 'started';
  /** The device's answer to the last request sent before the reply. */
  readonly response: Readonly<Record<string, unknown>> | null;
  /** What an operation that reads device registers found, as a live-channel message. */
  readonly result: { readonly infotype: string; readonly info: Readonly<Record<string, unknown>> } | null;
}

export interface OperateOptions {
  /**
   * The user's current password, for a user who confirms operations with it (`confirmOperations`
   * with `operationPassword`): the server refuses their writes without it (403 `password_required`, a wrong
   * one 403 `wrong_password`, too many wrong ones 429). Sent with this request only, never kept.
   */
  readonly password?: string;
  readonly signal?: AbortSignal;
}

export function operate(
  equipmentId: number,
  operation: Operation,
  options: OperateOptions = {},
): Promise<OperationReply> {
  const body: OperationRequestInput =
    options.password === undefined ? operation : { ...operation, password: options.password };
  return post<OperationReply>(`/equipment/${equipmentId}/operations`, body, { signal: options.signal });
}
