import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { sampleRecord, sampleSettings, R8_COUNTS } from '../../equipment/test-support';
import { placeErrors } from './info-errors';
import {
  changesOf,
  completeValues,
  formatGps,
  hasLocation,
  infoFieldOf,
  valuesOf,
  withGps,
} from './info-values';

const PARAM = {
  basicParam: { NetType: 1, isGateWay: 0, gps: '116.39, 39.9', extra: 'kept' },
  pcstyles: { a: 1 },
  wapstyles: {},
  other: 'kept too',
};
const record = sampleRecord({
  id: 5,
  name: 'Pump',
  description: 'North well',
  group: 'Field A',
  cameraPassword: 'cam-1',
  settings: {
    ...sampleSettings(R8_COUNTS),
    image: 'relay8.png',
    colors: { background: 'red', device: '', alarm: '#ff0000', alarmHigh: '', alarmLow: '', title: '' },
    param: PARAM,
  },
});
const ALL = { camera: true, location: true };

describe('the info values of a record', () => {
  it('reads the fields, the colours and the position (lng, lat)', () => {
    const v = valuesOf(record);
    expect(v).toMatchObject({ name: 'Pump', group: 'Field A', image: 'relay8.png', cameraPassword: 'cam-1' });
    expect(v.colors.background).toBe('red');
    expect({ lat: v.lat, lng: v.lng }).toEqual({ lat: 39.9, lng: 116.39 });
    expect(hasLocation(record)).toBe(true);
  });

  it('has no position when the param has no gps, and none readable when it is damaged', () => {
    const none = sampleRecord({ settings: { ...sampleSettings(R8_COUNTS), param: {} } });
    expect(hasLocation(none)).toBe(false);
    const damaged = sampleRecord({
      settings: { ...sampleSettings(R8_COUNTS), param: { basicParam: { gps: 'here' } } },
    });
    expect(hasLocation(damaged)).toBe(true);
    expect(valuesOf(damaged).lat).toBeNull();
  });
});

describe('the changes sent', () => {
  it('are nothing when nothing changed', () => {
    expect(changesOf(record, valuesOf(record), ALL)).toEqual({});
  });

  it('are only the fields that changed, colours by key', () => {
    const v = valuesOf(record);
    const changes = changesOf(
      record,
      { ...v, name: 'Pump 2', colors: { ...v.colors, title: '#00ff00', background: '' } },
      ALL,
    );
    expect(changes).toEqual({ name: 'Pump 2', settings: { colors: { title: '#00ff00', background: '' } } });
  });

  it('clear the camera password with null, and leave it out without the camera right', () => {
    const v = { ...valuesOf(record), cameraPassword: '' };
    expect(changesOf(record, v, ALL)).toEqual({ cameraPassword: null });
    expect(changesOf(record, v, { camera: false, location: true })).toEqual({});
  });

  it('write a new position into the whole param, every other key of it kept', () => {
    const v = { ...valuesOf(record), lat: -33.8688, lng: 151.2093 };
    expect(changesOf(record, v, ALL)).toEqual({
      settings: {
        param: {
          ...PARAM,
          basicParam: { NetType: 1, isGateWay: 0, gps: '151.2093, -33.8688', extra: 'kept' },
        },
      },
    });
  });

  it('leave the position alone when it did not move (to 6 decimals) or is incomplete', () => {
    const v = valuesOf(record);
    expect(changesOf(record, { ...v, lat: 39.9000000001 }, ALL)).toEqual({});
    expect(changesOf(record, { ...v, lat: null }, ALL)).toEqual({});
  });

  it('round the position to 6 decimals', () => {
    expect(formatGps(116.1234567, 39.9876543)).toBe('116.123457, 39.987654');
    expect(withGps({}, '1, 2')).toEqual({ basicParam: { gps: '1, 2' } });
  });

  it('make the form values whole: missing fields from the record, cleared ones empty', () => {
    const base = valuesOf(record);
    const v = completeValues({ group: undefined, lat: null, colors: { alarm: undefined } }, base);
    expect(v.group).toBe('');
    expect(v.lat).toBeNull();
    expect(v.colors.alarm).toBe('');
    expect(v.colors.background).toBe('red');
    expect(v.name).toBe('Pump');
  });
});

describe('a server refusal', () => {
  it('goes on the fields it names, and the rest above the form', () => {
    const error = new ApiError(
      400,
      'bad_request',
      'body.name: Too big: expected string to have <=64 characters; body.settings.colors.title: a CSS colour; body.foo: Unrecognized key',
    );
    expect(placeErrors(error, infoFieldOf)).toEqual({
      fields: [
        { name: 'name', message: 'Too big: expected string to have <=64 characters' },
        { name: ['colors', 'title'], message: 'a CSS colour' },
      ],
      general: 'body.foo: Unrecognized key',
    });
  });

  it('other than a 400 is shown whole', () => {
    expect(placeErrors(new ApiError(403, 'forbidden', 'no edit right'), infoFieldOf)).toEqual({
      fields: [],
      general: 'no edit right',
    });
  });
});
