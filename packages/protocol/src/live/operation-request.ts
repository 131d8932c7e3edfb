/**
 * The body of `POST /api/v1/equipment/:id/operations`: an operation of the catalogue (the info of
 * a damopr message without unid) and the envelope's own field `password`, the user's current
 * password. The server asks for it on every operation that writes when the user's basic param
 * has secured operation with the password (`confirmOperations` and `operationPassword`); it is
 * never part of an operation's payload, so `parseOperation` and the socket's messages do not know
 * it.
 * docs/protocol.md § Device operations.
 */
import { parseOperation } from './operations.js';
import type { Operation, OperationInput } from './operations.js';

/** The password's length bounds: those of any stored password (the sign-in's). */
export const OPERATION_PASSWORD = { min: 1, max: 128 } as const;

/** An operations-call body as a sender writes it. */
export type OperationRequestInput = OperationInput & { readonly password?: string };

export type OperationRequestResult =
  | { readonly ok: true; readonly operation: Operation; readonly password: string | null }
  | { readonly ok: false; readonly error: string };

const PASSWORD_ERROR = `password: a string of ${OPERATION_PASSWORD.min}-${OPERATION_PASSWORD.max} characters`;

/**
 * The body of the operations call → the operation (defaults filled in) and the password, null
 * when absent. Never throws; the error names the field at fault.
 */
export function parseOperationRequest(body: unknown): OperationRequestResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'operation: an object with opr' };
  }
  const { password, ...operation } = body as Record<string, unknown>;
  if (
    password !== undefined &&
    (typeof password !== 'string' ||
      password.length < OPERATION_PASSWORD.min ||
      password.length > OPERATION_PASSWORD.max)
  ) {
    return { ok: false, error: PASSWORD_ERROR };
  }
  const parsed = parseOperation(operation);
  if (!parsed.ok) return parsed;
  return { ok: true, operation: parsed.operation, password: password ?? null };
}
