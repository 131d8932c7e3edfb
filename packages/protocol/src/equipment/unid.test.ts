// Checks docs/protocol.md § Sub-devices (fUNID).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveLinkStatus, isSubDeviceUnid, parentUnid } from './unid.js';

describe('parentUnid', () => {
  it.each([
    ['A1B2C3_2', 'A1B2C3'],
    ['A1B2C3_2_1', 'A1B2C3'], // the part before the first underscore
    ['A1B2C3', null],
    ['_2', null],
    ['A1B2C3_', null],
    ['', null],
  ])('parentUnid(%j) = %j', (unid, parent) => {
    expect(parentUnid(unid)).toBe(parent);
    expect(isSubDeviceUnid(unid)).toBe(parent !== null);
  });

  it('a parent never has an underscore and prefixes the unid', () => {
    fc.assert(
      fc.property(fc.string(), (unid) => {
        const parent = parentUnid(unid);
        if (parent !== null) {
          expect(parent).not.toContain('_');
          expect(unid.startsWith(`${parent}_`)).toBe(true);
        }
      }),
    );
  });
});

describe('effectiveLinkStatus', () => {
  const hosts = new Map([['H1', { isOnline: true, soc: 80 }]]);
  const lookup = (unid: string) => hosts.get(unid);

  it('takes online and SOC from the host', () => {
    expect(effectiveLinkStatus('H1_3', { isOnline: false, soc: 30 }, lookup)).toEqual({
      isOnline: true,
      soc: 80,
    });
  });

  it('keeps its own without a known host', () => {
    expect(effectiveLinkStatus('H2_3', { isOnline: false, soc: 30 }, lookup)).toEqual({
      isOnline: false,
      soc: 30,
    });
    expect(effectiveLinkStatus('H1', { isOnline: false, soc: 30 }, lookup)).toEqual({
      isOnline: false,
      soc: 30,
    });
  });
});
