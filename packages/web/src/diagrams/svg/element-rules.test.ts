// The element rules of an imported SVG (docs/protocol.md § Diagram documents): colours, visibility
// and text of a bound element for every reading, and nothing stale for unknown equipment.
import type { ElementRule } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChannelReading } from '../values';
import { elementLook, isActive, ruleText } from './element-rules';

const WORDS = { on: 'On', off: 'Off' };
const ON = '#00ff00';
const OFF = '#ff0000';
const rule = (r: Partial<ElementRule> & Pick<ElementRule, 'property'>): ElementRule => ({
  threshold: 0,
  decimals: 1,
  on: ON,
  off: OFF,
  ...r,
});
const digital = (on: boolean): ChannelReading => ({
  on,
  text: on ? 'On' : 'Off',
  unit: '',
  alarm: false,
  name: 'DO1',
});
const analog = (value: number, unit = ''): ChannelReading => ({
  value,
  text: String(value),
  unit,
  alarm: false,
  name: 'AI1',
});
const noValue: ChannelReading = { text: '—', unit: 'm', alarm: false, name: 'AI1' };

const paints = fc.constantFrom<ElementRule['property']>('fill', 'stroke', 'color');
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });

describe('element rules: colours', () => {
  it('paints the on colour while a digital channel is on, the off colour otherwise', () => {
    fc.assert(
      fc.property(paints, fc.boolean(), finite, (property, on, threshold) => {
        const look = elementLook(rule({ property, threshold }), digital(on), true, WORDS);
        expect(look).toEqual({ unknown: false, paint: on ? ON : OFF, shown: null, text: null });
      }),
    );
  });

  it('paints an analog channel off below the threshold and on at or above it', () => {
    fc.assert(
      fc.property(paints, finite, finite, (property, value, threshold) => {
        const look = elementLook(rule({ property, threshold }), analog(value), true, WORDS);
        expect(look.paint).toBe(value >= threshold ? ON : OFF);
      }),
    );
    expect(elementLook(rule({ property: 'fill', threshold: 5 }), analog(5), true, WORDS).paint).toBe(ON);
    expect(elementLook(rule({ property: 'fill', threshold: 5 }), analog(4.999), true, WORDS).paint).toBe(OFF);
  });

  it("keeps the drawing's colour without a value, or where the rule names no colour", () => {
    expect(elementLook(rule({ property: 'fill' }), undefined, true, WORDS).paint).toBeNull();
    expect(elementLook(rule({ property: 'fill' }), noValue, true, WORDS).paint).toBeNull();
    expect(
      elementLook(rule({ property: 'stroke', on: undefined }), digital(true), true, WORDS).paint,
    ).toBeNull();
    expect(elementLook(rule({ property: 'stroke', on: undefined }), digital(false), true, WORDS).paint).toBe(
      OFF,
    );
  });
});

describe('element rules: visibility', () => {
  it('shows the element while the channel is active, and is monotone in an analog value', () => {
    fc.assert(
      fc.property(finite, finite, finite, (a, b, threshold) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const r = rule({ property: 'visibility', threshold });
        const shownLow = elementLook(r, analog(low), true, WORDS).shown;
        const shownHigh = elementLook(r, analog(high), true, WORDS).shown;
        expect(shownLow).toBe(low >= threshold);
        // Shown at a value, shown at every larger one.
        if (shownLow) expect(shownHigh).toBe(true);
      }),
    );
    expect(elementLook(rule({ property: 'visibility' }), digital(false), true, WORDS).shown).toBe(false);
    expect(elementLook(rule({ property: 'visibility' }), digital(true), true, WORDS).shown).toBe(true);
    expect(elementLook(rule({ property: 'visibility' }), noValue, true, WORDS).shown).toBeNull();
  });
});

describe('element rules: text', () => {
  it('shows an analog value with its decimals and unit', () => {
    fc.assert(
      fc.property(
        finite,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('', 'm', '°C'),
        (value, decimals, unit) => {
          for (const property of ['text', 'label'] as const) {
            const look = elementLook(rule({ property, decimals }), analog(value, unit), true, WORDS);
            expect(look.text).toBe(unit ? `${value.toFixed(decimals)} ${unit}` : value.toFixed(decimals));
            expect(look.paint).toBeNull();
          }
        },
      ),
    );
    expect(ruleText(analog(3.14159, 'm'), 2, WORDS)).toBe('3.14 m');
  });

  it("shows a digital channel as the user's words for on and off, and '—' without a value", () => {
    const zh = { on: '开', off: '关' };
    expect(elementLook(rule({ property: 'text' }), digital(true), true, zh).text).toBe('开');
    expect(elementLook(rule({ property: 'label' }), digital(false), true, zh).text).toBe('关');
    expect(elementLook(rule({ property: 'text' }), noValue, true, zh).text).toBe('—');
    expect(elementLook(rule({ property: 'text' }), undefined, true, zh).text).toBe('—');
  });
});

describe('element rules: unknown equipment', () => {
  it('marks the element and shows no value, whatever the reading', () => {
    const readings = fc.oneof(
      fc.boolean().map(digital),
      finite.map((v) => analog(v, 'm')),
      fc.constant(undefined),
    );
    const properties = fc.constantFrom<ElementRule['property']>(
      'fill',
      'stroke',
      'visibility',
      'text',
      'color',
      'label',
    );
    fc.assert(
      fc.property(properties, readings, (property, reading) => {
        const look = elementLook(rule({ property }), reading, false, WORDS);
        expect(look.unknown).toBe(true);
        expect(look.paint).toBeNull();
        expect(look.shown).toBeNull();
        expect(look.text).toBe(property === 'text' || property === 'label' ? '—' : null);
      }),
    );
  });

  it('reads activity as on, or at/above the threshold', () => {
    expect(isActive(undefined, 0)).toBeUndefined();
    expect(isActive(analog(Number.NaN), 0)).toBeUndefined();
    expect(isActive(analog(0), 0)).toBe(true);
    expect(isActive(analog(-1), 0)).toBe(false);
  });
});
