// @vitest-environment jsdom
// What the SVG panel reads of a drawing: the drawn elements' ids, the bindings the drawing lacks,
// and the bindings ids that name a channel suggest.
import type { ElementBinding } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  channelOfId,
  defaultRule,
  drawingIds,
  filterIds,
  missingTargets,
  suggestBindings,
} from './drawing-ids';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
const bound = (target: string): ElementBinding => ({
  target,
  binding: { equipmentId: 1, channel: { kind: 'do', index: 1 } },
  rule: defaultRule('do'),
});

describe('drawing ids', () => {
  it('lists the drawn elements with an id, once each, not definitions', () => {
    const text = svg(
      `<defs><linearGradient id="grad"/><rect id="inDefs"/></defs>
       <g id="house"><rect id="DO5"/><text id="level"><tspan>0</tspan></text></g>
       <clipPath id="clip"><rect id="clipRect"/></clipPath><title id="t">x</title><rect id="DO5"/><rect id=""/>`,
    );
    expect(drawingIds(text)).toEqual(['house', 'DO5', 'level']);
    expect(drawingIds('<html/>')).toBeNull();
    expect(drawingIds('<svg')).toBeNull();
  });

  it('finds the bindings whose element the drawing lacks', () => {
    expect(missingTargets([bound('a'), bound('gone'), bound('b')], ['a', 'b']).map((b) => b.target)).toEqual([
      'gone',
    ]);
  });

  it('filters ids by any part of them, case aside', () => {
    expect(filterIds(['PumpDO1', 'level', 'pump2'], ' PUMP ')).toEqual(['PumpDO1', 'pump2']);
    expect(filterIds(['a', 'b'], '')).toEqual(['a', 'b']);
  });
});

describe('binding by id', () => {
  it('reads a channel from ids that name one', () => {
    expect(channelOfId('DO5')).toEqual({ kind: 'do', index: 5 });
    expect(channelOfId('di2')).toEqual({ kind: 'di', index: 2 });
    expect(channelOfId('pump-AI1')).toEqual({ kind: 'ai', index: 1 });
    expect(channelOfId('ao_03')).toEqual({ kind: 'ao', index: 3 });
    expect(channelOfId('tank_do12_lamp')).toEqual({ kind: 'do', index: 12 });
    for (const id of ['audio1', 'do0', 'DO33', 'pump', 'radio2', 'ai', 'do123'])
      expect(channelOfId(id)).toBeNull();
  });

  it('reads back every channel written as an id', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('do', 'di', 'ai', 'ao'),
        fc.integer({ min: 1, max: 32 }),
        fc.constantFrom('', '_', '-'),
        fc.boolean(),
        (kind, index, separator, upper) => {
          const id = `${upper ? kind.toUpperCase() : kind}${separator}${index}`;
          expect(channelOfId(id)).toEqual({ kind, index });
          expect(channelOfId(`pump-${id}`)).toEqual({ kind, index });
        },
      ),
    );
  });

  it('suggests a binding per unbound id whose channel the equipment has, with a rule for its kind', () => {
    const counts = { do: 8, di: 8, ai: 2, ao: 0 };
    const suggested = suggestBindings(
      ['DO5', 'DO9', 'di1', 'AI2', 'AO1', 'pump', 'DO1'],
      [bound('DO1')],
      7,
      counts,
    );
    expect(suggested).toEqual([
      {
        target: 'DO5',
        binding: { equipmentId: 7, channel: { kind: 'do', index: 5 } },
        rule: { property: 'fill', on: '#52c41a', off: '#bfbfbf', threshold: 0, decimals: 1 },
      },
      {
        target: 'di1',
        binding: { equipmentId: 7, channel: { kind: 'di', index: 1 } },
        rule: { property: 'fill', on: '#52c41a', off: '#bfbfbf', threshold: 0, decimals: 1 },
      },
      {
        target: 'AI2',
        binding: { equipmentId: 7, channel: { kind: 'ai', index: 2 } },
        rule: { property: 'text', threshold: 0, decimals: 1 },
      },
    ]);
  });
});
