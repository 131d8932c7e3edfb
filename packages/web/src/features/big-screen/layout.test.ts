import { describe, expect, it } from 'vitest';
import {
  addChannel,
  DEFAULT_WALL,
  MAX_CHANNELS,
  PANELS,
  PRESET_SLOTS,
  PRESETS,
  readWall,
  removeChannel,
} from './layout';
import type { ChannelPick } from './layout';

const pick = (equipmentId: number, index = 1, kind: ChannelPick['kind'] = 'ai'): ChannelPick => ({
  equipmentId,
  kind,
  index,
});

describe('the saved wall layout', () => {
  it('takes what is known of a stored document, defaults for the rest', () => {
    expect(readWall(null)).toEqual(DEFAULT_WALL);
    expect(readWall('map')).toEqual(DEFAULT_WALL);
    expect(
      readWall({
        preset: 'map',
        rotate: false,
        rotationSeconds: 60,
        period: '7d',
        diagramId: 'a'.repeat(32),
        channels: [pick(3, 2), pick(4, 1, 'do')],
        sound: true,
      }),
    ).toEqual({
      preset: 'map',
      rotate: false,
      rotationSeconds: 60,
      period: '7d',
      diagramId: 'a'.repeat(32),
      channels: [pick(3, 2), pick(4, 1, 'do')],
      sound: true,
    });
    // Unknown values fall back field by field; bad channels are dropped, the good ones kept.
    expect(
      readWall({
        preset: 'cinema',
        rotate: 'yes',
        rotationSeconds: 7,
        period: '1y',
        diagramId: '../x',
        channels: [pick(3), { equipmentId: -1, kind: 'ai', index: 1 }, pick(3), { kind: 'zz' }, 'AI1'],
        sound: 1,
      }),
    ).toEqual({ ...DEFAULT_WALL, channels: [pick(3)] });
  });

  it('holds at most MAX_CHANNELS channels, each once', () => {
    const many = Array.from({ length: MAX_CHANNELS + 5 }, (_, i) => pick(i + 1));
    expect(readWall({ channels: many }).channels).toEqual(many.slice(0, MAX_CHANNELS));
    let channels: readonly ChannelPick[] = [];
    for (const p of many) channels = addChannel(channels, p);
    expect(channels).toHaveLength(MAX_CHANNELS);
    expect(addChannel([pick(1)], pick(1))).toEqual([pick(1)]);
    expect(removeChannel([pick(1), pick(2)], pick(1))).toEqual([pick(2)]);
  });

  it('shows every panel in every preset', () => {
    for (const preset of PRESETS) {
      expect(new Set(PRESET_SLOTS[preset].flat())).toEqual(new Set(PANELS));
    }
  });
});
