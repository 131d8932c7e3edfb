import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { sampleType } from '../../equipment/test-support';
import { checkAddress, modelsFor, nextFreeSlaveId, submitProblem } from './sub-devices';

describe('a new sub-device address (§5)', () => {
  it.each([
    ['-1', 'slaveRange'],
    ['250', 'slaveRange'],
    ['1.5', 'slaveRange'],
    ['abc', 'slaveRange'],
    ['', 'addressRequired'],
    ['  ', 'addressRequired'],
    ['3', 'slaveUsed'],
    ['003', 'slaveUsed'],
  ])('refuses slave id %j (%s)', (text, problem) => {
    expect(checkAddress('team', text, ['3', '7'])).toEqual({ ok: false, problem });
  });

  it.each([
    ['0', 0],
    ['249', 249],
    [' 4 ', 4],
  ])('takes slave id %j as the number %d, for team hosts and Modbus gateways', (text, value) => {
    expect(checkAddress('team', text, ['3'])).toEqual({ ok: true, value });
    expect(checkAddress('modbus', text, ['3'])).toEqual({ ok: true, value });
  });

  it.each([
    ['12345678901', 'meterFormat'],
    ['1234567890123', 'meterFormat'],
    ['12345678901a', 'meterFormat'],
    ['000000000001', 'meterUsed'],
  ])('refuses DL645 address %j (%s)', (text, problem) => {
    expect(checkAddress('dl645', text, ['000000000001'])).toEqual({ ok: false, problem });
  });

  it('takes a 12-digit DL645 address as text', () => {
    expect(checkAddress('dl645', '123456789012', [])).toEqual({ ok: true, value: '123456789012' });
  });

  it('suggests the first free slave id from 1, then 0, then none', () => {
    expect(nextFreeSlaveId([])).toBe(1);
    expect(nextFreeSlaveId(['1', '2', '4'])).toBe(3);
    const all = Array.from({ length: 249 }, (_, i) => String(i + 1));
    expect(nextFreeSlaveId(all)).toBe(0);
    expect(nextFreeSlaveId([...all, '0'])).toBeNull();
  });
});

describe('the models under a host', () => {
  it('are the types that attach to its role', () => {
    const types = {
      R8: sampleType('R8'),
      LR4: { ...sampleType('LR4'), attachesTo: 'team' as const },
      METER: { ...sampleType('METER'), attachesTo: 'modbus' as const },
    };
    expect(modelsFor('team', types).map((t) => t.type)).toEqual(['LR4']);
    expect(modelsFor('modbus', types).map((t) => t.type)).toEqual(['METER']);
    expect(modelsFor('dl645', types)).toEqual([]);
  });
});

describe("the server's refusals", () => {
  it('go to the field they are about', () => {
    expect(submitProblem('team', new ApiError(409, 'conflict', 'slave id 3 is already used'))).toEqual({
      field: 'address',
      key: 'equipment.subDevices.errors.addressUsed',
    });
    expect(submitProblem('team', new ApiError(400, 'bad_request', 'product model error: a FL-R8 …'))).toEqual(
      {
        field: 'type',
        key: 'equipment.subDevices.errors.productModel',
      },
    );
    expect(
      submitProblem('dl645', new ApiError(400, 'bad_request', 'a DL645 meter address is 12 digits')),
    ).toEqual({
      field: 'address',
      key: 'equipment.subDevices.validation.meterFormat',
    });
    expect(submitProblem('team', new ApiError(403, 'forbidden', 'your share …'))).toMatchObject({
      field: null,
      key: 'equipment.subDevices.errors.forbidden',
    });
    expect(submitProblem('team', new ApiError(500, 'internal', 'internal error'))).toEqual({
      field: null,
      key: 'equipment.subDevices.errors.failed',
      message: 'internal error',
    });
  });
});
