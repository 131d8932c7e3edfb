// docs/protocol.md § Live channel (the envelope and its errors).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_INFOTYPES } from './client-messages.js';
import { MAX_MESSAGE_CHARS, encodeMessage, parseClientMessage, parseServerMessage } from './messages.js';
import { SERVER_INFOTYPES } from './server-messages.js';

const parsers = [
  ['client', parseClientMessage],
  ['server', parseServerMessage],
] as const;

describe.each(parsers)('%s envelope', (_side, parse) => {
  it.each([
    ['text that is not JSON', '{infotype:', { code: 'bad_json', message: 'message: not JSON' }],
    [
      'JSON that is not an object',
      '[1,2]',
      { code: 'bad_message', message: 'message: an object with infotype and info' },
    ],
    ['null', null, { code: 'bad_message', message: 'message: an object with infotype and info' }],
    ['a number', 7, { code: 'bad_message', message: 'message: an object with infotype and info' }],
    [
      'no infotype',
      { info: {} },
      { code: 'bad_message', message: 'infotype: a string naming the message kind' },
    ],
    [
      'a numeric infotype',
      { infotype: 3 },
      { code: 'bad_message', message: 'infotype: a string naming the message kind' },
    ],
    [
      'an unknown infotype',
      { infotype: 'Hello', info: {} },
      { code: 'unknown_infotype', message: "infotype: unknown kind 'Hello'", infotype: 'Hello' },
    ],
    [
      'a prototype key as infotype',
      { infotype: 'toString', info: {} },
      { code: 'unknown_infotype', message: "infotype: unknown kind 'toString'", infotype: 'toString' },
    ],
    [
      'an infotype of another case',
      { infotype: 'pushinfo', info: {} },
      { code: 'unknown_infotype', message: "infotype: unknown kind 'pushinfo'", infotype: 'pushinfo' },
    ],
  ])('%s', (_name, input, error) => {
    expect(parse(input)).toEqual({ ok: false, error });
  });

  it('cuts a long unknown infotype to 64 characters in the error', () => {
    const r = parse({ infotype: 'x'.repeat(500) });
    expect(r.ok === false && r.error.infotype).toBe('x'.repeat(64));
  });

  it(`refuses text longer than ${MAX_MESSAGE_CHARS} characters before parsing it`, () => {
    const r = parse(' '.repeat(MAX_MESSAGE_CHARS + 1));
    expect(r.ok === false && r.error.code).toBe('too_large');
  });

  it('names the kind and the field of a message that fails its schema', () => {
    const r = parse({ infotype: 'register', info: 5 });
    expect(r.ok === false && r.error.code).toBe('bad_message');
    expect(r.ok === false && r.error.infotype).toBe('register');
    expect(r.ok === false && r.error.message.startsWith('info')).toBe(true);
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const r = parse(input);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        expect(typeof parse(text).ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on a known infotype with random info', () => {
    const kinds = parse === parseClientMessage ? CLIENT_INFOTYPES : SERVER_INFOTYPES;
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.anything(), fc.anything(), (infotype, info, token) => {
        expect(typeof parse({ infotype, info, token }).ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('directions', () => {
  it('lists the kinds of each direction', () => {
    expect(CLIENT_INFOTYPES).toEqual([
      'register',
      'unregister',
      'damopr',
      'loraopr',
      'ModbusReg',
      'EquipOpr',
    ]);
    expect(SERVER_INFOTYPES).toEqual([
      'register',
      'untoken',
      'unregister',
      'PushInfo',
      'EquipInfoNow',
      'DAMOpr',
      'ModbusReg',
      'JsonMsg',
      'GPRSReg',
      'RFMsg',
      'CRFLoraTiming',
      'CRFLoraParam',
      'CRFConfigRead',
      'CRFConfigWrite',
      'CRFConfigAuto',
      'CRFConfigClear',
      'Notiface',
      'AlarmAck',
      'EquipChanged',
      'Notice',
      'error',
    ]);
  });

  it('encodeMessage writes the envelope as JSON', () => {
    expect(encodeMessage({ infotype: 'damopr', info: { opr: 'openone', io: 1, dly: 0, unid: 'A1' } })).toBe(
      '{"infotype":"damopr","info":{"opr":"openone","io":1,"dly":0,"unid":"A1"}}',
    );
    expect(encodeMessage({ infotype: 'unregister', info: null })).toBe(
      '{"infotype":"unregister","info":null}',
    );
  });
});
