// The binding rules apart from drawing: order, ranges, flow, setpoint steps, status, pictures.
import { DIAGRAM_FORMAT, DIAGRAM_VERSION, DiagramDocument } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawOrder,
  fixed,
  flows,
  fractionOf,
  gaugeAngle,
  pictureAllowed,
  statusOf,
  steppedValue,
} from './readouts';
import { fixedEquipment } from './values';
import type { ChannelReading } from './values';

const reading = (r: Partial<ChannelReading>): ChannelReading => ({
  text: '',
  unit: '',
  alarm: false,
  name: 'AO1',
  ...r,
});

describe('draw order', () => {
  it('draws by layer, then in document order, without hidden widgets', () => {
    const text = (id: string, layer: number, hidden = false) => ({
      id,
      kind: 'text' as const,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      text: id,
      layer,
      hidden,
    });
    const doc = DiagramDocument.parse({
      format: DIAGRAM_FORMAT,
      version: DIAGRAM_VERSION,
      canvas: { background: {}, grid: {} },
      widgets: [text('a', 2), text('b', 0), text('gone', 0, true), text('c', 1), text('d', 0)],
    });
    expect(drawOrder(doc.widgets).map((w) => w.id)).toEqual(['b', 'd', 'c', 'a']);
  });
});

describe('ranges', () => {
  it.each([
    [50, 0, 200, 0.25],
    [0, 0, 200, 0], // at min
    [-0.1, 0, 200, 0], // one past min
    [200, 0, 200, 1], // at max
    [200.1, 0, 200, 1], // one past max
    [25, 100, 0, 0.75], // a range given high-low
    [5, 10, 10, 0], // an empty range
    [undefined, 0, 100, 0],
    [Number.NaN, 0, 100, 0],
  ])('%s within %s..%s is %s of the way', (value, min, max, fraction) => {
    expect(fractionOf(value, min, max)).toBeCloseTo(fraction, 10);
  });

  it('always lies within 0..1, and the needle within ±135°', () => {
    fc.assert(
      fc.property(fc.double(), fc.double({ noNaN: true }), fc.double({ noNaN: true }), (v, min, max) => {
        const f = fractionOf(v, min, max);
        expect(f >= 0 && f <= 1).toBe(true);
        const a = gaugeAngle(v, min, max);
        expect(a >= -135 && a <= 135).toBe(true);
      }),
    );
  });

  it('points the needle from -135° at min through 0 to 135° at max, clamped', () => {
    expect(gaugeAngle(0, 0, 100)).toBe(-135);
    expect(gaugeAngle(50, 0, 100)).toBe(0);
    expect(gaugeAngle(100, 0, 100)).toBe(135);
    expect(gaugeAngle(150, 0, 100)).toBe(135);
    expect(gaugeAngle(-5, 0, 100)).toBe(-135);
  });
});

describe('pipe flow', () => {
  it('flows while a digital channel is on, or an analog one is above the threshold', () => {
    expect(flows(reading({ on: true }), 0)).toBe(true);
    expect(flows(reading({ on: false }), -100)).toBe(false);
    expect(flows(reading({ value: 10 }), 10)).toBe(false); // at the threshold
    expect(flows(reading({ value: 10.01 }), 10)).toBe(true); // just above
    expect(flows(reading({}), 0)).toBe(false); // no value yet
    expect(flows(undefined, 0)).toBe(false);
  });
});

describe('setpoint steps', () => {
  it('steps from the current value within the range the reading carries', () => {
    const ao = reading({ value: 99.5, min: 0, max: 100 });
    expect(steppedValue(ao, 1, 1)).toBe(100); // one past max is held at max
    expect(steppedValue(ao, 1, -1)).toBe(98.5);
    expect(steppedValue(reading({ value: 0.5, min: 0, max: 100 }), 1, -1)).toBe(0);
    expect(steppedValue(reading({ value: 100, min: 0, max: 100 }), 1, 1)).toBe(100);
  });

  it('is unclamped without a range, rounded clear of float noise, and nothing without a value', () => {
    expect(steppedValue(reading({ value: 150 }), 1, 1)).toBe(151);
    expect(steppedValue(reading({ value: -3 }), 5, -1)).toBe(-8);
    expect(steppedValue(reading({ value: 0.1 }), 0.2, 1)).toBe(0.3);
    expect(steppedValue(reading({}), 1, 1)).toBeUndefined();
    expect(steppedValue(undefined, 1, 1)).toBeUndefined();
  });
});

describe('status', () => {
  it('says offline first, then alarm, else online', () => {
    expect(statusOf(fixedEquipment({ online: true }))).toBe('online');
    expect(statusOf(fixedEquipment({ online: true, alarm: true }))).toBe('alarm');
    expect(statusOf(fixedEquipment({ online: false, alarm: true }))).toBe('offline');
    expect(statusOf(fixedEquipment({ online: false }))).toBe('offline');
  });
});

describe('pictures and numbers', () => {
  it('draws only the picture addresses the document format allows', () => {
    for (const ok of ['/api/v1/pictures/3', 'https://example.com/a.png', 'data:image/png;base64,AAAA'])
      expect(pictureAllowed(ok), ok).toBe(true);
    for (const bad of [
      '',
      'javascript:alert(1)',
      '//evil.example/a.png',
      'http://example.com/a.png',
      'data:text/html;base64,AA',
    ])
      expect(pictureAllowed(bad), bad).toBe(false);
  });

  it('shows a value with the decimals asked, or —', () => {
    expect(fixed(3.14159, 2)).toBe('3.14');
    expect(fixed(3, 0)).toBe('3');
    expect(fixed(undefined, 2)).toBe('—');
  });
});
