/**
 * The user's rights on each equipment and the permission levels of §4 (0 none, 1 read,
 * 2 operate, 3 edit, 4 delete; operate and camera flags apart). The record carries the server's
 * answer; before it arrives the tree's level stands in for it.
 */
import { permissionLevel } from '@fieldlink/protocol';
import type { Permission } from '../api/equipment';

/** Rights from a level alone. Edit (3) does not imply operating, so it reads operate 0 until the record says. */
export function permissionFromLevel(level: number): Permission {
  const flags = {
    read: level >= 1,
    operate: level === 2,
    edit: level >= 3,
    delete: level >= 4,
    camera: false,
  };
  const p = permissionLevel(flags);
  return { ...p, read: flags.read, edit: flags.edit, delete: flags.delete, owner: false, until: null };
}

/** Outputs may be switched and written. */
export const canOperate = (p: Permission | undefined): boolean => p?.operate === 1;
/** Settings and rule pages may be changed. */
export const canConfigure = (p: Permission | undefined): boolean => (p?.level ?? 0) >= 3;
