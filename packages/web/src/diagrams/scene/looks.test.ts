// The rules a bound mesh follows (docs/protocol.md § Diagram documents, scene bindings): colour,
// visibility and label by a digital channel's state or an analog one against its threshold, and
// the grey, shown state of a mesh whose channel or equipment is not known.
import type { ElementBinding, ElementRule } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { fixedEquipment, NO_VALUE } from '../values';
import type { ChannelReading, DiagramValues } from '../values';
import { DEFAULT_ON, labelText, readingState, sceneLooks, UNKNOWN_COLOR } from './looks';

const on = (text = 'On'): ChannelReading => ({ on: true, text, unit: '', alarm: false, name: 'DI1' });
const off = (text = 'Off'): ChannelReading => ({ on: false, text, unit: '', alarm: false, name: 'DI1' });
const analog = (value: number | undefined, unit = 'm'): ChannelReading => ({
  ...(value === undefined ? {} : { value }),
  text: value === undefined ? NO_VALUE : `${value} ${unit}`,
  unit,
  alarm: false,
  name: 'AI1',
});

const rule = (overrides: Partial<ElementRule> = {}): ElementRule => ({
  property: 'color',
  on: '#00ff00',
  off: '#ff0000',
  threshold: 0,
  decimals: 1,
  ...overrides,
});

const bound = (
  target: string,
  kind: 'do' | 'di' | 'ai' | 'ao',
  r: Partial<ElementRule> = {},
  index = 1,
  equipmentId = 7,
): ElementBinding => ({ target, binding: { equipmentId, channel: { kind, index } }, rule: rule(r) });

function valuesOf(channels: Parameters<typeof fixedEquipment>[0]['channels']): DiagramValues {
  return new Map([[7, fixedEquipment({ name: 'Pump house', channels })]]);
}

describe('the state of a reading', () => {
  it('is on or off for a digital channel, whatever the threshold', () => {
    expect(readingState(on(), 5)).toBe('on');
    expect(readingState(off(), -5)).toBe('off');
  });

  it('is on at or above the threshold for an analog channel, off below it', () => {
    expect(readingState(analog(2.5), 2.5)).toBe('on');
    expect(readingState(analog(2.4999), 2.5)).toBe('off');
    expect(readingState(analog(-1), -1)).toBe('on');
  });

  it('is unknown before the device reported the kind, and no-channel without a reading', () => {
    expect(readingState(analog(undefined), 0)).toBe('unknown');
    expect(readingState({ text: NO_VALUE, unit: '', alarm: false, name: 'DI1' }, 0)).toBe('unknown');
    expect(readingState(undefined, 0)).toBe('no-channel');
  });
});

describe('a label', () => {
  it('is the value with the rule’s decimals and the unit, or the digital words', () => {
    expect(labelText(analog(2.345, 'm'), 2)).toBe('2.35 m');
    expect(labelText(analog(2, ''), 0)).toBe('2');
    expect(labelText(on('开'), 1)).toBe('开');
    expect(labelText(undefined, 1)).toBe(NO_VALUE);
  });
});

describe('the looks of a scene’s bound meshes', () => {
  it('colours a mesh by a digital channel: the on colour when on, the off colour when off', () => {
    const bindings = [bound('Pump', 'di')];
    expect(sceneLooks(bindings, valuesOf({ di: [on()] })).get('Pump')).toEqual({
      state: 'on',
      color: '#00ff00',
      visible: true,
      label: null,
    });
    expect(sceneLooks(bindings, valuesOf({ di: [off()] })).get('Pump')?.color).toBe('#ff0000');
  });

  it('keeps the mesh’s own colour when off without an off colour, and greens it on without an on colour', () => {
    const bindings = [bound('Pump', 'do', { on: undefined, off: undefined })];
    expect(sceneLooks(bindings, valuesOf({ do: [off()] })).get('Pump')?.color).toBeNull();
    expect(sceneLooks(bindings, valuesOf({ do: [on()] })).get('Pump')?.color).toBe(DEFAULT_ON);
  });

  it('colours by an analog channel against the threshold, at the threshold and just below', () => {
    const bindings = [bound('Tank', 'ai', { threshold: 4.5 })];
    expect(sceneLooks(bindings, valuesOf({ ai: [analog(4.5)] })).get('Tank')?.color).toBe('#00ff00');
    expect(sceneLooks(bindings, valuesOf({ ai: [analog(4.49)] })).get('Tank')?.color).toBe('#ff0000');
  });

  it('shows a mesh while its channel is on and hides it while off', () => {
    const bindings = [bound('Valve', 'do', { property: 'visibility' }, 2)];
    expect(sceneLooks(bindings, valuesOf({ do: [off(), on()] })).get('Valve')).toMatchObject({
      visible: true,
      color: null,
    });
    expect(sceneLooks(bindings, valuesOf({ do: [on(), off()] })).get('Valve')?.visible).toBe(false);
  });

  it('labels a mesh with its value, and combines a colour and a label bound to one mesh', () => {
    const bindings = [
      bound('Tank', 'ai', { property: 'color', threshold: 3 }),
      bound('Tank', 'ai', { property: 'label', decimals: 2 }, 2),
    ];
    const look = sceneLooks(bindings, valuesOf({ ai: [analog(3.2), analog(1.234, 'bar')] })).get('Tank');
    expect(look).toEqual({ state: 'on', color: '#00ff00', visible: true, label: '1.23 bar' });
  });

  it('draws a mesh of equipment the user cannot read grey and shown, its label a dash', () => {
    const bindings = [
      bound('Pump', 'di', { property: 'visibility' }, 1, 99),
      bound('Tank', 'ai', { property: 'label' }, 1, 99),
    ];
    const looks = sceneLooks(bindings, valuesOf({ di: [off()] }));
    expect(looks.get('Pump')).toEqual({
      state: 'no-equipment',
      color: UNKNOWN_COLOR,
      visible: true,
      label: null,
    });
    expect(looks.get('Tank')).toEqual({
      state: 'no-equipment',
      color: UNKNOWN_COLOR,
      visible: true,
      label: NO_VALUE,
    });
  });

  it('draws a mesh grey while its value is not known or its channel is not on the device', () => {
    expect(sceneLooks([bound('Tank', 'ai')], valuesOf({ ai: [analog(undefined)] })).get('Tank')).toEqual({
      state: 'unknown',
      color: UNKNOWN_COLOR,
      visible: true,
      label: null,
    });
    expect(sceneLooks([bound('Pump', 'di', {}, 5)], valuesOf({ di: [on()] })).get('Pump')?.state).toBe(
      'no-channel',
    );
  });
});
