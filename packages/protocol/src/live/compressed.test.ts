// docs/protocol.md § Compressed payloads.
import { gunzipSync as nodeGunzip, gzipSync as nodeGzip } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCompressed, encodeCompressed, crc32 } from './compressed.js';
import { encodeBase64 } from './base64.js';

// Gzip payloads written by other encoders (GNU gzip -n, Python's gzip), pasted as base64.
const GZIP_CHINESE = 'H4sIAAAAAAACA6tWCvZTslJyNFTSUcpLzE0Fsp/vXv58ytanM1cAhfLzlKyiDXUMYmsBZLfPaikAAAA=';
const GZIP_A1 = 'H4sIAAAAAAAAA6tWSlSyMqwFAK+sG1YHAAAA'; // {"a":1}
const ZLIB_A1 = 'eJyrVkpUsjKsBQAIKgIJ'; // {"a":1} as a zlib stream
const GZIP_A1_BAD_CRC = 'H4sIAAAAAAACA6tWSlSyMqwFAK6sG1YHAAAA'; // first CRC byte flipped
const GZIP_A1_BAD_SIZE = 'H4sIAAAAAAACA6tWSlSyMqwFAK+sG1YFAAAA'; // length 5 instead of 7
const GZIP_HALF_JSON = 'H4sIAAAAAAAAA6tWSlSyAgDzf7BqBQAAAA=='; // {"a":
const GZIP_BOM = 'H4sIAAAAAAACA3u/e3+1UqKSlWEtABDX8ysKAAAA'; // BOM then {"a":1}

describe('decodeCompressed: vectors', () => {
  it.each([
    ['Src', { msgtype: 'Src', msginfo: '{"a":1}' }, { a: 1 }],
    ['Src under data', { code: 200, data: { msgtype: 'Src', msginfo: '[1,"二"]' } }, [1, '二']],
    ['Src, JSON scalar', { msgtype: 'Src', msginfo: 'null' }, null],
    ['Gzip', { msgtype: 'Gzip', msginfo: GZIP_A1 }, { a: 1 }],
    [
      'Gzip with Chinese text',
      { msgtype: 'Gzip', msginfo: GZIP_CHINESE },
      { SN: 'A1', name: '继电器', on: [1, 0] },
    ],
    ['Gzip under data', { data: { msgtype: 'Gzip', msginfo: GZIP_A1 } }, { a: 1 }],
    ['msgtype in another case', { msgtype: 'GZIP', msginfo: GZIP_A1 }, { a: 1 }],
    ['a byte order mark before the JSON', { msgtype: 'Gzip', msginfo: GZIP_BOM }, { a: 1 }],
  ])('%s', (_name, envelope, value) => {
    expect(decodeCompressed(envelope)).toEqual({ ok: true, value });
  });

  it.each([
    ['not an object', 'Src', 'envelope'],
    ['no msgtype', { msginfo: '{}' }, 'envelope'],
    ['data without msgtype', { data: { msginfo: '{}' } }, 'envelope'],
    ['an unknown msgtype', { msgtype: 'Zip', msginfo: '{}' }, 'msgtype'],
    ['msginfo not a string', { msgtype: 'Src', msginfo: { a: 1 } }, 'msginfo: a string'],
    ['Src that is not JSON', { msgtype: 'Src', msginfo: '{a:1}' }, 'not JSON'],
    ['Gzip that is not base64', { msgtype: 'Gzip', msginfo: 'H4sI!!' }, 'not base64'],
    ['Gzip that is not gzip', { msgtype: 'Gzip', msginfo: encodeBase64(Uint8Array.of(1, 2, 3)) }, 'not gzip'],
    ['a zlib stream', { msgtype: 'Gzip', msginfo: ZLIB_A1 }, 'not gzip'],
    ['a CRC that does not match', { msgtype: 'Gzip', msginfo: GZIP_A1_BAD_CRC }, 'check failed'],
    ['a length that does not match', { msgtype: 'Gzip', msginfo: GZIP_A1_BAD_SIZE }, 'check failed'],
    ['a truncated stream', { msgtype: 'Gzip', msginfo: GZIP_A1.slice(0, 24) }, 'msginfo: '],
    ['gzip of half a JSON text', { msgtype: 'Gzip', msginfo: GZIP_HALF_JSON }, 'not JSON'],
  ])('error: %s', (_name, envelope, reason) => {
    const r = decodeCompressed(envelope);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(reason);
  });

  it('refuses a payload that would expand past the limit, before inflating it', () => {
    const big = encodeCompressed({ text: 'x'.repeat(5000) });
    expect(decodeCompressed(big, { maxBytes: 4096 })).toEqual({
      ok: false,
      error: 'msginfo: expands past 4096 bytes',
    });
    expect(decodeCompressed(big, { maxBytes: 6000 }).ok).toBe(true);
  });
});

describe('encodeCompressed', () => {
  it('Src carries the JSON text', () => {
    expect(encodeCompressed({ a: [1, '继电器'] }, 'Src')).toEqual({
      msgtype: 'Src',
      msginfo: '{"a":[1,"继电器"]}',
    });
  });

  it('Gzip is standard gzip of the UTF-8 JSON text, with time 0 in the header', () => {
    const env = encodeCompressed({ name: '繼電器' });
    expect(env.msgtype).toBe('Gzip');
    const gz = Buffer.from(env.msginfo, 'base64');
    expect([...gz.subarray(0, 8)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]); // magic, deflate, no flags, mtime 0
    expect(nodeGunzip(gz).toString('utf8')).toBe('{"name":"繼電器"}');
  });

  it('defaults to Gzip', () => {
    expect(encodeCompressed(1).msgtype).toBe('Gzip');
  });
});

describe('crc32', () => {
  it.each([
    ['', 0],
    ['123456789', 0xcbf43926], // the CRC-32/ISO-HDLC check value
  ])('%j → %s', (s, crc) => {
    expect(crc32(new TextEncoder().encode(s))).toBe(crc);
  });
});

describe('compressed envelope properties', () => {
  const type = fc.constantFrom('Src' as const, 'Gzip' as const);

  it('decode(encode(value)) is the value, for any JSON value and either type', () => {
    fc.assert(
      fc.property(fc.jsonValue(), type, (value, t) => {
        expect(decodeCompressed(encodeCompressed(value as never, t))).toEqual({
          ok: true,
          value: JSON.parse(JSON.stringify(value)),
        });
      }),
      { numRuns: 300 },
    );
  });

  it('encode(decode(envelope)) is the envelope, for any envelope this encoder writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), type, (value, t) => {
        const env = encodeCompressed(value as never, t);
        const r = decodeCompressed({ data: env });
        expect(r.ok).toBe(true);
        if (r.ok) expect(encodeCompressed(r.value as never, t)).toEqual(env);
      }),
      { numRuns: 300 },
    );
  });

  it('reads gzip written by another encoder', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const msginfo = nodeGzip(Buffer.from(JSON.stringify(value), 'utf8')).toString('base64');
        expect(decodeCompressed({ msgtype: 'Gzip', msginfo })).toEqual({
          ok: true,
          value: JSON.parse(JSON.stringify(value)),
        });
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on random msginfo, msgtype or input', () => {
    fc.assert(
      fc.property(fc.string(), fc.base64String(), type, fc.anything(), (s, b64, t, any) => {
        for (const input of [
          { msgtype: t, msginfo: s },
          { msgtype: 'Gzip', msginfo: b64 },
          { msgtype: 'Gzip', msginfo: 'H4sI' + b64 },
          { data: { msgtype: s, msginfo: s } },
          any,
        ]) {
          const r = decodeCompressed(input);
          expect(typeof r.ok).toBe('boolean');
        }
      }),
      { numRuns: 500 },
    );
  });
});
