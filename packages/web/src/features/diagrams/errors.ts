/**
 * What to tell the user when a diagram call fails: a project gone (404) in their language, other
 * failures as the console words network trouble and otherwise in the server's own words (they name
 * what is wrong: a problem's path in an imported document, the 500-project bound).
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { describeError } from '../auth/errors';

export function diagramErrorReason(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 404) return t('diagrams.projects.errors.notFound');
  return describeError(error, t);
}
