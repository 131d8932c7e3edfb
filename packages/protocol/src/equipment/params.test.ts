// Checks docs/protocol.md § fParam.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EQUIPMENT_PARAM,
  DEFAULT_GPS,
  formatEquipmentParam,
  formatGps,
  parseEquipmentParam,
  parseGps,
} from './params.js';
import type { EquipmentParam } from './params.js';

describe('parseEquipmentParam', () => {
  it('reads every field and keeps the others', () => {
    const text = JSON.stringify({
      basicParam: { NetType: 2, isGateWay: 1, gps: '121.47, 31.23', apn: 'cmnet' },
      pcstyles: { bg: '#fff' },
      wapstyles: [],
      remark: 'x',
    });
    expect(parseEquipmentParam(text)).toEqual({
      basic: { netType: 2, isGateway: true, gps: '121.47, 31.23', extra: { apn: 'cmnet' } },
      pcStyles: { bg: '#fff' },
      wapStyles: [],
      extra: { remark: 'x' },
    });
  });

  it.each(['', 'nope', '[]', 'null', '3', '{"basicParam":'])('gives the defaults for %j', (text) => {
    expect(parseEquipmentParam(text)).toEqual(DEFAULT_EQUIPMENT_PARAM);
  });

  it('merges defaults into a partial object', () => {
    expect(parseEquipmentParam('{}')).toEqual(DEFAULT_EQUIPMENT_PARAM);
    expect(parseEquipmentParam('{"basicParam":{"NetType":"1"}}')).toEqual({
      ...DEFAULT_EQUIPMENT_PARAM,
      basic: { netType: 1, isGateway: false, gps: '116.39, 39.9', extra: {} },
    });
    expect(parseEquipmentParam('{"basicParam":5,"pcstyles":null}')).toEqual(DEFAULT_EQUIPMENT_PARAM);
  });

  it.each([
    [1, true],
    ['1', true],
    [true, true],
    ['true', true],
    [0, false],
    ['0', false],
    [false, false],
    ['', false],
    [null, false],
  ])('isGateWay %j reads %s', (value, gateway) => {
    expect(parseEquipmentParam({ basicParam: { isGateWay: value } }).basic.isGateway).toBe(gateway);
  });

  it.each([
    [3, 3],
    ['4', 4],
    [1.5, 0],
    ['x', 0],
    [null, 0],
  ])('NetType %j reads %s', (value, netType) => {
    expect(parseEquipmentParam({ basicParam: { NetType: value } }).basic.netType).toBe(netType);
  });

  it('keeps the default gps for an empty or non-text gps', () => {
    expect(parseEquipmentParam('{"basicParam":{"gps":""}}').basic.gps).toBe(DEFAULT_GPS);
    expect(parseEquipmentParam('{"basicParam":{"gps":[1,2]}}').basic.gps).toBe(DEFAULT_GPS);
  });

  it('formats the wire names, isGateWay as 1/0', () => {
    expect(JSON.parse(formatEquipmentParam(DEFAULT_EQUIPMENT_PARAM))).toEqual({
      basicParam: { NetType: 0, isGateWay: 0, gps: '116.39, 39.9' },
      pcstyles: {},
      wapstyles: {},
    });
  });
});

const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const extra = (known: readonly string[]) =>
  fc
    .dictionary(fc.string({ minLength: 1, maxLength: 8 }), json, { maxKeys: 3 })
    .map((d) =>
      Object.fromEntries(Object.entries(d).filter(([k]) => !known.includes(k) && k !== '__proto__')),
    );
const paramArb: fc.Arbitrary<EquipmentParam> = fc.record({
  basic: fc.record({
    netType: fc.integer(),
    isGateway: fc.boolean(),
    gps: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
    extra: extra(['NetType', 'isGateWay', 'gps']),
  }),
  pcStyles: json.filter((v) => v !== null),
  wapStyles: json.filter((v) => v !== null),
  extra: extra(['basicParam', 'pcstyles', 'wapstyles']),
});

describe('fParam properties', () => {
  it('parse(format(param)) equals param', () => {
    fc.assert(
      fc.property(paramArb, (param) => {
        expect(parseEquipmentParam(formatEquipmentParam(param))).toEqual(param);
      }),
    );
  });

  it('never throws on random text or JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const param = parseEquipmentParam(text);
        expect(parseEquipmentParam(formatEquipmentParam(param))).toEqual(param);
      }),
    );
  });
});

describe('gps', () => {
  it.each([
    ['116.39, 39.9', { lng: 116.39, lat: 39.9 }],
    ['-180,90', { lng: -180, lat: 90 }],
    ['180.01, 0', null],
    ['0, 90.5', null],
    ['116.39', null],
    ['a, b', null],
    ['1, 2, 3', null],
  ])('parseGps(%j)', (text, point) => {
    expect(parseGps(text)).toEqual(point);
  });

  it('round trips points', () => {
    const point = fc.record({
      lng: fc.double({ min: -180, max: 180, noNaN: true }).map((v) => v + 0),
      lat: fc.double({ min: -90, max: 90, noNaN: true }).map((v) => v + 0),
    });
    fc.assert(
      fc.property(point, (p) => {
        expect(parseGps(formatGps(p))).toEqual(p);
      }),
    );
  });
});
