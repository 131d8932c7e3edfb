import { describe, expect, it } from 'vitest';
import { authorityChoices, formValuesOf, groupOf, MAX_ROLES, rolesProblem, userPatch } from './user-form';
import { adminUser } from './test-support';

describe('authority choices (§2 groups with their numbers)', () => {
  it('one per group threshold, in order', () => {
    expect(authorityChoices(4, false).map((c) => [c.value, c.group])).toEqual([
      [0, 'visitor'],
      [4, 'user'],
      [5, 'silver'],
      [6, 'gold'],
      [7, 'extraGold'],
      [8, 'diamond'],
      [10, 'test'],
      [100, 'manager'],
      [1000, 'admin'],
    ]);
    expect(authorityChoices(4, false).every((c) => !c.disabled)).toBe(true);
  });

  it("keeps an account's own level between thresholds, named by the group it reaches", () => {
    const choices = authorityChoices(42, false);
    expect(choices.map((c) => c.value)).toEqual([0, 4, 5, 6, 7, 8, 10, 42, 100, 1000]);
    expect(choices.find((c) => c.value === 42)?.group).toBe('test');
    expect(groupOf(-1)).toBeUndefined();
    expect(authorityChoices(-1, false)[0]).toEqual({ value: -1, group: undefined, disabled: false });
  });

  it('for one’s own account only the administrator levels, at the bound and past it', () => {
    const choices = authorityChoices(1000, true);
    expect(choices.filter((c) => !c.disabled).map((c) => c.value)).toEqual([1000]);
    expect(choices.find((c) => c.value === 100)?.disabled).toBe(true);
  });
});

describe('roles', () => {
  it.each([
    [['admin', 'editor'], null],
    [['a'], null],
    [['a'.repeat(32)], null],
    [['a'.repeat(33)], 'roleName'],
    [['1st'], 'roleName'],
    [['has space'], 'roleName'],
    [['ok_-9'], null],
    [[''], 'roleName'],
  ])('%j → %s', (roles, problem) => {
    expect(rolesProblem(roles)).toBe(problem);
  });

  it(`at most ${MAX_ROLES}, and one more is refused`, () => {
    const many = Array.from({ length: MAX_ROLES + 1 }, (_, i) => `r${i}`);
    expect(rolesProblem(many.slice(0, MAX_ROLES))).toBeNull();
    expect(rolesProblem(many)).toBe('tooManyRoles');
  });
});

describe('the change sent', () => {
  const user = adminUser(3, 'editor', { authority: 100, roles: ['editor'], abilities: ['READ', 'WRITE'] });

  it('holds nothing when nothing changed, order of roles and abilities aside', () => {
    expect(userPatch(user, formValuesOf(user))).toEqual({});
    expect(userPatch(user, { authority: 100, roles: ['editor'], abilities: ['WRITE', 'READ'] })).toEqual({});
  });

  it('holds only the fields that changed, abilities in the contract order, roles trimmed and unique', () => {
    expect(userPatch(user, { ...formValuesOf(user), authority: 10 })).toEqual({ authority: 10 });
    expect(userPatch(user, { ...formValuesOf(user), roles: ['editor', ' ops ', 'ops'] })).toEqual({
      roles: ['editor', 'ops'],
    });
    expect(userPatch(user, { ...formValuesOf(user), abilities: ['DELETE', 'READ', 'OPR'] })).toEqual({
      abilities: ['READ', 'OPR', 'DELETE'],
    });
    expect(userPatch(user, { authority: 0, roles: [], abilities: [] })).toEqual({
      authority: 0,
      roles: [],
      abilities: [],
    });
  });
});
