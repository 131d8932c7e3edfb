// docs/protocol.md § LoRa commands.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n.js';
import {
  LORA_AUTO_CFG_CODES,
  LORA_AUTO_CFG_CODE_LIST,
  LORA_CODES,
  LORA_CODE_LIST,
  LORA_KEEP_AWAKE,
  LORA_KEEP_AWAKE_DEFAULT_MS,
  LORA_RATES,
  LORA_RATE_SECONDS,
  isLoraRate,
  loraSlaves,
} from './lora.js';

describe('LoRa constants', () => {
  it('rate selectors are 1/5/10/30 min and 1/3/5 h, in seconds', () => {
    expect(LORA_RATE_SECONDS).toEqual([60, 300, 600, 1800, 3600, 10800, 18000]);
    expect(LORA_RATES.map((r) => r.label.en)).toEqual([
      '1 min',
      '5 min',
      '10 min',
      '30 min',
      '1 h',
      '3 h',
      '5 h',
    ]);
    expect(LORA_RATES[4]!.label).toEqual({ en: '1 h', zh: '1小时', tc: '1小時' });
  });

  it.each([
    [60, true],
    [18000, true],
    [120, false],
    ['60', false],
    [null, false],
  ])('isLoraRate(%j) = %s', (value, expected) => {
    expect(isLoraRate(value)).toBe(expected);
  });

  it('auto-configuration codes are 2, 33, 34, 49; loraopr codes 17-20, 19 keeping slaves awake 12000 ms', () => {
    expect(LORA_AUTO_CFG_CODE_LIST).toEqual([2, 33, 34, 49]);
    expect(LORA_CODE_LIST).toEqual([17, 18, 19, 20]);
    expect(LORA_CODES[LORA_KEEP_AWAKE].name).toBe('keepAwake');
    expect(LORA_KEEP_AWAKE_DEFAULT_MS).toBe(12000);
  });

  it('labels every code in every language', () => {
    for (const c of LORA_AUTO_CFG_CODE_LIST)
      for (const l of LANGS) expect(LORA_AUTO_CFG_CODES[c].label[l]).not.toBe('');
    for (const c of LORA_CODE_LIST) for (const l of LANGS) expect(LORA_CODES[c].label[l]).not.toBe('');
  });

  it('a slave table holds 0-250 distinct addresses 0-249', () => {
    expect(loraSlaves.safeParse(Array.from({ length: 250 }, (_, i) => i)).success).toBe(true);
    expect(loraSlaves.safeParse([...Array.from({ length: 250 }, (_, i) => i), 0]).success).toBe(false);
    expect(loraSlaves.safeParse([249]).success).toBe(true);
    expect(loraSlaves.safeParse([250]).success).toBe(false);
    expect(loraSlaves.safeParse([-1]).success).toBe(false);
  });
});
