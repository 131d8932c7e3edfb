// Checks docs/protocol.md § Operation results and § Device registers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeDeviceStatus, encodeSlaveTable } from '../device-registers.js';
import type { ModbusResponse } from '../modbus/pdu.js';
import { operationResultMessage } from './operation-result.js';
import { OPERATION_NAMES, parseOperation } from './operations.js';
import type { Operation } from './operations.js';
import { parseServerMessage } from './messages.js';

function op(body: Record<string, unknown>): Operation {
  const r = parseOperation(body);
  if (!r.ok) throw new Error(r.error);
  return r.operation;
}

const read = (values: number[]): ModbusResponse => ({ fn: 3, values });
const written: ModbusResponse = { fn: 16, address: 1200, count: 2 };

describe('operation results', () => {
  it('tells the battery level, or none for a mains device', () => {
    expect(operationResultMessage(op({ opr: 'readsoc' }), 'A1', [{ fn: 4, values: [82] }])).toEqual({
      infotype: 'EquipInfoNow',
      info: { SN: 'A1', IsOnline: true, SOC: 82 },
    });
    expect(operationResultMessage(op({ opr: 'readsoc' }), 'A1', [{ fn: 4, values: [0xffff] }])).toEqual({
      infotype: 'EquipInfoNow',
      info: { SN: 'A1', IsOnline: true },
    });
  });

  it('tells the GPS position longitude first, or no fix', () => {
    const block = encodeDeviceStatus({ soc: null, gps: { latitude: 31.23, longitude: 121.47 } }).slice(1);
    expect(operationResultMessage(op({ opr: 'READGPS' }), 'A1', [{ fn: 4, values: block }])).toEqual({
      infotype: 'JsonMsg',
      info: { SN: 'A1', data: { gps: '121.47, 31.23', fix: true } },
    });
    expect(
      operationResultMessage(op({ opr: 'READGPS' }), 'A1', [{ fn: 4, values: [0, 0, 0, 0, 0] }]),
    ).toEqual({
      infotype: 'JsonMsg',
      info: { SN: 'A1', data: { gps: null, fix: false } },
    });
  });

  it('reads back the radio, the interval and the table', () => {
    const w = op({ opr: 'LoraWParam', netId: 7, channel: 23, airRate: 2, power: 3 });
    expect(operationResultMessage(w, 'T1', [written, read([7, 23, 2, 3])])).toEqual({
      infotype: 'CRFLoraParam',
      info: { SN: 'T1', netId: 7, channel: 23, airRate: 2, power: 3 },
    });
    expect(operationResultMessage(op({ opr: 'LoraRParam' }), 'T1', [read([7, 256, 2, 3])])).toBeNull();
    expect(operationResultMessage(op({ opr: 'LoRaRTiming' }), 'T1', [read([600])])).toEqual({
      infotype: 'CRFLoraTiming',
      info: { SN: 'T1', interval: 600 },
    });
    expect(operationResultMessage(op({ opr: 'LoRaRTiming' }), 'T1', [read([601])])).toBeNull();
    expect(
      operationResultMessage(op({ opr: 'lorarconfig' }), 'T1', [read(encodeSlaveTable([0, 3]))]),
    ).toEqual({
      infotype: 'CRFConfigRead',
      info: { SN: 'T1', slaves: [0, 3] },
    });
  });

  it('says whether a table write and a clear took', () => {
    const w = op({ opr: 'lorawconfig', slaves: [3, 1] });
    expect(operationResultMessage(w, 'T1', [written, read(encodeSlaveTable([1, 3]))])).toEqual({
      infotype: 'CRFConfigWrite',
      info: { SN: 'T1', ok: true },
    });
    expect(operationResultMessage(w, 'T1', [written, read(encodeSlaveTable([1]))])).toMatchObject({
      info: { ok: false, message: 'the slave table read back differs' },
    });
    const clear = op({ opr: 'LoraClearSlave' });
    expect(operationResultMessage(clear, 'T1', [written, read([0]), read(encodeSlaveTable([]))])).toEqual({
      infotype: 'CRFConfigClear',
      info: { SN: 'T1', ok: true },
    });
  });

  it('tells the auto-configuration state and the slaves found', () => {
    const auto = op({ opr: 'LoraAutoCfg', code: 2 });
    expect(operationResultMessage(auto, 'T1', [written, read([1]), read(encodeSlaveTable([1, 2]))])).toEqual({
      infotype: 'CRFConfigAuto',
      info: { SN: 'T1', state: 'searching', slaves: [1, 2] },
    });
    const idle = operationResultMessage(op({ opr: 'loraautocfg', loracode: 20 }), 'T1', [
      written,
      read([0]),
      read(encodeSlaveTable([])),
    ]);
    expect(idle).toMatchObject({ info: { state: 'done' } });
  });

  it('has nothing to tell for switching, or for an exception answer', () => {
    expect(
      operationResultMessage(op({ opr: 'openone', io: 1 }), 'A1', [{ fn: 5, address: 0, value: true }]),
    ).toBeNull();
    expect(operationResultMessage(op({ opr: 'readsoc' }), 'A1', [{ fn: 4, exception: 2 }])).toBeNull();
    expect(operationResultMessage(op({ opr: 'readsoc' }), 'A1', [])).toBeNull();
  });

  it('property: any answers give null or a message the console accepts', () => {
    const bodies = OPERATION_NAMES.map((opr) => parseOperation({ opr })).filter((r) => r.ok);
    fc.assert(
      fc.property(
        fc.constantFrom(...bodies),
        fc.array(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 }), { maxLength: 3 }),
        (parsed, answers) => {
          if (!parsed.ok) return;
          const message = operationResultMessage(
            parsed.operation,
            'A1',
            answers.map((values) => ({ fn: 3, values })),
          );
          if (message !== null) expect(parseServerMessage(message).ok).toBe(true);
        },
      ),
    );
  });
});
