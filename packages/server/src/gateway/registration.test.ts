/** The registration packet: serial, optional secret, line end, the bytes left for the link. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REGISTRATION_LENGTH, parseRegistration } from './registration.js';

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('parseRegistration', () => {
  it('reads a serial number alone, upper-cased, from the whole first chunk', () => {
    expect(parseRegistration(ascii('ab12-cd.34'))).toEqual({
      ok: true,
      serial: 'AB12-CD.34',
      secret: null,
      rest: new Uint8Array(0),
    });
  });

  it('reads a secret after the first colon; the secret may hold colons and spaces', () => {
    const parsed = parseRegistration(ascii('DTU00001:s3cr:et with space'));
    expect(parsed).toMatchObject({ ok: true, serial: 'DTU00001', secret: 's3cr:et with space' });
  });

  it('ends at the first newline, drops a CR before it, and hands the rest to the link', () => {
    const frame = [0xfe, 0x01, 0x01, 0x00, 0x61, 0x9c];
    const chunk = new Uint8Array([...ascii('DTU00001:pw\r\nping'), ...frame]);
    const parsed = parseRegistration(chunk);
    expect(parsed).toMatchObject({ ok: true, serial: 'DTU00001', secret: 'pw' });
    expect(parsed.ok && [...parsed.rest]).toEqual([...ascii('ping'), ...frame]);
    expect(parseRegistration(ascii('DTU00001\n'))).toMatchObject({ ok: true, secret: null });
  });

  it('refuses what is not a registration, without showing a secret', () => {
    const cases: [string | Uint8Array, RegExp][] = [
      ['', /empty/],
      ['\r\n', /empty/],
      ['ABC', /serial/],
      ['A'.repeat(33), /serial/],
      ['DTU_0001', /serial/],
      ['DTU00001:', /secret/],
      [`DTU00001:${'x'.repeat(65)}`, /secret/],
      ['DTU00001\r', /printable/],
      [new Uint8Array([0x44, 0x54, 0x55, 0x00, 0x31, 0x32]), /printable/],
      ['A'.repeat(MAX_REGISTRATION_LENGTH + 1), /longer than 128/],
      [`DTU00001:${'x'.repeat(130)}\nping`, /longer than 128/],
    ];
    for (const [input, error] of cases) {
      const parsed = parseRegistration(typeof input === 'string' ? ascii(input) : input);
      expect(parsed.ok, String(input)).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error).toMatch(error);
        expect(parsed.shown).not.toMatch(/x{10}/);
      }
    }
    const shown = parseRegistration(new Uint8Array([0x41, 0x00, 0x5c, 0xff]));
    expect(shown).toMatchObject({ ok: false, shown: 'A\\x00\\x5c\\xff' });
  });

  it('takes exactly 128 bytes, and 4-32 character serials', () => {
    const longest = `DTU00001:${'s'.repeat(64)}`;
    expect(longest.length).toBeLessThanOrEqual(MAX_REGISTRATION_LENGTH);
    expect(parseRegistration(ascii(longest))).toMatchObject({ ok: true, secret: 's'.repeat(64) });
    expect(parseRegistration(ascii('A'.repeat(32)))).toMatchObject({ ok: true, serial: 'A'.repeat(32) });
    expect(parseRegistration(ascii('a.-1'))).toMatchObject({ ok: true, serial: 'A.-1' });
  });

  it('never throws on random bytes, and any accepted registration is well formed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const parsed = parseRegistration(bytes);
        if (parsed.ok) {
          expect(parsed.serial).toMatch(/^[A-Z0-9.-]{4,32}$/);
          expect(parsed.secret === null || (parsed.secret.length >= 1 && parsed.secret.length <= 64)).toBe(
            true,
          );
          expect(parsed.rest.length).toBeLessThan(bytes.length);
        } else {
          expect(parsed.shown.length).toBeLessThanOrEqual(160);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('gives back any valid serial, secret and trailing bytes', () => {
    const serial = fc.stringMatching(/^[A-Za-z0-9.-]{4,32}$/);
    const secret = fc.option(fc.stringMatching(/^[\x20-\x7e]{1,64}$/), { nil: null });
    const end = fc.constantFrom('\n', '\r\n');
    fc.assert(
      fc.property(serial, secret, end, fc.uint8Array({ maxLength: 40 }), (sn, pw, eol, rest) => {
        const text = pw === null ? sn : `${sn}:${pw}`;
        const parsed = parseRegistration(new Uint8Array([...ascii(text + eol), ...rest]));
        expect(parsed).toEqual({ ok: true, serial: sn.toUpperCase(), secret: pw, rest });
        expect(parseRegistration(ascii(text))).toMatchObject({ ok: true, secret: pw });
      }),
    );
  });
});
