/**
 * Who manages a device's link (docs/api.md § PATCH /equipment/:id, link settings): its owner and
 * administrators (authority 1000 and up), never a grantee, whatever their level. Sub-devices have
 * no link of their own.
 */
import type { Equipment, Permission } from '../../api/equipment';
import { authorityGroups } from '../../routes/access';

export function mayManageLink(
  record: Pick<Equipment, 'parentId'>,
  permission: Permission | undefined,
  authority: number | undefined,
): boolean {
  if (record.parentId !== null) return false;
  return permission?.owner === true || authorityGroups(authority ?? -1).includes('admin');
}
