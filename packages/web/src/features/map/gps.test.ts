import { describe, expect, it } from 'vitest';
import { bySpot, DEFAULT_GPS, fanOffsets, parseGps, placeAll, positionOf } from './gps';

describe('parseGps', () => {
  it("reads the specification's default 'lng, lat'", () => {
    expect(parseGps(DEFAULT_GPS)).toEqual({ lng: 116.39, lat: 39.9 });
  });

  it('takes other separators and spacing', () => {
    expect(parseGps('121.47,31.23')).toEqual({ lng: 121.47, lat: 31.23 });
    expect(parseGps(' 121.47 ， 31.23 ')).toEqual({ lng: 121.47, lat: 31.23 });
    expect(parseGps('121.47 31.23')).toEqual({ lng: 121.47, lat: 31.23 });
    expect(parseGps('121.47;31.23')).toEqual({ lng: 121.47, lat: 31.23 });
    expect(parseGps('-0.5, -.25')).toEqual({ lng: -0.5, lat: -0.25 });
    expect(parseGps('+8, 47.')).toEqual({ lng: 8, lat: 47 });
  });

  it('takes a [lng, lat] pair of numbers', () => {
    expect(parseGps([2.35, 48.85])).toEqual({ lng: 2.35, lat: 48.85 });
  });

  it('accepts the bounds and refuses one past them', () => {
    expect(parseGps('180, 90')).toEqual({ lng: 180, lat: 90 });
    expect(parseGps('-180, -90')).toEqual({ lng: -180, lat: -90 });
    expect(parseGps('180.0001, 0')).toBeNull();
    expect(parseGps('0, 90.0001')).toBeNull();
    expect(parseGps('-180.5, 0')).toBeNull();
    expect(parseGps('0, -91')).toBeNull();
  });

  it('refuses bad text', () => {
    for (const bad of [
      '',
      '   ',
      '116.39',
      '116.39, 39.9, 10',
      'abc, def',
      '116.39, 39.9x',
      '116,39 39,9',
      '1e2, 3',
      'NaN, 1',
      'Infinity, 1',
      '116.39,,39.9',
      '0x10, 1',
    ]) {
      expect(parseGps(bad), bad).toBeNull();
    }
    expect(parseGps(null)).toBeNull();
    expect(parseGps(116.39)).toBeNull();
    expect(parseGps([1])).toBeNull();
    expect(parseGps([Number.NaN, 1])).toBeNull();
    expect(parseGps({ lng: 1, lat: 2 })).toBeNull();
  });
});

describe('positionOf and placeAll', () => {
  it('reads param.basicParam.gps', () => {
    expect(positionOf({ basicParam: { gps: '121.47, 31.23' } })).toEqual({ lng: 121.47, lat: 31.23 });
    expect(positionOf({ basicParam: {} })).toBeNull();
    expect(positionOf({ basicParam: 'x' })).toBeNull();
    expect(positionOf({})).toBeNull();
    expect(positionOf(null)).toBeNull();
  });

  it('counts what has no position apart', () => {
    const items = [
      { id: 1, param: { basicParam: { gps: '1, 2' } } },
      { id: 2, param: { basicParam: { gps: 'here' } } },
      { id: 3, param: {} },
    ];
    const { placed, unplaced } = placeAll(items, (i) => i.param);
    expect(placed.map((p) => p.item.id)).toEqual([1]);
    expect(placed[0]!.position).toEqual({ lng: 1, lat: 2 });
    expect(unplaced.map((i) => i.id)).toEqual([2, 3]);
  });
});

describe('markers on one spot', () => {
  it('groups by position', () => {
    const p = (id: number, lng: number, lat: number) => ({ item: id, position: { lng, lat } });
    const spots = bySpot([p(1, 1, 2), p(2, 3, 4), p(3, 1, 2), p(4, 1.0000001, 2)]);
    expect(spots.map((s) => s.map((x) => x.item))).toEqual([[1, 3, 4], [2]]);
  });

  it('leaves a lone marker in place and fans several out evenly, starting at the top', () => {
    expect(fanOffsets(0, 20)).toEqual([]);
    expect(fanOffsets(1, 20)).toEqual([{ x: 0, y: 0 }]);
    const four = fanOffsets(4, 20);
    expect(four).toEqual([
      { x: 0, y: -20 },
      { x: 20, y: 0 },
      { x: 0, y: 20 },
      { x: -20, y: 0 },
    ]);
    // A crowd gets a wider circle so neighbours stay apart.
    const many = fanOffsets(40, 20);
    const gap = Math.hypot(many[1]!.x - many[0]!.x, many[1]!.y - many[0]!.y);
    expect(gap).toBeGreaterThan(18);
  });
});
