import { describe, expect, it } from 'vitest';
import { testKey } from '../i18n/test-support';
import type { Access } from '../session/access';
import { canPoint, pointNeed } from './points';
import type { RouteEntry } from './table';

const table: RouteEntry[] = [
  {
    path: '/devices',
    titleKey: testKey('devices'),
    points: { remove: { abilities: ['DELETE'] }, publish: ['editor'] },
    children: [
      {
        path: '/devices/:id',
        titleKey: testKey('device'),
        points: { publish: { roles: ['editor', 'owner'], mode: 'allOf' } },
      },
    ],
  },
  { path: '/plain', titleKey: testKey('plain') },
];

const access = (roles: string[], abilities: Access['abilities']): Access => ({
  admin: false,
  roles,
  abilities,
});

describe('button-level permission points (§3)', () => {
  it("a page's own points, and its parents' for a child page", () => {
    expect(pointNeed('/devices', 'remove', table)).toEqual({ abilities: ['DELETE'] });
    expect(pointNeed('/devices/7', 'remove', table)).toEqual({ abilities: ['DELETE'] });
  });

  it('the nearest entry naming the point decides', () => {
    expect(canPoint(access(['editor'], []), '/devices', 'publish', table)).toBe(true);
    expect(canPoint(access(['editor'], []), '/devices/7', 'publish', table)).toBe(false);
    expect(canPoint(access(['owner', 'editor'], []), '/devices/7', 'publish', table)).toBe(true);
  });

  it('checks the need against the access; admin passes', () => {
    expect(canPoint(access([], ['READ', 'DELETE']), '/devices/7', 'remove', table)).toBe(true);
    expect(canPoint(access([], ['READ']), '/devices/7', 'remove', table)).toBe(false);
    expect(canPoint({ admin: true, roles: [], abilities: [] }, '/devices/7', 'remove', table)).toBe(true);
    expect(canPoint(null, '/devices', 'remove', table)).toBe(false);
  });

  it('a point no entry of the page names asks nothing', () => {
    expect(pointNeed('/plain', 'remove', table)).toBeUndefined();
    expect(canPoint(access([], []), '/plain', 'remove', table)).toBe(true);
    expect(canPoint(access([], []), '/devices', 'unnamed', table)).toBe(true);
    expect(canPoint(access([], []), '/nowhere', 'remove', table)).toBe(true);
  });

  it('on the real table the device pages gate deleting by DELETE and operating by OPR', () => {
    const all = access([], ['READ', 'WRITE', 'OPR', 'DELETE']);
    const editor = access(['editor'], ['READ', 'WRITE']);
    for (const path of ['/Equips', '/baseConfig', '/baseConfig/12']) {
      expect(canPoint(all, path, 'deleteEquipment')).toBe(true);
      expect(canPoint(all, path, 'operate')).toBe(true);
      expect(canPoint(editor, path, 'deleteEquipment')).toBe(false);
      expect(canPoint(editor, path, 'operate')).toBe(false);
    }
  });
});
