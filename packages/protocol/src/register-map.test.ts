// docs/protocol.md § Register map
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULE_KINDS } from './rules/kinds.js';
import {
  isRuleRegister,
  locatePage,
  MAX_PAGES,
  PAGE_TYPE_NAMES,
  PAGE_TYPES,
  pageStart,
  RULES_PER_PAGE,
} from './register-map.js';

describe('register map', () => {
  it('has the specification page starts and sizes', () => {
    expect(PAGE_TYPES.rtc).toMatchObject({ start: 12000, registers: 70 });
    expect(PAGE_TYPES.ai).toMatchObject({ start: 13000, registers: 70 });
    expect(PAGE_TYPES.di).toMatchObject({ start: 14000, registers: 70 });
    expect(PAGE_TYPES.scene).toMatchObject({ start: 15000, registers: 70 });
    expect(PAGE_TYPES.scene2).toMatchObject({ start: 15500, registers: 70 });
    expect(PAGE_TYPES.mb).toMatchObject({ start: 17000, registers: 40 });
    expect(PAGE_TYPES.dl645).toMatchObject({ start: 18000, registers: 70 });
    expect(RULES_PER_PAGE).toBe(10);
    expect(MAX_PAGES).toBe(7);
  });

  it('fits 10 rules of each page type in its registers', () => {
    for (const name of PAGE_TYPE_NAMES) {
      const t = PAGE_TYPES[name];
      expect(RULE_KINDS[t.kind] * RULES_PER_PAGE, name).toBeLessThanOrEqual(t.registers * 2);
    }
  });

  it('never lets two pages overlap', () => {
    const spans = PAGE_TYPE_NAMES.map((n) => {
      const t = PAGE_TYPES[n];
      return [t.start, t.start + t.maxPages * t.registers] as const;
    }).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
  });

  it('computes page starts, with the 2000-series offset', () => {
    expect(pageStart('rtc', 0)).toBe(12000);
    expect(pageStart('rtc', 1)).toBe(12070);
    expect(pageStart('rtc', 6)).toBe(12420);
    expect(pageStart('mb', 1)).toBe(17040);
    expect(pageStart('di', 2, { series2000: true })).toBe(4140);
    expect(() => pageStart('rtc', 7)).toThrow(RangeError);
    expect(() => pageStart('rtc', -1)).toThrow(RangeError);
    expect(pageStart('mb', 24)).toBe(17960);
    expect(() => pageStart('mb', 25)).toThrow(RangeError);
  });

  it('locates a reply start as page type and index', () => {
    expect(locatePage(12000)).toMatchObject({ type: 'rtc', index: 0 });
    expect(locatePage(12420)).toMatchObject({ type: 'rtc', index: 6 });
    expect(locatePage(12490)).toBeNull(); // page 7 does not exist
    expect(locatePage(13070)).toMatchObject({ type: 'ai', index: 1 });
    expect(locatePage(15500)).toMatchObject({ type: 'scene2', index: 0 });
    expect(locatePage(17080)).toMatchObject({ type: 'mb', index: 2 });
    expect(locatePage(18140)).toMatchObject({ type: 'dl645', index: 2 });
    expect(locatePage(12001)).toBeNull(); // not a page boundary
    expect(locatePage(11999)).toBeNull();
    expect(locatePage(4000, { series2000: true })).toMatchObject({ type: 'di', index: 0, start: 4000 });
    expect(locatePage(14000, { series2000: true })).toBeNull();
  });

  it('does not take the AO register start for a rule page', () => {
    expect(locatePage(400)).toBeNull();
    // A type whose AO registers start where a page would: the AO start wins.
    expect(locatePage(12000, { aoRegister: 12000 })).toBeNull();
    expect(locatePage(12070, { aoRegister: 12000 })).toMatchObject({ type: 'rtc', index: 1 });
  });

  it('locates every page start it computes (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAGE_TYPE_NAMES), fc.nat(24), fc.boolean(), (type, i, series2000) => {
        const index = i % PAGE_TYPES[type].maxPages;
        const start = pageStart(type, index, { series2000 });
        expect(locatePage(start, { series2000, aoRegister: 400 })).toMatchObject({ type, index, start });
      }),
    );
  });

  it('marks the rule register area', () => {
    expect(isRuleRegister(12000)).toBe(true);
    expect(isRuleRegister(19000)).toBe(true);
    expect(isRuleRegister(19001)).toBe(false);
    expect(isRuleRegister(11999)).toBe(false);
    expect(isRuleRegister(2000, { series2000: true })).toBe(true);
    expect(isRuleRegister(12000, { series2000: true })).toBe(false);
  });
});
