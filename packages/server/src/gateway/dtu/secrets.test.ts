/** Link secrets: generated, hashed for the registration check, sealed for their owner. */
import { describe, expect, it } from 'vitest';
import {
  GENERATED_SECRET_LENGTH,
  generateLinkSecret,
  hashLinkSecret,
  linkSecretKey,
  linkVerdict,
  openLinkSecret,
  sealLinkSecret,
  storedLinkSecret,
} from './secrets.js';

const key = linkSecretKey(new TextEncoder().encode('a server key of at least thirty-two bytes'));

describe('link secrets', () => {
  it('generates distinct base-62 secrets a DTU can send', () => {
    const secrets = new Set(Array.from({ length: 200 }, generateLinkSecret));
    expect(secrets.size).toBe(200);
    for (const secret of secrets)
      expect(secret).toMatch(new RegExp(`^[A-Za-z0-9]{${GENERATED_SECRET_LENGTH}}$`));
  });

  it('seals a secret for its serial, and opens it only with the same key and serial', () => {
    const sealed = sealLinkSecret(key, 'GW000001', 'open sesame');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('sesame');
    expect(sealLinkSecret(key, 'GW000001', 'open sesame')).not.toBe(sealed);
    expect(openLinkSecret(key, 'GW000001', sealed)).toBe('open sesame');
    expect(openLinkSecret(key, 'GW000002', sealed)).toBeNull();
    expect(openLinkSecret(linkSecretKey(new Uint8Array(32)), 'GW000001', sealed)).toBeNull();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'AB' : 'AA');
    expect(openLinkSecret(key, 'GW000001', tampered)).toBeNull();
    for (const junk of ['', 'v1.', 'v1.abc', 'v2.' + sealed.slice(3), 'plain']) {
      expect(openLinkSecret(key, 'GW000001', junk), junk).toBeNull();
    }
    expect(storedLinkSecret(key, 'GW000001', 'open sesame').link_secret_hash).toBe(
      hashLinkSecret('open sesame'),
    );
  });

  it.each([
    ['the right secret', { hash: 'open sesame', open: 0 }, 'open sesame', { ok: true, authenticated: true }],
    [
      'the right secret on an open link',
      { hash: 'open sesame', open: 1 },
      'open sesame',
      { ok: true, authenticated: true },
    ],
    [
      'a wrong secret',
      { hash: 'open sesame', open: 0 },
      'open sesame!',
      { ok: false, reason: 'wrong secret' },
    ],
    [
      'a wrong secret on an open link',
      { hash: 'open sesame', open: 1 },
      'guess',
      { ok: false, reason: 'wrong secret' },
    ],
    ['no secret', { hash: 'open sesame', open: 0 }, null, { ok: false, reason: 'secret missing' }],
    ['no secret on an open link', { hash: 'open sesame', open: 1 }, null, { ok: true, authenticated: false }],
    ['anything where none is set, open', { hash: null, open: 1 }, 'x', { ok: true, authenticated: false }],
    [
      'nothing where none is set, closed',
      { hash: null, open: 0 },
      null,
      { ok: false, reason: 'no link secret set' },
    ],
    [
      'anything where none is set, closed',
      { hash: null, open: 0 },
      'x',
      { ok: false, reason: 'no link secret set' },
    ],
  ] as const)('judges %s', (_name, row, given, verdict) => {
    const stored = {
      link_secret_hash: row.hash === null ? null : hashLinkSecret(row.hash),
      link_open: row.open,
    };
    expect(linkVerdict(stored, given)).toEqual(verdict);
  });
});
