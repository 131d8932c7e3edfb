import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeviceUpdate } from '../equipment/live-state';
import { BATCH_WINDOW_MS, DeviceInfoBatcher } from './batcher';
import { ManualClock } from './test-support';

function setup() {
  const clock = new ManualClock();
  const batches: { at: number; updates: DeviceUpdate[] }[] = [];
  const batcher = new DeviceInfoBatcher(
    (updates) => batches.push({ at: clock.now(), updates }),
    BATCH_WINDOW_MS,
    clock,
  );
  return { clock, batches, batcher };
}

describe('DeviceInfoBatcher', () => {
  it('applies the first update at once and holds the rest of the window', () => {
    const { clock, batches, batcher } = setup();
    batcher.push({ SN: 'A', regdo: [1] });
    expect(batches).toHaveLength(1);
    clock.advance(100);
    batcher.push({ SN: 'A', regdo: [2] });
    batcher.push({ SN: 'B', IsOnline: true });
    batcher.push({ SN: 'A', SOC: 40 });
    expect(batches).toHaveLength(1);
    clock.advance(199);
    expect(batches).toHaveLength(1);
    clock.advance(1);
    expect(batches).toHaveLength(2);
    expect(batches[1]).toEqual({
      at: 300,
      updates: [
        { SN: 'A', regdo: [2], SOC: 40 },
        { SN: 'B', IsOnline: true },
      ],
    });
  });

  it('applies at once again after a quiet window', () => {
    const { clock, batches, batcher } = setup();
    batcher.push({ SN: 'A' });
    clock.advance(BATCH_WINDOW_MS);
    batcher.push({ SN: 'A', SOC: 1 });
    expect(batches.map((b) => b.at)).toEqual([0, 300]);
  });

  it('never applies twice within one window, and loses no device, whatever the timing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.nat(400), sn: fc.constantFrom('A', 'B', 'C', 'D') }), {
          minLength: 1,
          maxLength: 80,
        }),
        (pushes) => {
          const { clock, batches, batcher } = setup();
          for (const p of pushes) {
            clock.advance(p.gap);
            batcher.push({ SN: p.sn, SOC: p.gap % 101 });
          }
          clock.advance(BATCH_WINDOW_MS);
          for (let i = 1; i < batches.length; i++)
            expect(batches[i]!.at - batches[i - 1]!.at).toBeGreaterThanOrEqual(BATCH_WINDOW_MS);
          // The last value pushed for each device is the last one applied for it.
          const lastPushed = new Map(pushes.map((p) => [p.sn, p.gap % 101]));
          const lastApplied = new Map<string, number | undefined>();
          for (const b of batches) for (const u of b.updates) lastApplied.set(u.SN, u.SOC);
          expect(lastApplied).toEqual(lastPushed);
        },
      ),
    );
  });

  it('dispose drops what is pending', () => {
    const { clock, batches, batcher } = setup();
    batcher.push({ SN: 'A' });
    batcher.push({ SN: 'B' });
    batcher.dispose();
    clock.advance(1000);
    expect(batches).toHaveLength(1);
  });
});
