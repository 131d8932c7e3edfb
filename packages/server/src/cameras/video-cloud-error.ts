/**
 * What can go wrong talking to the video cloud, each with a message a user can act on. Cloud
 * codes are the EZVIZ open platform's (open.ys7.com); the cloud's own `msg` is shown only for a
 * code not listed here.
 */

export type VideoCloudErrorKind =
  /** The camera account has no appKey: there is nothing to call the cloud with. */
  | 'no_app_key'
  /** The token call refused appKey/appSecret. */
  | 'account'
  /** A call still answered 10002 with a token fetched for it. */
  | 'token_rejected'
  /** The cloud answered another code than 200 (device offline, no PTZ …), after the retry. */
  | 'cloud'
  | 'timeout'
  | 'network'
  /** The reply was not the cloud's JSON. */
  | 'bad_reply'
  /** The camera list did not end within 30 pages. */
  | 'list_abnormal';

export class VideoCloudError extends Error {
  constructor(
    readonly kind: VideoCloudErrorKind,
    /** The cloud's reply code when it gave one, otherwise the kind. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'VideoCloudError';
  }
}

/** Token-call codes that mean the account itself is wrong. */
export const ACCOUNT_CODES: ReadonlySet<string> = new Set(['10001', '10005', '10017', '10030']);

export const TOKEN_EXPIRED_CODE = '10002';

const CODE_TEXT: Readonly<Record<string, string>> = {
  '10001': 'a parameter is empty or malformed',
  '10002': 'the access token has expired or is invalid',
  '10005': 'the appKey is frozen',
  '10017': 'the appKey is not known',
  '10029': 'calls are too frequent',
  '10030': 'the appKey and appSecret do not match',
  '10031': 'the sub-account or developer has no permission',
  '20001': 'the channel does not exist',
  '20002': 'the device does not exist',
  '20007': 'the device is offline',
  '20008': 'the device did not answer in time',
  '20018': 'the account does not own the device',
  '49999': 'data error',
  '60000': 'the device does not support PTZ',
  '60001': 'the account may not control PTZ on this device',
  '60002': 'the device cannot tilt further up',
  '60003': 'the device cannot tilt further down',
  '60004': 'the device cannot pan further left',
  '60005': 'the device cannot pan further right',
  '60006': 'the PTZ operation failed',
  '60019': 'the stream is encrypted',
  '60020': 'the device does not support this command',
};

/** Plain words for a cloud code, falling back on the cloud's message. */
export function describeCloudCode(code: string, msg: string | undefined): string {
  return CODE_TEXT[code] ?? (msg?.trim() || 'unknown error');
}

/** `12 s` for whole seconds, `250 ms` otherwise. */
export function formatWait(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
