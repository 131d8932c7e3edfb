// docs/protocol.md § Compressed payloads (base64).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.js';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('base64', () => {
  // RFC 4648 § 10 test vectors.
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('%j ↔ %j', (plain, encoded) => {
    expect(encodeBase64(ascii(plain))).toBe(encoded);
    expect(decodeBase64(encoded)).toEqual(ascii(plain));
  });

  it('uses + and / for 62 and 63', () => {
    expect(encodeBase64(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('+/+/');
    expect(decodeBase64('+/+/')).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
  });

  it.each([
    ['without padding', 'Zm9vYg', 'foob'],
    ['without padding, 2 left', 'Zm9vYmE', 'fooba'],
    ['wrapped lines', 'Zm9v\r\nYmFy', 'foobar'],
    ['spaces and tabs', ' Zm9v\tYmFy ', 'foobar'],
    ['unused low bits set', 'Zh==', 'f'],
  ])('accepts %s', (_name, encoded, plain) => {
    expect(decodeBase64(encoded)).toEqual(ascii(plain));
  });

  it.each([
    ['one character left over', 'Zm9vY'],
    ['padding that does not complete a group', 'Zg='],
    ['three padding characters', 'Zg==='],
    ['padding in the middle', 'Zg==Zm9v'],
    ['only padding', '===='],
    ['URL-safe alphabet', '-_-_'],
    ['a character outside the alphabet', 'Zm9v!'],
    ['non-ASCII', 'Zm9v中'],
  ])('refuses %s', (_name, encoded) => {
    expect(decodeBase64(encoded)).toBeNull();
  });

  it('matches the standard encoder for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
  });

  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
      }),
    );
  });

  it('never throws on any string, and agrees with the standard decoder on what it accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.base64String()), (s) => {
        const bytes = decodeBase64(s);
        if (bytes !== null) expect(bytes).toEqual(new Uint8Array(Buffer.from(s, 'base64')));
      }),
    );
  });
});
