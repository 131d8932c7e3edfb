import { describe, expect, it } from 'vitest';
import { permissionFromLevel } from '../../equipment/rights';
import { codeState, groupCode, isAdministrator, sharingRole, tierOf, tiersWithin } from './access';
import { codeEntry, granteePermission, OWNER } from './test-support';

describe('tiers and rights', () => {
  it('offers the tiers whose every right is held', () => {
    expect(tiersWithin(OWNER)).toEqual(['read', 'readwrite', 'operate', 'edit', 'delete']);
    expect(tiersWithin(granteePermission({ operate: true }))).toEqual(['read', 'operate']);
    expect(tiersWithin(granteePermission({ edit: true }))).toEqual(['read', 'readwrite']);
    expect(tiersWithin(permissionFromLevel(0))).toEqual([]);
  });

  it("names a grantee's access by its tier (a union of tiers is a tier)", () => {
    expect(tierOf(granteePermission({}))).toBe('read');
    expect(tierOf(granteePermission({ edit: true }))).toBe('readwrite');
    expect(tierOf(granteePermission({ operate: true }))).toBe('operate');
    expect(tierOf(granteePermission({ operate: true, edit: true }))).toBe('edit');
    expect(tierOf(granteePermission({ operate: true, edit: true, delete: true }))).toBe('delete');
    expect(tierOf(permissionFromLevel(0))).toBeNull();
  });

  it('makes administrators (authority 1000 and up) managers, not grantees', () => {
    expect(isAdministrator(999)).toBe(false);
    expect(isAdministrator(1000)).toBe(true);
    expect(sharingRole({ ...OWNER, owner: false }, 1000)).toEqual({
      share: true,
      manage: true,
      grantee: false,
    });
    expect(sharingRole({ ...OWNER, owner: false }, 999)).toEqual({
      share: true,
      manage: false,
      grantee: true,
    });
    expect(sharingRole(OWNER, 4)).toEqual({ share: true, manage: true, grantee: false });
  });
});

describe('codes as listed', () => {
  const NOW = Date.parse('2026-01-10T00:00:00.000Z');

  it('is expired from its end on, revoked before all, used up at its count', () => {
    expect(codeState(codeEntry({ expiresAt: '2026-01-10T00:00:00.001Z' }), NOW)).toBe('active');
    expect(codeState(codeEntry({ expiresAt: '2026-01-10T00:00:00.000Z' }), NOW)).toBe('expired');
    expect(codeState(codeEntry({ usedCount: 2, maxCount: 3 }), NOW)).toBe('active');
    expect(codeState(codeEntry({ usedCount: 3, maxCount: 3 }), NOW)).toBe('usedUp');
    expect(
      codeState(codeEntry({ usedCount: 3, revokedAt: '2026-01-09T00:00:00.000Z', expiresAt: null }), NOW),
    ).toBe('revoked');
  });

  it('groups a code by four for reading aloud', () => {
    expect(groupCode('7K2M9XQ4T0BHN3RVC8WZ5EJDPA')).toBe('7K2M 9XQ4 T0BH N3RV C8WZ 5EJD PA');
    expect(groupCode('ABCD')).toBe('ABCD');
  });
});
