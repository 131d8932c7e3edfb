// docs/protocol.md § Rule models: the names other parts and outside checks import from the package entry.
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

describe('package entry point', () => {
  it('exports the public API', () => {
    for (const name of [
      'encodeRule',
      'decodeRule',
      'describeRule',
      'validateRule',
      'RULE_KINDS',
      'encodeTime',
      'decodeTime',
      'packChannels',
      'unpackChannels',
      'crc16',
      'evaluateAlarm',
      'decodePage',
      'encodePage',
      'locatePage',
      'parseClientMessage',
      'parseServerMessage',
      'parseOperation',
      'decodeCompressed',
      'encodeCompressed',
      'RtuStreamParser',
      'EquipmentCreate',
      'EquipmentCreatedReply',
      'EquipmentTypeReply',
      'ShareCodeRedeem',
      'ShareCodeRedeemed',
      'canonicalShareCode',
    ]) {
      expect(api, name).toHaveProperty(name);
    }
  });

  it('works end to end through the entry point', () => {
    expect(api.RULE_KINDS.trigger).toBe(14);
    expect(api.RULE_KINDS.scene).toBe(12);
    expect(api.RULE_KINDS.modbusMeter).toBe(8);
    expect(api.RULE_KINDS.aiWindow).toBe(5);
    const bytes = api.encodeRule('aiWindow', {
      band: true,
      holdTime: { value: 10, unit: 0 },
      high: 16000,
      low: 4000,
    });
    expect(api.toHex(bytes)).toBe('0A3E808FA0');
    const rule = api.decodeRule('aiWindow', bytes);
    expect(rule).not.toBeNull();
    expect(api.describeRule('aiWindow', rule!, 'en')).toContain('4000');
    expect(api.decodeRule('trigger', new Uint8Array(13))).toBeNull();
    expect(api.decodeRule('nope' as 'trigger', new Uint8Array(14))).toBeNull();
    expect(api.describeRule('scene', { type: 99, raw: new Array<number>(11).fill(0) }, 'en')).toBe('err');
    expect(api.crc16(Uint8Array.from([0xfe, 0x01, 0x00, 0x00, 0x00, 0x04])) & 0xff).toBe(0x29);
    expect(api.crc16(Uint8Array.from([0xfe, 0x01, 0x00, 0x00, 0x00, 0x04])) >> 8).toBe(0xc6);
    expect(api.evaluateAlarm(3, 4, 20)).toBe(-1);
    expect(api.evaluateAlarm(21, 4, 20)).toBe(1);
    expect(api.evaluateAlarm(21, 20, 20)).toBe(0);
    expect(api.unpackChannels(api.packChannels([true, false, true]), 3)).toEqual([true, false, true]);
    expect(api.decodeTime(api.encodeTime(90))).toBe(63);
  });
});
