/**
 * Wireless (LoRa) team commands: the codes of the auto-configuration commands, the report
 * intervals the console offers, and the radio parameters and slave list a gateway holds.
 * docs/protocol.md § LoRa commands.
 *
 * The specification gives the codes and the names of the commands but not what every code
 * does nor the fields of the parameters; the meanings and fields here are ours.
 */
import { z } from 'zod';
import type { Phrase } from '../i18n.js';
import { int, list } from './fields.js';

/** oprinfo of the LoraAutoCfg operation (sent through EquipOpr). */
export const LORA_AUTO_CFG_CODES = {
  2: { name: 'start', label: { en: 'Start auto-configuration', zh: '开始自动配置', tc: '開始自動配置' } },
  33: { name: 'stop', label: { en: 'Stop auto-configuration', zh: '停止自动配置', tc: '停止自動配置' } },
  34: {
    name: 'save',
    label: { en: 'Save the slaves found', zh: '保存搜索到的从机', tc: '保存搜索到的從機' },
  },
  49: {
    name: 'resetRadio',
    label: { en: 'Restore radio defaults', zh: '恢复无线默认参数', tc: '恢復無線預設參數' },
  },
} as const satisfies Record<number, { name: string; label: Phrase }>;
export type LoraAutoCfgCode = keyof typeof LORA_AUTO_CFG_CODES;
export const LORA_AUTO_CFG_CODE_LIST = [2, 33, 34, 49] as const satisfies readonly LoraAutoCfgCode[];

/** loracode of the loraopr message with opr 'loraautocfg'. */
export const LORA_CODES = {
  17: { name: 'autoConfig', label: { en: 'Auto-configure', zh: '自动配置', tc: '自動配置' } },
  18: { name: 'cancel', label: { en: 'Cancel auto-configuration', zh: '取消自动配置', tc: '取消自動配置' } },
  19: { name: 'keepAwake', label: { en: 'Keep slaves awake', zh: '保持从机唤醒', tc: '保持從機喚醒' } },
  20: { name: 'sleepEnable', label: { en: 'Allow slaves to sleep', zh: '允许从机休眠', tc: '允許從機休眠' } },
} as const satisfies Record<number, { name: string; label: Phrase }>;
export type LoraCode = keyof typeof LORA_CODES;
export const LORA_CODE_LIST = [17, 18, 19, 20] as const satisfies readonly LoraCode[];
export const LORA_KEEP_AWAKE = 19;
/** How long slaves stay awake after loracode 19 when no delay is given, in milliseconds. */
export const LORA_KEEP_AWAKE_DEFAULT_MS = 12000;
/** Bounds of the keep-awake delay (ms): at least 1 s, at most 10 minutes. */
export const LORA_KEEP_AWAKE_MIN_MS = 1000;
export const LORA_KEEP_AWAKE_MAX_MS = 600000;

/** The report intervals the console offers (1/5/10/30 min, 1/3/5 h), in seconds. */
export const LORA_RATES = [
  { seconds: 60, label: { en: '1 min', zh: '1分钟', tc: '1分鐘' } },
  { seconds: 300, label: { en: '5 min', zh: '5分钟', tc: '5分鐘' } },
  { seconds: 600, label: { en: '10 min', zh: '10分钟', tc: '10分鐘' } },
  { seconds: 1800, label: { en: '30 min', zh: '30分钟', tc: '30分鐘' } },
  { seconds: 3600, label: { en: '1 h', zh: '1小时', tc: '1小時' } },
  { seconds: 10800, label: { en: '3 h', zh: '3小时', tc: '3小時' } },
  { seconds: 18000, label: { en: '5 h', zh: '5小时', tc: '5小時' } },
] as const satisfies readonly { seconds: number; label: Phrase }[];
export type LoraRateSeconds = (typeof LORA_RATES)[number]['seconds'];
export const LORA_RATE_SECONDS = LORA_RATES.map((r) => r.seconds) as readonly LoraRateSeconds[];

export function isLoraRate(value: unknown): value is LoraRateSeconds {
  return typeof value === 'number' && (LORA_RATE_SECONDS as readonly number[]).includes(value);
}

function oneOf<const T extends readonly number[]>(values: T) {
  return z.literal(values, { error: `one of ${values.join(', ')}` });
}

export const loraAutoCfgCode = oneOf(LORA_AUTO_CFG_CODE_LIST);
export const loraCode = oneOf(LORA_CODE_LIST);
/** A report interval in seconds, one of LORA_RATE_SECONDS. */
export const loraRate = oneOf(LORA_RATE_SECONDS);

/** A slave address on a team: 0-249 (spec 000 § 5). */
export const loraSlaveAddress = int(0, 249);

/**
 * The radio parameters of a gateway and its team: network id, frequency channel, air data
 * rate and transmit power as the module's codes (the console shows them as numbers).
 */
export const loraRadioShape = {
  netId: int(0, 65535),
  channel: int(0, 255),
  airRate: int(0, 7),
  power: int(0, 3),
};
export interface LoraRadioParams {
  readonly netId: number;
  readonly channel: number;
  readonly airRate: number;
  readonly power: number;
}

/** The team's slave table: addresses (0-249), each at most once. */
export const loraSlaves = list(loraSlaveAddress, 250).refine((a) => new Set(a).size === a.length, {
  error: 'each address at most once',
});
