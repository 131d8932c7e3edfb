import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyUpdate, emptyLiveState, mergeUpdates } from './live-state';
import { R8_COUNTS } from './test-support';

describe('emptyLiveState', () => {
  it('reads every channel 0 until values arrive, none of them known', () => {
    const s = emptyLiveState(R8_COUNTS);
    expect(s.do).toEqual(Array(8).fill(false));
    expect(s.ai).toEqual([0, 0]);
    expect(s.ao).toEqual([]);
    expect(s.known).toEqual({ do: false, di: false, ai: false, ao: false });
    expect(s.receivedAt).toBe(0);
  });
});

describe('applyUpdate', () => {
  it('unpacks 8 channels a byte, channel n in bit n % 8', () => {
    const s = applyUpdate(undefined, { SN: 'A', regdo: [0b0000_0101], regdi: [0x80] }, R8_COUNTS, 5);
    expect(s.do).toEqual([true, false, true, false, false, false, false, false]);
    expect(s.di[7]).toBe(true);
    expect(s.receivedAt).toBe(5);
    expect(s.known).toEqual({ do: true, di: true, ai: false, ao: false });
  });

  it('unpacks 32 channels from 4 bytes, byte 0 first', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }), (bits) => {
        const bytes = [0, 1, 2, 3].map((b) =>
          bits.slice(b * 8, b * 8 + 8).reduce((acc, on, i) => acc | (on ? 1 << i : 0), 0),
        );
        const s = applyUpdate(undefined, { SN: 'A', regdo: bytes }, { do: 32, di: 0, ai: 0, ao: 0 }, 0);
        expect(s.do).toEqual(bits);
      }),
    );
  });

  it('keeps what a push does not carry', () => {
    const first = applyUpdate(
      undefined,
      { SN: 'A', regdo: [1], regai: [10, 20], IsOnline: true, SOC: 80 },
      R8_COUNTS,
      1,
    );
    const second = applyUpdate(first, { SN: 'A', regai: [11, 21] }, R8_COUNTS, 2);
    expect(second.do[0]).toBe(true);
    expect(second.ai).toEqual([11, 21]);
    // A push of the link alone changes no values (the store's flags keep the link).
    const link = applyUpdate(second, { SN: 'A', IsOnline: false, SOC: 10 }, R8_COUNTS, 3);
    expect(link.receivedAt).toBe(2);
    expect(link).toEqual(second);
  });

  it('keeps when the device was read as an instant, beside the server’s wall-clock text', () => {
    const read = applyUpdate(
      undefined,
      { SN: 'A', regdo: [1], Time: '2026-01-05 16:00:00', at: '2026-01-05T08:00:00.000Z' },
      R8_COUNTS,
      1,
    );
    expect([read.time, read.readAt]).toEqual(['2026-01-05 16:00:00', Date.UTC(2026, 0, 5, 8)]);
    // A push without a time keeps both; one from an older server (a time, no instant) drops the
    // instant, which would be stale.
    expect(applyUpdate(read, { SN: 'A', SOC: 10 }, R8_COUNTS, 2).readAt).toBe(Date.UTC(2026, 0, 5, 8));
    const older = applyUpdate(read, { SN: 'A', Time: '2026-01-05 16:00:05' }, R8_COUNTS, 3);
    expect([older.time, older.readAt]).toEqual(['2026-01-05 16:00:05', undefined]);
  });

  it('reads AI values from their text form, non-numeric as 0', () => {
    const s = applyUpdate(undefined, { SN: 'A', strregai: ['220.5', 'x'] }, R8_COUNTS, 0);
    expect(s.ai).toEqual([220.5, 0]);
  });

  it('sizes the lists by the type, whatever the push carries', () => {
    const s = applyUpdate(undefined, { SN: 'A', regai: [1, 2, 3, 4], regdo: [255, 255] }, R8_COUNTS, 0);
    expect(s.ai).toEqual([1, 2]);
    expect(s.do).toHaveLength(8);
    const unknownType = applyUpdate(
      undefined,
      { SN: 'A', regai: [1, 2, 3], ainum: 3 },
      { do: 0, di: 0, ai: 0, ao: 0 },
      0,
    );
    expect(unknownType.ai).toEqual([1, 2, 3]);
  });
});

describe('mergeUpdates', () => {
  it('lets the later fields win and keeps the earlier ones it lacks', () => {
    expect(mergeUpdates({ SN: 'A', regdo: [1], SOC: 50 }, { SN: 'A', regdo: [2], IsOnline: true })).toEqual({
      SN: 'A',
      regdo: [2],
      SOC: 50,
      IsOnline: true,
    });
  });
});
