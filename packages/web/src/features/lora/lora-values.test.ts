import { describe, expect, it } from 'vitest';
import {
  KEEP_AWAKE_BOUNDS,
  MAX_SLAVES,
  RADIO_BOUNDS,
  SLAVE_BOUNDS,
  firstFreeSlave,
  radioDifferences,
  radioOf,
  rateLabel,
  sameSlaves,
  slaveRefusal,
} from './lora-values';

describe('the bounds of the radio screen', () => {
  it("are the protocol's", () => {
    expect(RADIO_BOUNDS).toEqual({
      netId: { min: 0, max: 65535 },
      channel: { min: 0, max: 255 },
      airRate: { min: 0, max: 7 },
      power: { min: 0, max: 3 },
    });
    expect(SLAVE_BOUNDS).toEqual({ min: 0, max: 249 });
    expect(MAX_SLAVES).toBe(250);
    expect(KEEP_AWAKE_BOUNDS).toEqual({ min: 1000, max: 600000 });
  });
});

describe('radioOf', () => {
  it('takes whole numbers within the bounds', () => {
    expect(radioOf({ netId: 0, channel: 255, airRate: 7, power: 3 })).toEqual({
      netId: 0,
      channel: 255,
      airRate: 7,
      power: 3,
    });
  });
  it.each([
    { netId: 65536, channel: 0, airRate: 0, power: 0 },
    { netId: 1, channel: -1, airRate: 0, power: 0 },
    { netId: 1, channel: 1, airRate: 0.5, power: 0 },
    { netId: 1, channel: 1, airRate: 0, power: null },
    { netId: 1, channel: 1, airRate: 0 },
  ])('refuses %o', (values) => expect(radioOf(values)).toBeNull());
});

describe('the slave table', () => {
  it('names the parameters read back otherwise', () => {
    const a = { netId: 1, channel: 2, airRate: 3, power: 0 };
    expect(radioDifferences(a, { ...a, channel: 9, power: 1 })).toEqual(['channel', 'power']);
  });
  it('compares tables as sets', () => {
    expect(sameSlaves([3, 1, 1], [1, 3])).toBe(true);
    expect(sameSlaves([1], [1, 2])).toBe(false);
  });
  it('refuses ids out of 0-249, twice, or past a full table', () => {
    expect(slaveRefusal([1], 249)).toBeNull();
    expect(slaveRefusal([1], 250)).toBe('range');
    expect(slaveRefusal([1], -1)).toBe('range');
    expect(slaveRefusal([1], 1.5)).toBe('range');
    expect(slaveRefusal([1], null)).toBe('range');
    expect(slaveRefusal([1], 1)).toBe('duplicate');
    const all = Array.from({ length: 249 }, (_, i) => i);
    expect(slaveRefusal(all, 249)).toBeNull();
    expect(firstFreeSlave(all)).toBe(249);
    expect(firstFreeSlave([...all, 249])).toBeNull();
  });
});

describe('rateLabel', () => {
  it("uses the protocol's phrase of the rate", () => {
    expect(rateLabel(3600, 'en')).toBe('1 h');
    expect(rateLabel(60, 'zh')).toBe('1分钟');
    expect(rateLabel(18000, 'tc')).toBe('5小時');
    expect(rateLabel(42, 'en')).toBe('42 s');
  });
});
