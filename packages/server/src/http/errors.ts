/**
 * The one error shape of the API: `{ error: { code, message } }` with the matching status.
 * Routes throw ApiError; the handler in http/error-handler.ts turns everything into that shape.
 */
export const ERROR_CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The account is disabled by an administrator: no sign-in, no refresh (accounts/access.ts). */
  account_disabled: 403,
  /** A secured operation without the user's password (gateway/devices/operation-password.ts). */
  password_required: 403,
  /** A secured operation with a password that is not the user's. */
  wrong_password: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_CODES[code];
  }
}

export interface ErrorBody {
  readonly error: { readonly code: ErrorCode; readonly message: string };
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}
