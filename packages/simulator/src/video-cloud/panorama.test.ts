import { describe, expect, it } from 'vitest';
import { drawPanorama, frameWindow, PIXELS_PER_DEGREE } from './panorama.js';

const SIZE = { width: 440 * PIXELS_PER_DEGREE, height: 120 * PIXELS_PER_DEGREE };

describe('frameWindow', () => {
  it('centres 80°×60° on the heading at zoom 1', () => {
    expect(frameWindow({ pan: 90, tilt: 0, zoom: 1 }, SIZE)).toEqual({
      left: 200,
      top: 120,
      width: 320,
      height: 240,
    });
  });

  it('takes a window across north from the repeated start, as one rectangle', () => {
    expect(frameWindow({ pan: 10, tilt: 0, zoom: 1 }, SIZE)).toEqual({
      left: 1320,
      top: 120,
      width: 320,
      height: 240,
    });
  });

  it('narrows with zoom and rises with tilt', () => {
    expect(frameWindow({ pan: 180, tilt: 30, zoom: 4 }, SIZE)).toEqual({
      left: 680,
      top: 90,
      width: 80,
      height: 60,
    });
  });

  it('keeps the window inside the panorama at the tilt limits', () => {
    const window = frameWindow({ pan: 359.9, tilt: -30, zoom: 1 }, SIZE);
    expect(window.top + window.height).toBeLessThanOrEqual(SIZE.height);
    expect(window.left + window.width).toBeLessThanOrEqual(SIZE.width);
  });
});

describe('drawPanorama', () => {
  it('repeats the first field of view after 360°, so no seam shows at north', () => {
    const { data, width, height } = drawPanorama();
    expect({ width, height }).toEqual(SIZE);
    const turn = 360 * PIXELS_PER_DEGREE;
    for (const y of [10, 200, 300, 470]) {
      const row = (x: number): string =>
        data.subarray((y * width + x) * 3, (y * width + x + 40) * 3).toString('hex');
      expect(row(turn + 100)).toBe(row(100));
    }
  });
});
