import { describe, expect, it } from 'vitest';
import { endProblem, grantFormValues, grantPatch } from './grant-form';
import { grantEntry } from './test-support';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

describe("a grant's end", () => {
  const grant = grantEntry({ expiresAt: '2026-04-01T00:00:00.000Z' });

  it('must be after now when it changes: now is refused, a millisecond later is good', () => {
    expect(endProblem(grant, { level: 'operate', endMode: 'at', end: NOW }, NOW)).toBe(
      'sharing.validation.endPast',
    );
    expect(endProblem(grant, { level: 'operate', endMode: 'at', end: NOW + 1 }, NOW)).toBeNull();
  });

  it('may stay in the past when it does not change (an expired grant)', () => {
    const expired = grantEntry({ expiresAt: '2026-01-01T00:00:00.000Z', expired: true });
    const values = grantFormValues(expired);
    expect(endProblem(expired, values, NOW)).toBeNull();
    expect(grantPatch(expired, { ...values, camera: true }, false)).toEqual({ camera: true });
  });

  it('may be none for read-only access only', () => {
    expect(endProblem(grant, { level: 'read', endMode: 'none', end: null }, NOW)).toBeNull();
    for (const level of ['readwrite', 'operate', 'edit', 'delete'] as const) {
      expect(endProblem(grant, { level, endMode: 'none', end: null }, NOW)).toBe(
        'sharing.validation.noEndReadOnly',
      );
    }
  });

  it('must be chosen when the access is to end', () => {
    expect(endProblem(grant, { level: 'read', endMode: 'at', end: null }, NOW)).toBe(
      'sharing.validation.endRequired',
    );
  });
});

describe('the change sent', () => {
  const grant = grantEntry({ expiresAt: '2026-04-01T00:00:00.000Z' });

  it('holds only what changed', () => {
    const values = grantFormValues(grant);
    expect(grantPatch(grant, values, true)).toEqual({});
    expect(grantPatch(grant, { ...values, level: 'edit', slaves: true }, true)).toEqual({
      level: 'edit',
      slaves: true,
    });
    const end = Date.parse('2026-05-01T00:00:00.000Z');
    expect(grantPatch(grant, { ...values, end }, false)).toEqual({ expiresAt: '2026-05-01T00:00:00.000Z' });
  });

  it('never sends sub-devices for a device that is no host', () => {
    expect(grantPatch(grant, { ...grantFormValues(grant), slaves: true }, false)).toEqual({});
  });
});
