/** The registration packet: serial, optional secret, line end, the bytes left for the link. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_REGISTRATION_LENGTH,
  parseRegistration,
  PLAIN_REGISTRATION,
  RegistrationReader,
} from './registration.js';
import type { RegistrationFormat, RegistrationResult } from './registration.js';

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
      [new Uint8Array([0x44, 0x54, 0x55, 0x01, 0x31, 0x32]), /printable/],
      [new Uint8Array([0x44, 0x54, 0x55, 0x00, 0x31, 0x32]), /serial/],
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
    const shown = parseRegistration(new Uint8Array([0x41, 0x01, 0x5c, 0xff]));
    expect(shown).toMatchObject({ ok: false, shown: 'A\\x01\\x5c\\xff' });
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
    const end = fc.constantFrom('\n', '\r\n', '\r', '\0');
    fc.assert(
      fc.property(serial, secret, end, fc.uint8Array({ maxLength: 40 }), (sn, pw, eol, rest) => {
        const text = pw === null ? sn : `${sn}:${pw}`;
        const parsed = parseRegistration(new Uint8Array([...ascii(text + eol), ...rest]));
        // A CR alone takes an LF after it too (CRLF split from nothing else).
        const kept = eol === '\r' && rest[0] === 0x0a ? rest.slice(1) : rest;
        expect(parsed).toEqual({ ok: true, serial: sn.toUpperCase(), secret: pw, rest: kept });
        expect(parseRegistration(ascii(text))).toMatchObject({ ok: true, secret: pw });
      }),
    );
  });
});

/** Feeds `chunks` to a reader; the result, going quiet after the last when none came sooner. */
function feed(chunks: readonly (string | Uint8Array)[], format: RegistrationFormat = PLAIN_REGISTRATION) {
  const reader = new RegistrationReader(format);
  for (const [i, chunk] of chunks.entries()) {
    const step = reader.push(typeof chunk === 'string' ? ascii(chunk) : chunk);
    if (step.kind === 'done') return { result: step.result, at: i };
  }
  return { result: reader.quiet(), at: -1 };
}

const ok = (
  serial: string,
  secret: string | null = null,
  rest: Uint8Array = new Uint8Array(0),
): RegistrationResult => ({
  ok: true,
  serial,
  secret,
  rest,
});

describe('RegistrationReader', () => {
  it('joins a registration split across segments, up to its terminator', () => {
    expect(feed(['IOPD', 'TU02\n'])).toEqual({ result: ok('IOPDTU02'), at: 1 });
    expect(feed(['IO', 'PD', 'TU02:pw', '\r\n'])).toEqual({ result: ok('IOPDTU02', 'pw'), at: 3 });
    // Without a terminator the quiet line ends it.
    expect(feed(['IOPD', 'TU02'])).toEqual({ result: ok('IOPDTU02'), at: -1 });
  });

  it('takes CR, LF, CRLF and NUL as the end, and skips empty lines and heartbeats before it', () => {
    for (const eol of ['\n', '\r', '\r\n', '\0']) {
      expect(feed([`DTU00001${eol}`]).result).toEqual(ok('DTU00001'));
    }
    const format = { ...PLAIN_REGISTRATION, heartbeat: ascii('ping') };
    expect(feed(['ping', 'pi', 'ng\r\n', '\r\nDTU00001\n'], format)).toEqual({
      result: ok('DTU00001'),
      at: 3,
    });
    expect(feed(['pingping'], format)).toEqual({ result: null, at: -1 });
    // What follows the terminator is the link's.
    expect(feed(['DTU00001\nping\x01'], format).result).toEqual(ok('DTU00001', null, ascii('ping\x01')));
  });

  it('refuses at once what grows past the longest registration without a terminator', () => {
    const { result, at } = feed(['A'.repeat(100), 'A'.repeat(100)]);
    expect(at).toBe(1);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/longer than 128/) as string });
  });

  it('removes a configured prefix, in any case', () => {
    const format = { ...PLAIN_REGISTRATION, prefix: 'REG:' };
    expect(feed(['reg:DTU00001\n'], format).result).toEqual(ok('DTU00001'));
    expect(feed(['REG:DTU00001:pw'], format).result).toEqual(ok('DTU00001', 'pw'));
    expect(feed(['DTU00001\n'], format).result).toEqual(ok('DTU00001'));
  });

  it('reads a binary registration as the hex of its bytes, whatever bytes it holds', () => {
    const format = { ...PLAIN_REGISTRATION, hex: true };
    const bytes = new Uint8Array([0x00, 0x0a, 0x3a, 0xff, 0x12, 0x0d]);
    expect(feed([bytes.subarray(0, 2), bytes.subarray(2)], format).result).toEqual(ok('000A3AFF120D'));
    expect(feed([new Uint8Array([0x01])], format).result).toMatchObject({ ok: false, error: /2-16 bytes/ });
  });

  it('gives the same registration however the packet is cut', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9.-]{4,32}$/),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 10 }),
        (sn, cuts) => {
          const packet = ascii(`${sn}\r\n`);
          const chunks: Uint8Array[] = [];
          let at = 0;
          for (const n of cuts) {
            if (at >= packet.length) break;
            chunks.push(packet.subarray(at, at + n));
            at += n;
          }
          if (at < packet.length) chunks.push(packet.subarray(at));
          expect(feed(chunks).result).toEqual(ok(sn.toUpperCase()));
        },
      ),
    );
  });
});
