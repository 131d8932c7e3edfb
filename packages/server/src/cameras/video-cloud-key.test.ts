import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cameraKey, parseCameraKey } from './video-cloud-key.js';

const serial = fc.stringMatching(/^[A-Za-z0-9]{1,20}$/);
const channel = fc.integer({ min: 1, max: 999 });

describe('camera key', () => {
  it('is the serial on channel 1 and serial_channel on any other', () => {
    expect(cameraKey('D12345678', 1)).toBe('D12345678');
    expect(cameraKey('D12345678', 2)).toBe('D12345678_2');
    expect(cameraKey('D12345678', 16)).toBe('D12345678_16');
  });

  it('parses back what it wrote', () => {
    fc.assert(
      fc.property(serial, channel, (s, c) => {
        expect(parseCameraKey(cameraKey(s, c))).toEqual({ serial: s, channel: c });
      }),
    );
  });

  it('writes back every key it parses', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (key) => {
        const ref = parseCameraKey(key);
        if (ref) expect(cameraKey(ref.serial, ref.channel)).toBe(key);
      }),
    );
  });

  it('refuses keys cameraKey never writes', () => {
    expect(parseCameraKey('')).toBeNull();
    expect(parseCameraKey('D1_1')).toBeNull();
    expect(parseCameraKey('D1_0')).toBeNull();
    expect(parseCameraKey('D1_02')).toBeNull();
  });
});
