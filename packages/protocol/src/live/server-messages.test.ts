// docs/protocol.md § Server to browser.
import { describe, expect, it } from 'vitest';
import { readChannelStates } from '../channels.js';
import { parseServerMessage } from './messages.js';
import { CRF_CONFIG_KINDS, crfConfigKind } from './server-messages.js';

function accepts(name: string, message: unknown, expected: unknown = message): void {
  it(`accepts ${name}`, () => {
    expect(parseServerMessage(message)).toEqual({ ok: true, message: expected });
  });
}

function rejects(name: string, message: unknown, reason: string): void {
  it(`refuses ${name}`, () => {
    const r = parseServerMessage(message);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain(reason);
  });
}

const PUSH = {
  SN: 'A1B2C3',
  equiptype: 'JYDAM0808',
  addr: 254,
  teamsn: 'G001',
  donum: 8,
  dinum: 8,
  ainum: 2,
  aonum: 2,
  regdo: [0x05],
  regdi: [0x80],
  regai: [4000, 20000],
  regao: [400, 2000],
  strregai: ['4.00', '20.00'],
  strregao: ['0', '100'],
  IsOnline: true,
  SOC: 87,
  Time: '2024-05-06 07:08:09',
  AITime: '2024-05-06 07:08:00',
  DOTime: '2024-05-06 07:07:59',
};

describe('session kinds', () => {
  accepts('register', { infotype: 'register', info: { ok: true, userId: 'u42' } });
  rejects('register not ok', { infotype: 'register', info: { ok: false, userId: 'u42' } }, 'info.ok');
  accepts('untoken', { infotype: 'untoken', info: { reason: 'expired' } });
  accepts('untoken with text', {
    infotype: 'untoken',
    info: { reason: 'revoked', message: 'signed out elsewhere' },
  });
  rejects('untoken without reason', { infotype: 'untoken', info: {} }, 'info.reason');
  accepts('unregister', { infotype: 'unregister', info: { reason: 'shutdown' } });
  rejects(
    'unregister with an unknown reason',
    { infotype: 'unregister', info: { reason: 'bored' } },
    'info.reason',
  );
  accepts('error', {
    infotype: 'error',
    info: { code: 'forbidden', message: 'io: operate right needed', infotype: 'damopr' },
  });
  rejects(
    'error with an unknown code',
    { infotype: 'error', info: { code: 'oops', message: 'x' } },
    'info.code',
  );
});

describe('PushInfo', () => {
  accepts('a full push', { infotype: 'PushInfo', info: PUSH });
  accepts('only the serial', { infotype: 'PushInfo', info: { SN: 'A1_2' } });
  accepts('with the instant it was read, an offset kept', {
    infotype: 'PushInfo',
    info: { SN: 'A1', Time: '2026-01-05 16:00:00', at: '2026-01-05T16:00:00+08:00' },
  });
  rejects(
    'with an instant without its zone',
    { infotype: 'PushInfo', info: { SN: 'A1', at: '2026-01-05 16:00' } },
    'info.at',
  );
  accepts(
    'a push with a key of a newer server (dropped)',
    { infotype: 'PushInfo', info: { SN: 'A1', IsOnline: false, signal: -70 }, extra: 1 },
    { infotype: 'PushInfo', info: { SN: 'A1', IsOnline: false } },
  );
  accepts('32 channels of DO in 4 bytes', {
    infotype: 'PushInfo',
    info: { SN: 'A1', regdo: [255, 255, 255, 255] },
  });
  rejects(
    '5 bytes of DO',
    { infotype: 'PushInfo', info: { SN: 'A1', regdo: [0, 0, 0, 0, 0] } },
    'info.regdo: list of at most 4 items',
  );
  rejects(
    'a DO byte of 256',
    { infotype: 'PushInfo', info: { SN: 'A1', regdo: [256] } },
    'info.regdo.0: integer 0-255',
  );
  rejects(
    '33 AI values',
    { infotype: 'PushInfo', info: { SN: 'A1', regai: Array(33).fill(0) } },
    'info.regai: list of at most 32 items',
  );
  rejects(
    'an AI value past 65535',
    { infotype: 'PushInfo', info: { SN: 'A1', regai: [65536] } },
    'info.regai.0: integer 0-65535',
  );
  rejects(
    'a value text of 33 characters',
    { infotype: 'PushInfo', info: { SN: 'A1', strregai: ['1'.repeat(33)] } },
    'info.strregai.0',
  );
  rejects('SOC 101', { infotype: 'PushInfo', info: { SN: 'A1', SOC: 101 } }, 'info.SOC: integer 0-100');
  rejects(
    'a time without seconds',
    { infotype: 'PushInfo', info: { SN: 'A1', Time: '2024-05-06 07:08' } },
    'info.Time: yyyy-MM-dd HH:mm:ss',
  );
  rejects('month 13', { infotype: 'PushInfo', info: { SN: 'A1', Time: '2024-13-06 07:08:09' } }, 'info.Time');
  rejects('IsOnline as 1', { infotype: 'PushInfo', info: { SN: 'A1', IsOnline: 1 } }, 'info.IsOnline');
  rejects('no serial', { infotype: 'PushInfo', info: { IsOnline: true } }, 'info.SN');
  rejects('donum 33', { infotype: 'PushInfo', info: { SN: 'A1', donum: 33 } }, 'info.donum: integer 0-32');

  it('DO bytes read as channel states, channel 0 in bit 0', () => {
    const r = parseServerMessage({ infotype: 'PushInfo', info: PUSH });
    expect(r.ok && r.message.infotype === 'PushInfo' && readChannelStates(r.message.info.regdo, 3)).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('device kinds', () => {
  accepts('EquipInfoNow', { infotype: 'EquipInfoNow', info: { SN: 'A1', IsOnline: true, SOC: 30 } });
  accepts('EquipInfoNow without SOC', { infotype: 'EquipInfoNow', info: { SN: 'A1', IsOnline: false } });
  rejects('EquipInfoNow without IsOnline', { infotype: 'EquipInfoNow', info: { SN: 'A1' } }, 'info.IsOnline');
  accepts('DAMOpr', { infotype: 'DAMOpr', info: { SN: 'A1', opr: 'openone', ok: true } });
  accepts('DAMOpr failed', {
    infotype: 'DAMOpr',
    info: { SN: 'A1', opr: 'LoraWParam', ok: false, message: 'device offline' },
  });
  rejects(
    'DAMOpr of an unknown opr',
    { infotype: 'DAMOpr', info: { SN: 'A1', opr: 'OPENONE', ok: true } },
    'info.opr',
  );
  accepts('JsonMsg', { infotype: 'JsonMsg', info: { SN: 'M1', data: { t: 21.5, tags: ['a', null] } } });
  accepts('JsonMsg of a scalar', {
    infotype: 'JsonMsg',
    info: { SN: 'M1', data: 0, Time: '2024-01-01 00:00:00' },
  });
  rejects('JsonMsg without data', { infotype: 'JsonMsg', info: { SN: 'M1' } }, 'info.data');
  rejects(
    'JsonMsg nested 17 deep',
    { infotype: 'JsonMsg', info: { SN: 'M1', data: JSON.parse('['.repeat(17) + ']'.repeat(17)) } },
    'info.data',
  );
  rejects(
    'JsonMsg with 257 items',
    { infotype: 'JsonMsg', info: { SN: 'M1', data: Array(257).fill(0) } },
    'info.data',
  );
  accepts('GPRSReg', {
    infotype: 'GPRSReg',
    info: { SN: 'A1', IsOnline: true, Time: '2024-05-06 07:08:09' },
  });
  accepts('RFMsg', { infotype: 'RFMsg', info: { SN: 'G1', addr: 3, hexdata: '01030200FF' } });
  rejects(
    'RFMsg with odd hex',
    { infotype: 'RFMsg', info: { SN: 'G1', addr: 3, hexdata: '010' } },
    'info.hexdata',
  );
  accepts('Notiface high', {
    infotype: 'Notiface',
    info: {
      SN: 'A1',
      channel: 'AI2',
      level: 1,
      value: 21.5,
      Time: '2024-05-06 07:08:09',
      text: 'AI2 above 20',
    },
  });
  accepts('Notiface with the channel name, unit and limit', {
    infotype: 'Notiface',
    info: {
      SN: 'A1',
      channel: 'AI2',
      level: 1,
      value: 21.5,
      Time: '2024-05-06 07:08:09',
      text: 'AI2 Temperature above the upper limit 20: 21.5 °C',
      name: 'Temperature',
      unit: '°C',
      limit: 20,
    },
  });
  accepts('Notiface with the stored event to acknowledge it by', {
    infotype: 'Notiface',
    info: {
      SN: 'A1',
      channel: 'DI1',
      level: 1,
      value: 1,
      Time: '2024-05-06 07:08:09',
      text: 'DI1 alarm',
      eventId: 812,
    },
  });
  accepts('Notiface with its instant beside the wall-clock Time', {
    infotype: 'Notiface',
    info: {
      SN: 'A1',
      channel: 'AI1',
      level: 1,
      value: 5,
      Time: '2026-01-05 16:00:00',
      at: '2026-01-05T08:00:00.000Z',
      text: 'AI1 high',
    },
  });
  rejects(
    'Notiface whose instant is a wall-clock time',
    {
      infotype: 'Notiface',
      info: {
        SN: 'A1',
        channel: 'AI1',
        level: 1,
        value: 5,
        Time: '2026-01-05 16:00:00',
        at: '2026-01-05 16:00:00',
        text: 'AI1 high',
      },
    },
    'info.at',
  );
  rejects(
    'Notiface with an event id that is not an id',
    {
      infotype: 'Notiface',
      info: {
        SN: 'A1',
        channel: 'DI1',
        level: 1,
        value: 1,
        Time: '2024-05-06 07:08:09',
        text: '',
        eventId: 0,
      },
    },
    'info.eventId',
  );
  accepts('AlarmAck', {
    infotype: 'AlarmAck',
    info: {
      equipmentId: 42,
      eventId: 812,
      SN: 'A1',
      userId: 7,
      userName: 'demo',
      at: '2026-01-05T08:01:00.000Z',
    },
  });
  rejects(
    'AlarmAck with a wall-clock time instead of an instant',
    {
      infotype: 'AlarmAck',
      info: {
        equipmentId: 42,
        eventId: 812,
        SN: 'A1',
        userId: 7,
        userName: 'demo',
        at: '2026-01-05 16:01:00',
      },
    },
    'info.at',
  );
  rejects(
    'Notiface with a limit that is not a number',
    {
      infotype: 'Notiface',
      info: {
        SN: 'A1',
        channel: 'AI1',
        level: 1,
        value: 1,
        Time: '2024-05-06 07:08:09',
        text: '',
        limit: 'high',
      },
    },
    'info.limit',
  );
  accepts('Notiface low', {
    infotype: 'Notiface',
    info: { SN: 'A1', channel: 'DI32', level: -1, value: 0, Time: '2024-05-06 07:08:09', text: '' },
  });
  accepts('Notiface of a contested link', {
    infotype: 'Notiface',
    info: {
      SN: 'A1',
      channel: 'LINK',
      level: 1,
      value: 3,
      Time: '2024-05-06 07:08:09',
      text: 'Link contested',
    },
  });
  rejects(
    'Notiface channel LINK2',
    {
      infotype: 'Notiface',
      info: { SN: 'A1', channel: 'LINK2', level: 1, value: 1, Time: '2024-05-06 07:08:09', text: '' },
    },
    'info.channel',
  );
  rejects(
    'Notiface level 0',
    {
      infotype: 'Notiface',
      info: { SN: 'A1', channel: 'AI1', level: 0, value: 1, Time: '2024-05-06 07:08:09', text: '' },
    },
    'info.level: -1 (low) or 1 (high)',
  );
  rejects(
    'Notiface channel AI33',
    {
      infotype: 'Notiface',
      info: { SN: 'A1', channel: 'AI33', level: 1, value: 1, Time: '2024-05-06 07:08:09', text: '' },
    },
    'info.channel',
  );
  rejects(
    'Notiface channel AI0',
    {
      infotype: 'Notiface',
      info: { SN: 'A1', channel: 'AI0', level: 1, value: 1, Time: '2024-05-06 07:08:09', text: '' },
    },
    'info.channel',
  );
});

describe('Notice', () => {
  accepts('an announcement', {
    infotype: 'Notice',
    info: { kind: 'announcement', id: 7, title: 'Maintenance tonight', count: 1 },
  });
  accepts('a burst of alarm notices', {
    infotype: 'Notice',
    info: { kind: 'alarm', id: 9007199254740991, title: 'Tank AI1', count: 1000000 },
  });
  accepts(
    'a notice with a field a newer server added, dropping it',
    { infotype: 'Notice', info: { kind: 'alarm', id: 3, title: '', count: 2, urgent: true } },
    { infotype: 'Notice', info: { kind: 'alarm', id: 3, title: '', count: 2 } },
  );
  rejects(
    'an unknown kind',
    { infotype: 'Notice', info: { kind: 'memo', id: 1, title: 't', count: 1 } },
    'info.kind',
  );
  rejects('id 0', { infotype: 'Notice', info: { kind: 'alarm', id: 0, title: 't', count: 1 } }, 'info.id');
  rejects(
    'a count of 0',
    { infotype: 'Notice', info: { kind: 'alarm', id: 1, title: 't', count: 0 } },
    'info.count',
  );
  rejects(
    'a count past 1000000',
    { infotype: 'Notice', info: { kind: 'alarm', id: 1, title: 't', count: 1000001 } },
    'info.count',
  );
  rejects(
    'a title past 256 characters',
    { infotype: 'Notice', info: { kind: 'announcement', id: 1, title: 'x'.repeat(257), count: 1 } },
    'info.title',
  );
});

describe('ModbusReg replies', () => {
  accepts('a page read', {
    infotype: 'ModbusReg',
    info: { SN: 'A1', fn: 3, regstart: 12000, regnum: 2, hexdata: '0A0B0C0D' },
  });
  accepts('input registers', {
    infotype: 'ModbusReg',
    info: { SN: 'A1', fn: 4, regstart: 0, regnum: 1, hexdata: 'ffff' },
  });
  accepts('a write done', { infotype: 'ModbusReg', info: { SN: 'A1', fn: 16, regstart: 12000, regnum: 70 } });
  rejects(
    'hex shorter than regnum',
    { infotype: 'ModbusReg', info: { SN: 'A1', fn: 3, regstart: 0, regnum: 2, hexdata: '0A0B' } },
    'info.hexdata: regnum registers of hex',
  );
  rejects(
    '126 registers',
    {
      infotype: 'ModbusReg',
      info: { SN: 'A1', fn: 3, regstart: 0, regnum: 126, hexdata: '0000'.repeat(126) },
    },
    'info.regnum',
  );
  rejects(
    'invalid hex',
    { infotype: 'ModbusReg', info: { SN: 'A1', fn: 3, regstart: 0, regnum: 1, hexdata: 'zzzz' } },
    'info.hexdata',
  );
  rejects('fn 6', { infotype: 'ModbusReg', info: { SN: 'A1', fn: 6, regstart: 0, regnum: 1 } }, 'info.fn');
});

describe('LoRa kinds', () => {
  accepts('CRFLoraTiming', { infotype: 'CRFLoraTiming', info: { SN: 'G1', interval: 600 } });
  rejects(
    'CRFLoraTiming of 2 min',
    { infotype: 'CRFLoraTiming', info: { SN: 'G1', interval: 120 } },
    'info.interval',
  );
  accepts('CRFLoraParam', {
    infotype: 'CRFLoraParam',
    info: { SN: 'G1', netId: 1, channel: 23, airRate: 2, power: 3 },
  });
  accepts('CRFConfigRead', { infotype: 'CRFConfigRead', info: { SN: 'G1', slaves: [1, 2, 249] } });
  accepts('CRFConfigWrite', { infotype: 'CRFConfigWrite', info: { SN: 'G1', ok: true } });
  accepts('CRFConfigAuto', {
    infotype: 'CRFConfigAuto',
    info: { SN: 'G1', state: 'searching', slaves: [4] },
  });
  accepts('CRFConfigClear', { infotype: 'CRFConfigClear', info: { SN: 'G1', ok: false, message: 'busy' } });
  rejects(
    'CRFConfigRead with a repeated slave',
    { infotype: 'CRFConfigRead', info: { SN: 'G1', slaves: [1, 1] } },
    'info.slaves',
  );

  it('reads the CRFConfig family’s kind from the suffix', () => {
    expect(CRF_CONFIG_KINDS.map((k) => crfConfigKind(`CRFConfig${k}`))).toEqual([
      'Read',
      'Write',
      'Auto',
      'Clear',
    ]);
    expect(crfConfigKind('CRFConfig')).toBeNull();
    expect(crfConfigKind('CRFConfigSave')).toBeNull();
    expect(crfConfigKind('CRFLoraParam')).toBeNull();
  });

  it('refuses a CRFConfig kind outside the family', () => {
    const r = parseServerMessage({ infotype: 'CRFConfigSave', info: { SN: 'G1' } });
    expect(r.ok === false && r.error.code).toBe('unknown_infotype');
  });
});
