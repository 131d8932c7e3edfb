/** The blocks a device refused: left out, tried again after an hour, forgotten when it answers. */
import { describe, expect, it } from 'vitest';
import type { StateRead } from './device-target.js';
import {
  readUnsupported,
  storedUnsupported,
  UNSUPPORTED_RETRY_MS,
  UnsupportedBlocks,
} from './unsupported-blocks.js';

const read = (state: StateRead['state'], refused: [string, number][] = []): StateRead => ({
  state,
  refused: new Map(refused) as StateRead['refused'],
});

describe('unsupported register blocks', () => {
  it('leaves out a block refused as illegal function or address until an hour has passed', () => {
    const blocks = new UnsupportedBlocks();
    expect(blocks.note(read({ do: [true], di: [false] }, [['ai', 2]]), 1000)).toBe(true);
    expect(blocks.shown).toEqual({ ai: 2 });
    expect([...blocks.skip(1000 + UNSUPPORTED_RETRY_MS - 1)]).toEqual(['ai']);
    expect([...blocks.skip(1000 + UNSUPPORTED_RETRY_MS)]).toEqual([]);
    // Refused again at the retry: shown the same, so nothing changed.
    expect(blocks.note(read({ do: [true] }, [['ai', 2]]), 1000 + UNSUPPORTED_RETRY_MS)).toBe(false);
    expect([...blocks.skip(1000 + UNSUPPORTED_RETRY_MS + 1)]).toEqual(['ai']);
    // Answered at a later retry: forgotten.
    expect(blocks.note(read({ ai: [5] }), 1000 + 3 * UNSUPPORTED_RETRY_MS)).toBe(true);
    expect(blocks.shown).toEqual({});
  });

  it('does not mark a block for a busy or failing device, nor for a read that timed out', () => {
    const blocks = new UnsupportedBlocks();
    expect(
      blocks.note(
        read({ do: [true] }, [
          ['di', 6],
          ['ai', 4],
          ['ao', 11],
        ]),
        0,
      ),
    ).toBe(false);
    expect(blocks.note(read(null, [['ai', 2]]), 0)).toBe(false);
    expect(blocks.shown).toEqual({});
    expect(blocks.skip(0).size).toBe(0);
  });

  it('keeps several blocks in map order, and forgets them all on clear', () => {
    const blocks = new UnsupportedBlocks();
    blocks.note(
      read({}, [
        ['ao', 2],
        ['di', 1],
      ]),
      0,
    );
    expect(Object.keys(blocks.shown)).toEqual(['di', 'ao']);
    expect(blocks.clear()).toBe(true);
    expect(blocks.clear()).toBe(false);
    expect(blocks.shown).toEqual({});
  });

  it('stores null for none, and reads back only blocks with exception codes', () => {
    expect(storedUnsupported({})).toBeNull();
    expect(storedUnsupported({ ai: 2, ao: 1 })).toBe('{"ai":2,"ao":1}');
    expect(readUnsupported('{"ai":2,"ao":1}')).toEqual({ ai: 2, ao: 1 });
    for (const bad of [
      null,
      undefined,
      '',
      'not json',
      '[1]',
      '3',
      '{"xx":2,"ai":"2","di":0,"do":1.5,"ao":256}',
    ]) {
      expect(readUnsupported(bad)).toEqual({});
    }
  });
});
