/**
 * Changing a grant (the specification's EquipModifyAuthority): the form's values, its rules as
 * i18n keys, and the PATCH body holding only what changed (a field left out stays, so an expired
 * grant's past end is never sent back as a new one).
 */
import type { Grant, GrantPatch, ShareLevel } from '../../api/sharing';
import type { MessageKey } from '../../i18n';

export type EndMode = 'at' | 'none';

export interface GrantFormValues {
  level: ShareLevel;
  camera: boolean;
  slaves: boolean;
  endMode: EndMode;
  /** Epoch milliseconds of the end, when `endMode` is 'at'; null when not chosen. */
  end: number | null;
}

export function grantFormValues(grant: Grant): GrantFormValues {
  return {
    level: grant.level,
    camera: grant.camera,
    slaves: grant.slaves,
    endMode: grant.expiresAt === null ? 'none' : 'at',
    end: grant.expiresAt === null ? null : Date.parse(grant.expiresAt),
  };
}

const originalEnd = (grant: Grant): number | null =>
  grant.expiresAt === null ? null : Date.parse(grant.expiresAt);

/**
 * What is wrong with the end: only read-only access may have no end, and a new end must be in
 * the future (an unchanged one may have passed: it is not sent).
 */
export function endProblem(
  grant: Grant,
  values: Pick<GrantFormValues, 'level' | 'endMode' | 'end'>,
  now: number,
): MessageKey | null {
  if (values.endMode === 'none') {
    return values.level === 'read' ? null : 'sharing.validation.noEndReadOnly';
  }
  if (values.end === null) return 'sharing.validation.endRequired';
  if (values.end !== originalEnd(grant) && values.end <= now) return 'sharing.validation.endPast';
  return null;
}

/** The PATCH body: the fields whose values differ from the grant's. */
export function grantPatch(grant: Grant, values: GrantFormValues, isHost: boolean): GrantPatch {
  const change: GrantPatch = {};
  if (values.level !== grant.level) change.level = values.level;
  if (values.camera !== grant.camera) change.camera = values.camera;
  if (isHost && values.slaves !== grant.slaves) change.slaves = values.slaves;
  const end = values.endMode === 'none' ? null : values.end;
  if (end !== originalEnd(grant)) change.expiresAt = end === null ? null : new Date(end).toISOString();
  return change;
}
