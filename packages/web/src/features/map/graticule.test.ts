import { describe, expect, it } from 'vitest';
import { degreeLabel, graticule, graticuleStep } from './graticule';

describe('graticule', () => {
  it('picks a step that gives a handful of lines', () => {
    expect(graticuleStep({ south: -80, west: -180, north: 80, east: 180 })).toBe(30);
    expect(graticuleStep({ south: 30, west: 120, north: 32, east: 123 })).toBe(0.5);
    expect(graticuleStep({ south: 31.2, west: 121.4, north: 31.21, east: 121.42 })).toBe(0.002);
  });

  it('lists the lines in view, clamped to the Mercator world', () => {
    const g = graticule({ south: 30.9, west: 120.9, north: 33.1, east: 123.1 });
    expect(g.step).toBe(0.5);
    expect(g.meridians).toEqual([121, 121.5, 122, 122.5, 123]);
    expect(g.parallels).toEqual([31, 31.5, 32, 32.5, 33]);
    const world = graticule({ south: -100, west: -500, north: 100, east: 500 });
    expect(world.south).toBe(-85);
    expect(world.north).toBe(85);
    expect(world.meridians[0]).toBe(-180);
    expect(world.meridians.at(-1)).toBe(180);
  });

  it('does not drift on decimal steps', () => {
    const g = graticule({ south: 0, west: 0, north: 0.5, east: 0.5 });
    expect(g.step).toBe(0.1);
    expect(g.parallels).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
  });

  it('labels degrees with their hemisphere', () => {
    expect(degreeLabel(121.5, 'lng', 0.5)).toBe('121.5°E');
    expect(degreeLabel(-33, 'lat', 1)).toBe('33°S');
    expect(degreeLabel(0, 'lat', 10)).toBe('0°');
    expect(degreeLabel(31.25, 'lat', 0.05)).toBe('31.25°N');
    expect(degreeLabel(-0.1, 'lng', 0.1)).toBe('0.1°W');
  });
});
