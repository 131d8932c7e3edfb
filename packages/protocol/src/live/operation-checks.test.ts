// docs/protocol.md § Device operations (channel checks and rights).
import { describe, expect, it } from 'vitest';
import { checkOperationChannels, grantsRight, operationRight } from './operation-checks.js';
import type { Operation } from './operations.js';

const board = { do: 8, di: 4, ai: 2, ao: 2 };

describe('checkOperationChannels', () => {
  it.each<[string, Operation, string | null]>([
    ['open all with outputs', { opr: 'open' }, null],
    ['DO1', { opr: 'openone', io: 1, dly: 0 }, null],
    ['the last DO', { opr: 'closeone', io: 8, dly: 0 }, null],
    ['one past the last DO', { opr: 'openone', io: 9, dly: 0 }, 'io: 1-8 (DO channels of this type)'],
    [
      'a cycle past the last DO',
      { opr: 'openmore', io: 9, cnt: 1, timer1: 2, timer2: 2 },
      'io: 1-8 (DO channels of this type)',
    ],
    ['all DO read', { opr: 'rdo', regstart: 0, regnum: 8 }, null],
    [
      'a DO read one too long',
      { opr: 'rdo', regstart: 1, regnum: 8 },
      'regstart + regnum: at most 8 (DO channels of this type)',
    ],
    ['all DI read', { opr: 'rdi', regstart: 0, regnum: 4 }, null],
    [
      'a DI read past',
      { opr: 'rdi', regstart: 4, regnum: 1 },
      'regstart + regnum: at most 4 (DI channels of this type)',
    ],
    [
      'an AI read past',
      { opr: 'rai', regstart: 0, regnum: 3 },
      'regstart + regnum: at most 2 (AI channels of this type)',
    ],
    ['the AO registers', { opr: 'rao', regstart: 400, regnum: 2 }, null],
    [
      'AO from 399',
      { opr: 'rao', regstart: 399, regnum: 2 },
      'regstart, regnum: within registers 400-401 (AO channels of this type)',
    ],
    [
      'AO past 401',
      { opr: 'rao', regstart: 401, regnum: 2 },
      'regstart, regnum: within registers 400-401 (AO channels of this type)',
    ],
    ['8 DO states', { opr: 'wdo', doinfo: [1, 0, 1, 0, 1, 0, 1, 0] }, null],
    [
      '9 DO states',
      { opr: 'wdo', doinfo: [1, 0, 1, 0, 1, 0, 1, 0, 1] },
      'doinfo: at most 8 items (DO channels of this type)',
    ],
    ['3 AO values', { opr: 'wao', aoinfo: [1, 2, 3] }, 'aoinfo: at most 2 items (AO channels of this type)'],
    ['a register write', { opr: 'waohex', aoinfos: '12000_0000' }, null],
    ['a LoRa command on a board', { opr: 'lorarconfig' }, 'opr: this type is not a wireless team host'],
    [
      'an EquipOpr LoRa command on a board',
      { opr: 'LoraRParam' },
      'opr: this type is not a wireless team host',
    ],
  ])('%s', (_name, op, reason) => {
    expect(checkOperationChannels(op, board)).toBe(reason);
  });

  it('lets LoRa commands through on a team host only', () => {
    expect(checkOperationChannels({ opr: 'lorarconfig' }, { ...board, hostRole: 'team' })).toBeNull();
    expect(checkOperationChannels({ opr: 'LoraClearSlave' }, { ...board, hostRole: 'team' })).toBeNull();
    expect(checkOperationChannels({ opr: 'lorarconfig' }, { ...board, hostRole: 'modbus' })).toMatch(
      /team host/,
    );
    expect(checkOperationChannels({ opr: 'readsoc' }, board)).toBeNull();
  });

  it('reads AO from the type’s own first register', () => {
    expect(
      checkOperationChannels({ opr: 'rao', regstart: 600, regnum: 2 }, { ...board, aoRegister: 600 }),
    ).toBeNull();
    expect(
      checkOperationChannels({ opr: 'rao', regstart: 400, regnum: 2 }, { ...board, aoRegister: 600 }),
    ).not.toBeNull();
  });

  it('names a kind the type lacks', () => {
    const none = { do: 0, di: 0, ai: 0, ao: 0 };
    expect(checkOperationChannels({ opr: 'close' }, none)).toBe('opr: this type has no DO channels');
    expect(checkOperationChannels({ opr: 'openone', io: 1, dly: 0 }, none)).toBe(
      'io: this type has no DO channels',
    );
    expect(checkOperationChannels({ opr: 'rao', regstart: 400, regnum: 1 }, none)).toBe(
      'regstart: this type has no AO channels',
    );
  });

  it('takes counts above 32 as 32', () => {
    const big = { do: 40, di: 40, ai: 40, ao: 40 };
    expect(checkOperationChannels({ opr: 'openone', io: 32, dly: 0 }, big)).toBeNull();
    expect(checkOperationChannels({ opr: 'wdo', doinfo: Array(32).fill(1) }, big)).toBeNull();
  });
});

describe('operationRight', () => {
  // A type with 4 AO channels from register 400, as the FL-AO4.
  const ao4 = { aoRegister: 400, ao: 4 };
  it.each<[string, Operation, { aoRegister?: number; ao?: number }, string]>([
    ['a read', { opr: 'rdo', regstart: 0, regnum: 1 }, ao4, 'read'],
    ['switching', { opr: 'openone', io: 1, dly: 0 }, ao4, 'operate'],
    ['writing AO values', { opr: 'wao', aoinfo: [1, 2] }, ao4, 'operate'],
    ['an AO register write', { opr: 'waohex', aoinfos: '400_0190' }, ao4, 'operate'],
    ['a write of every AO register', { opr: 'waohex', aoinfos: '400_0001000200030004' }, ao4, 'operate'],
    ['the last AO register', { opr: 'waohex', aoinfos: '403_0001' }, ao4, 'operate'],
    ['a write running past the AO registers', { opr: 'waohex', aoinfos: '403_00010002' }, ao4, 'edit'],
    ['the register after them', { opr: 'waohex', aoinfos: '404_0001' }, ao4, 'edit'],
    ['the register before them', { opr: 'waohex', aoinfos: '399_0001' }, ao4, 'edit'],
    [
      'AO registers of a type with its own fAOReg',
      { opr: 'waohex', aoinfos: '100_0001' },
      { aoRegister: 100, ao: 2 },
      'operate',
    ],
    [
      '400 on a type whose AO start is elsewhere',
      { opr: 'waohex', aoinfos: '400_0001' },
      { aoRegister: 100, ao: 2 },
      'edit',
    ],
    ['a register of a type without AO', { opr: 'waohex', aoinfos: '400_0190' }, { ao: 0 }, 'edit'],
    ['a register when the AO count is not given', { opr: 'waohex', aoinfos: '400_0190' }, {}, 'edit'],
    ['the device clock', { opr: 'waohex', aoinfos: '1100_0001' }, ao4, 'edit'],
    ['the slave table clear', { opr: 'waohex', aoinfos: '1200_0001' }, ao4, 'edit'],
    ['the LoRa parameters', { opr: 'waohex', aoinfos: '1210_0001' }, ao4, 'edit'],
    ['a rule-page write', { opr: 'waohex', aoinfos: '12000_0000' }, ao4, 'edit'],
    ['a write reaching into the rule pages', { opr: 'waohex', aoinfos: '11999_00000000' }, ao4, 'edit'],
    ['a 2000-series rule-page write', { opr: 'waohex', aoinfos: '2000_0000' }, ao4, 'edit'],
    ['radio settings', { opr: 'LoRaWTiming', interval: 60 }, ao4, 'edit'],
  ])('%s needs %s', (_name, op, opts, right) => {
    expect(operationRight(op, opts)).toBe(right);
  });
});

describe('grantsRight', () => {
  const level = (l: 0 | 1 | 2 | 3 | 4, operate: 0 | 1) => ({ level: l, operate, camera: 0 as const });
  it.each([
    ['none', level(0, 0), [false, false, false]],
    ['read', level(1, 0), [true, false, false]],
    ['operate', level(2, 1), [true, true, false]],
    ['edit without operate', level(3, 0), [true, false, true]],
    ['delete', level(4, 1), [true, true, true]],
  ] as const)('%s grants read, operate, edit = %j', (_name, permission, [read, operate, edit]) => {
    expect(grantsRight(permission, 'read')).toBe(read);
    expect(grantsRight(permission, 'operate')).toBe(operate);
    expect(grantsRight(permission, 'edit')).toBe(edit);
  });
});
