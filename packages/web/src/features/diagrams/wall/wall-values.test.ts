import type { WallEquipment } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { applyValues, wallReading, wallValuesBuilder } from './wall-values';

const WORDS = { on: 'On', off: 'Off' };

function equipment(id: number, level?: number): WallEquipment {
  return {
    id,
    name: `Tank ${id}`,
    online: true,
    alarm: false,
    channels: {
      do: [{ unit: '', alarm: false, name: 'Pump', on: true }],
      di: [],
      ai: [
        {
          unit: 'm',
          alarm: level !== undefined && level > 4,
          name: 'Level',
          ...(level === undefined ? {} : { value: level }),
        },
      ],
      ao: [],
    },
  };
}

describe('a wall display’s values', () => {
  it('words each reading as the equipment page does, and — before a value is known', () => {
    expect(wallReading({ unit: '', alarm: false, name: 'Pump', on: false }, WORDS).text).toBe('Off');
    expect(wallReading({ unit: 'm', alarm: false, name: 'Level', value: 2.5 }, WORDS).text).toBe('2.5 m');
    expect(wallReading({ unit: '', alarm: false, name: 'Level', value: 1 / 3 }, WORDS).text).toBe('0.333');
    expect(wallReading({ unit: 'm', alarm: false, name: 'Level' }, WORDS).text).toBe('—');
  });

  it('gives the renderer nothing operable, channel i+1 at item i', () => {
    const values = wallValuesBuilder()(new Map([[1, equipment(1, 4.5)]]), WORDS);
    const tank = values.get(1)!;
    expect(tank.operable).toBe(false);
    expect(tank.channel('do', 1)?.text).toBe('On');
    expect(tank.channel('ai', 1)).toMatchObject({ text: '4.5 m', alarm: true });
    expect(tank.channel('ai', 2)).toBeUndefined();
  });

  it('merges changes, replaces on a full message, and keeps the values of what did not change', () => {
    const build = wallValuesBuilder();
    const first = applyValues(new Map(), { full: true, equipment: [equipment(1, 1), equipment(2, 2)] });
    const before = build(first, WORDS);
    const next = applyValues(first, { full: false, equipment: [equipment(2, 3)] });
    const after = build(next, WORDS);
    expect(after.get(1)).toBe(before.get(1));
    expect(after.get(2)).not.toBe(before.get(2));
    expect(after.get(2)?.channel('ai', 1)?.value).toBe(3);
    expect([...applyValues(next, { full: true, equipment: [equipment(2, 3)] }).keys()]).toEqual([2]);
  });
});
