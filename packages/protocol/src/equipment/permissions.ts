/**
 * Per-equipment permission levels from the authority record's flags (fRead, fOpr, fEdit,
 * fDelete, fCamera). See docs/protocol.md § Permission levels.
 */

export interface AuthorityFlags {
  readonly read: boolean;
  readonly operate: boolean;
  readonly edit: boolean;
  readonly delete: boolean;
  readonly camera: boolean;
}

/** 0 none, 1 read, 2 operate, 3 edit, 4 delete. */
export type PermissionLevel = 0 | 1 | 2 | 3 | 4;

export interface Permission {
  readonly level: PermissionLevel;
  /** 1 when outputs may be switched. */
  readonly operate: 0 | 1;
  /** 1 when the linked cameras may be viewed. */
  readonly camera: 0 | 1;
}

/**
 * The highest flag sets the level. Operating outputs comes with the operate and the delete
 * flags; edit alone does not grant it (the specification gives edit no operate value, and
 * changing settings is a different right from switching relays). Camera is independent.
 */
export function permissionLevel(flags: AuthorityFlags): Permission {
  const level: PermissionLevel = flags.delete ? 4 : flags.edit ? 3 : flags.operate ? 2 : flags.read ? 1 : 0;
  return {
    level,
    operate: flags.operate || flags.delete ? 1 : 0,
    camera: flags.camera ? 1 : 0,
  };
}

function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && Number.isFinite(value);
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    return s !== '' && s !== '0' && s !== 'false';
  }
  return false;
}

/**
 * The authority record as the server sends it ({fRead, fOpr, fEdit, fDelete, fCamera}; the
 * flags arrive as 0/1, booleans or strings) → flags. Anything missing or unreadable is false.
 */
export function authorityFlagsFromRecord(record: unknown): AuthorityFlags {
  const r: Record<string, unknown> = typeof record === 'object' && record !== null ? { ...record } : {};
  return {
    read: flag(r['fRead']),
    operate: flag(r['fOpr']),
    edit: flag(r['fEdit']),
    delete: flag(r['fDelete']),
    camera: flag(r['fCamera']),
  };
}
