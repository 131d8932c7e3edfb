/**
 * The share dialog's rules (docs/api.md § Sharing, Rules), as i18n keys of what is wrong: the
 * same bounds the server holds codes to, checked before anything is sent.
 */
import { SHARE_MAX_COUNT, SHARE_VALIDITIES } from '@fieldlink/protocol';
import type { ShareLevel, ShareValidity } from '../../api/sharing';
import type { MessageKey } from '../../i18n';

export { SHARE_MAX_COUNT, SHARE_VALIDITIES };

export interface ShareFormValues {
  level: ShareLevel;
  validity: ShareValidity;
  /** What the field holds: null when empty or not a number. */
  maxCount: number | null;
  camera: boolean;
  slaves: boolean;
}

export const SHARE_FORM_DEFAULTS: Omit<ShareFormValues, 'level'> = {
  validity: '1d',
  maxCount: 1,
  camera: false,
  slaves: false,
};

/** How many redemptions: a whole number from 1 to 1000. */
export function maxCountProblem(value: unknown): MessageKey | null {
  if (value === null || value === undefined || value === '') return 'sharing.validation.maxCountRequired';
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > SHARE_MAX_COUNT) {
    return 'sharing.validation.maxCountRange';
  }
  return null;
}

/** Only read-only codes may be permanent. */
export function validityProblem(level: ShareLevel | undefined, validity: unknown): MessageKey | null {
  if (validity === undefined || validity === null) return 'sharing.validation.validityRequired';
  if (validity === 'permanent' && level !== 'read') return 'sharing.validation.permanentReadOnly';
  return null;
}
