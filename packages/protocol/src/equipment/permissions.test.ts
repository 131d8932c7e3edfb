// Checks docs/protocol.md § Permission levels.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorityFlagsFromRecord, permissionLevel } from './permissions.js';
import type { AuthorityFlags } from './permissions.js';

const none: AuthorityFlags = { read: false, operate: false, edit: false, delete: false, camera: false };

describe('permissionLevel', () => {
  it.each<[string, Partial<AuthorityFlags>, { level: number; operate: number; camera: number }]>([
    ['none', {}, { level: 0, operate: 0, camera: 0 }],
    ['read', { read: true }, { level: 1, operate: 0, camera: 0 }],
    ['operate', { read: true, operate: true }, { level: 2, operate: 1, camera: 0 }],
    ['edit without operate', { read: true, edit: true }, { level: 3, operate: 0, camera: 0 }],
    ['edit with operate', { read: true, operate: true, edit: true }, { level: 3, operate: 1, camera: 0 }],
    ['delete', { delete: true }, { level: 4, operate: 1, camera: 0 }],
    [
      'all',
      { read: true, operate: true, edit: true, delete: true, camera: true },
      { level: 4, operate: 1, camera: 1 },
    ],
    ['camera only', { camera: true }, { level: 0, operate: 0, camera: 1 }],
  ])('%s', (_name, flags, permission) => {
    expect(permissionLevel({ ...none, ...flags })).toEqual(permission);
  });

  it('the level is the highest flag', () => {
    const flags = fc.record({
      read: fc.boolean(),
      operate: fc.boolean(),
      edit: fc.boolean(),
      delete: fc.boolean(),
      camera: fc.boolean(),
    });
    fc.assert(
      fc.property(flags, (f) => {
        const p = permissionLevel(f);
        const want = Math.max(0, ...[f.read, f.operate, f.edit, f.delete].map((on, i) => (on ? i + 1 : 0)));
        expect(p.level).toBe(want);
        expect(p.operate).toBe(f.operate || f.delete ? 1 : 0);
        expect(p.camera).toBe(f.camera ? 1 : 0);
      }),
    );
  });
});

describe('authorityFlagsFromRecord', () => {
  it('reads 0/1, booleans and strings', () => {
    expect(
      authorityFlagsFromRecord({ fRead: 1, fOpr: '1', fEdit: true, fDelete: 'false', fCamera: 0 }),
    ).toEqual({
      read: true,
      operate: true,
      edit: true,
      delete: false,
      camera: false,
    });
  });

  it('reads missing or unreadable records as no rights', () => {
    expect(authorityFlagsFromRecord(null)).toEqual(none);
    expect(authorityFlagsFromRecord('x')).toEqual(none);
    expect(authorityFlagsFromRecord({ fRead: null, fOpr: Number.NaN, fEdit: '' })).toEqual(none);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (record) => {
        expect(permissionLevel(authorityFlagsFromRecord(record)).level).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
