import { ABILITIES } from '@fieldlink/protocol';
import type { Ability } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS_MODES, allowedOnly, can } from './access';
import type { Access, AccessNeed, AccessRule } from './access';

const user = (roles: string[], abilities: Ability[]): Access => ({ admin: false, roles, abilities });
const ADMIN: Access = { admin: true, roles: [], abilities: [] };
/** §6's demo users. */
const EDITOR = user(['editor'], ['READ', 'WRITE']);
const TEST = user(['admin', 'editor'], ['READ']);

describe('can: the three modes (§6)', () => {
  // [need, held roles, held abilities, granted]
  const cases: [string, AccessRule, string[], Ability[], boolean][] = [
    ['oneOf roles: one held', { roles: ['editor', 'boss'] }, ['editor'], [], true],
    ['oneOf roles: none held', { roles: ['editor', 'boss'] }, ['viewer'], [], false],
    ['oneOf abilities: one held', { abilities: ['WRITE', 'DELETE'], mode: 'oneOf' }, [], ['WRITE'], true],
    ['oneOf abilities: none held', { abilities: ['WRITE', 'DELETE'] }, [], ['READ'], false],
    ['allOf roles: all held', { roles: ['a', 'b'], mode: 'allOf' }, ['b', 'a', 'c'], [], true],
    ['allOf roles: one missing', { roles: ['a', 'b'], mode: 'allOf' }, ['a'], [], false],
    ['allOf abilities: all held', { abilities: ['READ', 'OPR'], mode: 'allOf' }, [], ['OPR', 'READ'], true],
    ['allOf abilities: one missing', { abilities: ['READ', 'OPR'], mode: 'allOf' }, [], ['READ'], false],
    ['except roles: none held', { roles: ['guest'], mode: 'except' }, ['editor'], [], true],
    ['except roles: one held', { roles: ['guest', 'banned'], mode: 'except' }, ['banned'], [], false],
    ['except abilities: none held', { abilities: ['DELETE'], mode: 'except' }, [], ['READ'], true],
    ['except abilities: held', { abilities: ['DELETE'], mode: 'except' }, [], ['DELETE'], false],
    ['both lists: both pass', { roles: ['editor'], abilities: ['WRITE'] }, ['editor'], ['WRITE'], true],
    ['both lists: the role fails', { roles: ['editor'], abilities: ['WRITE'] }, ['x'], ['WRITE'], false],
    [
      'both lists: the ability fails',
      { roles: ['editor'], abilities: ['WRITE'] },
      ['editor'],
      ['READ'],
      false,
    ],
    [
      'both lists, except: one held',
      { roles: ['a'], abilities: ['OPR'], mode: 'except' },
      [],
      ['OPR'],
      false,
    ],
    ['nothing asked', {}, [], [], true],
    ['empty lists ask nothing', { roles: [], abilities: [], mode: 'allOf' }, [], [], true],
    ['roles match by exact name', { roles: ['Editor'] }, ['editor'], [], false],
  ];
  it.each(cases)('%s', (_, need, roles, abilities, granted) => {
    expect(can(user(roles, abilities), need)).toBe(granted);
  });

  it('an array is a oneOf role list', () => {
    expect(can(EDITOR, ['admin', 'editor'])).toBe(true);
    expect(can(EDITOR, ['admin'])).toBe(false);
    expect(can(TEST, ['admin'])).toBe(true);
    expect(can(EDITOR, [])).toBe(true);
  });

  it("the admin flag grants everything, even what the user's lists refuse", () => {
    expect(can(ADMIN, ['nobody'])).toBe(true);
    expect(can(ADMIN, { abilities: ['DELETE'], mode: 'allOf' })).toBe(true);
    expect(can({ ...ADMIN, roles: ['guest'] }, { roles: ['guest'], mode: 'except' })).toBe(true);
  });

  it('grants nothing asked-for before the access is known', () => {
    expect(can(null, ['editor'])).toBe(false);
    expect(can(undefined, { abilities: ['READ'] })).toBe(false);
    expect(can(null, { roles: ['x'], mode: 'except' })).toBe(false);
    expect(can(null, {})).toBe(true);
  });

  it("§6's demo users", () => {
    expect(can(EDITOR, { abilities: ['WRITE'] })).toBe(true);
    expect(can(EDITOR, { abilities: ['DELETE'] })).toBe(false);
    expect(can(TEST, { roles: ['admin', 'editor'], mode: 'allOf' })).toBe(true);
    expect(can(TEST, { abilities: ['WRITE'] })).toBe(false);
  });
});

const name = fc.constantFrom('admin', 'editor', 'viewer', 'guest', 'ops');
const names = fc.uniqueArray(name, { maxLength: 5 });
const abilities = fc.uniqueArray(fc.constantFrom(...ABILITIES), { maxLength: 4 });
const access = fc.record({ admin: fc.constant(false), roles: names, abilities });
const mode = fc.constantFrom(...ACCESS_MODES);
const rule = fc.record({ roles: names, abilities, mode }, { requiredKeys: [] });
const need: fc.Arbitrary<AccessNeed> = fc.oneof(names, rule);

describe('can: properties', () => {
  it('admin grants every need', () => {
    fc.assert(fc.property(access, need, (a, n) => can({ ...a, admin: true }, n)));
  });

  it('an array need is the oneOf rule of those roles', () => {
    fc.assert(fc.property(access, names, (a, r) => can(a, r) === can(a, { roles: r, mode: 'oneOf' })));
  });

  it('on one non-empty list, except is the opposite of oneOf, and allOf implies oneOf', () => {
    fc.assert(
      fc.property(access, names, abilities, (a, r, ab) => {
        for (const rule of [{ roles: r }, { abilities: ab }] as AccessRule[]) {
          const list = rule.roles ?? rule.abilities ?? [];
          if (list.length === 0) continue;
          expect(can(a, { ...rule, mode: 'except' })).toBe(!can(a, { ...rule, mode: 'oneOf' }));
          if (can(a, { ...rule, mode: 'allOf' })) expect(can(a, { ...rule, mode: 'oneOf' })).toBe(true);
        }
      }),
    );
  });

  it('holding more never loses oneOf or allOf, and never gains except', () => {
    fc.assert(
      fc.property(access, names, abilities, rule, (a, moreRoles, moreAbilities, r) => {
        const more: Access = {
          admin: false,
          roles: [...new Set([...a.roles, ...moreRoles])],
          abilities: [...new Set([...a.abilities, ...moreAbilities])],
        };
        if ((r.mode ?? 'oneOf') === 'except') {
          if (can(more, r)) expect(can(a, r)).toBe(true);
        } else if (can(a, r)) expect(can(more, r)).toBe(true);
      }),
    );
  });
});

describe('allowedOnly', () => {
  const items = [
    { key: 'open', need: undefined },
    { key: 'edit', need: { abilities: ['WRITE'] } as AccessNeed },
    { key: 'remove', need: { abilities: ['DELETE'] } as AccessNeed },
    { key: 'editors', need: ['editor'] as AccessNeed },
  ];

  it('removes the elements whose access is denied and keeps the order', () => {
    expect(allowedOnly(items, EDITOR, (i) => i.need).map((i) => i.key)).toEqual(['open', 'edit', 'editors']);
    expect(allowedOnly(items, ADMIN, (i) => i.need).map((i) => i.key)).toEqual([
      'open',
      'edit',
      'remove',
      'editors',
    ]);
    expect(allowedOnly(items, null, (i) => i.need).map((i) => i.key)).toEqual(['open']);
  });

  it('is the filter of can, for any access and needs', () => {
    fc.assert(
      fc.property(access, fc.array(fc.option(need, { nil: undefined }), { maxLength: 8 }), (a, needs) => {
        const kept = allowedOnly(needs, a, (n) => n);
        expect(kept).toEqual(needs.filter((n) => n === undefined || can(a, n)));
      }),
    );
  });
});
