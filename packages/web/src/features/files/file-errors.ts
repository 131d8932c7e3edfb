/**
 * What to tell the user when a file call fails: network failures and the statuses the file
 * store answers (403 read only, 413 too large or over quota, 415 not accepted) in the user's
 * language, with the server's own words where they say which file or how much.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';

/** `reading`: the failed call only read (a 403 then means no access, not read only). */
export function fileErrorText(error: unknown, t: TFunction, { reading = false } = {}): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'network') return t('files.errors.network');
  if (error.code === 'timeout') return t('files.errors.timeout');
  const reason = error.message;
  switch (error.status) {
    case 403:
      return t(reading ? 'files.errors.forbidden' : 'files.errors.readOnly');
    case 404:
      return t('files.errors.notFound', { reason });
    case 413:
      return t('files.errors.tooLarge', { reason });
    case 415:
      return t('files.errors.unsupported', { reason });
    default:
      return t('files.errors.failed', { reason });
  }
}
