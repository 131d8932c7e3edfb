// docs/protocol.md § REST contract, with docs/api.md § Equipment: the shapes the server validates
// with and the console checks replies against.
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_TYPES } from '../equipment/catalogue.js';
import { EquipmentCreate, EquipmentCreatedReply, EquipmentTypeReply } from './equipment.js';

const settings = {
  image: '',
  background: '',
  webBackground: '',
  colors: { background: '', device: '', alarm: '', alarmHigh: '', alarmLow: '', title: '' },
  showOpenAll: true,
  showCloseAll: true,
  param: {},
  camera: {},
  alarmType: {},
  teamSn: '',
  modes: { doOpr: '', doRtc: '', doDi: {}, doAi: {}, doUi: '', doScene: '' },
  do: { names: ['Pump'], onImages: [''], offImages: [''] },
  di: { names: [], onImages: [], offImages: [], alarm: [], alarmHigh: [] },
  ai: {
    names: [],
    units: [],
    x1: [],
    x2: [],
    y1: [],
    y2: [],
    alarmHigh: [],
    alarmLow: [],
    alarmOperations: [],
    images: [],
    alarmImages: [],
  },
  ao: { names: [], units: [], x1: [], x2: [], y1: [], y2: [], min: [], max: [], images: [] },
};

const created = {
  id: 7,
  unid: 'E2E0001',
  sn: 'E2E0001',
  type: 'FL-R8',
  name: 'Well',
  description: '',
  group: '',
  parentId: null,
  address: null,
  ownerId: 1,
  counts: { do: 1, di: 0, ai: 0, ao: 0 },
  aoRegister: 400,
  series2000: false,
  permission: {
    level: 4,
    operate: 1,
    camera: 1,
    read: true,
    edit: true,
    delete: true,
    owner: true,
    until: null,
  },
  status: { online: false, alarm: false, soc: 30, at: null, unansweredAddress: null, unsupported: {} },
  settings,
  hasLinkSecret: true,
  openLink: false,
  modbusTcp: null,
  slaveAddress: null,
  clockSync: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
  linkSecret: 'abcdEFGH1234',
};

describe('EquipmentCreate', () => {
  it('takes a serial of 4-32 letters, digits, - or ., trimmed and upper-cased', () => {
    expect(EquipmentCreate.parse({ sn: ' ab-4 ', type: 'FL-R8', name: 'Well' }).sn).toBe('AB-4');
    expect(EquipmentCreate.parse({ sn: 'a.'.repeat(16), type: 'FL-R8', name: 'W' }).sn).toBe('A.'.repeat(16));
    for (const sn of ['ABC', 'A'.repeat(33), 'AB_C', 'AB C'])
      expect(EquipmentCreate.safeParse({ sn, type: 'FL-R8', name: 'W' }).success, sn).toBe(false);
  });

  it('takes a name of 1-64 characters, without NUL, and no unknown field', () => {
    const base = { sn: 'E2E0001', type: 'FL-R8' };
    expect(EquipmentCreate.safeParse({ ...base, name: 'n'.repeat(64), group: 'g'.repeat(64) }).success).toBe(
      true,
    );
    expect(EquipmentCreate.safeParse({ ...base, name: 'n'.repeat(65) }).success).toBe(false);
    expect(EquipmentCreate.safeParse({ ...base, name: '' }).success).toBe(false);
    expect(EquipmentCreate.safeParse({ ...base, name: 'a\u0000b' }).success).toBe(false);
    expect(EquipmentCreate.safeParse({ ...base, name: 'W', group: 'g'.repeat(65) }).success).toBe(false);
    expect(EquipmentCreate.safeParse({ ...base, name: 'W', owner: 2 }).success).toBe(false);
    expect(EquipmentCreate.safeParse({ ...base }).success).toBe(false);
  });
});

describe('EquipmentCreatedReply', () => {
  it('is a record with the link secret the DTU must send', () => {
    expect(EquipmentCreatedReply.parse(created).linkSecret).toBe('abcdEFGH1234');
    const { linkSecret: _, ...withoutSecret } = created;
    expect(EquipmentCreatedReply.safeParse(withoutSecret).success).toBe(false);
    expect(
      EquipmentCreatedReply.safeParse({ ...created, status: { ...created.status, online: 1 } }).success,
    ).toBe(false);
  });
});

describe('EquipmentTypeReply', () => {
  it('describes a catalogue entry with its names, counts and default settings', () => {
    const r8 = EQUIPMENT_TYPES.find((t) => t.type === 'FL-R8');
    expect(r8).toBeDefined();
    const reply = {
      ...r8!,
      rulePages: [...r8!.rulePages],
      relayModes: [...r8!.relayModes],
      isTeam: false,
      custom: false,
      defaults: settings,
    };
    expect(EquipmentTypeReply.parse(reply).names.en).toBe(r8!.names.en);
    expect(EquipmentTypeReply.safeParse({ ...reply, names: { en: 'x' } }).success).toBe(false);
  });
});
