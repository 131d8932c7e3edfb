import { say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';

/** Exception codes a server may answer with (Modbus application protocol v1.1b3, § 7). */
export const EXCEPTION = {
  illegalFunction: 1,
  illegalDataAddress: 2,
  illegalDataValue: 3,
  serverDeviceFailure: 4,
  acknowledge: 5,
  serverDeviceBusy: 6,
  memoryParityError: 8,
  gatewayPathUnavailable: 10,
  gatewayTargetFailedToRespond: 11,
} as const;

export type ExceptionCode = (typeof EXCEPTION)[keyof typeof EXCEPTION];

export const EXCEPTION_NAMES: Readonly<Record<ExceptionCode, Phrase>> = {
  1: { en: 'illegal function', zh: '非法功能码', tc: '非法功能碼' },
  2: { en: 'illegal data address', zh: '非法数据地址', tc: '非法數據地址' },
  3: { en: 'illegal data value', zh: '非法数据值', tc: '非法數據值' },
  4: { en: 'server device failure', zh: '从站设备故障', tc: '從站設備故障' },
  5: { en: 'acknowledge', zh: '已受理，处理中', tc: '已受理，處理中' },
  6: { en: 'server device busy', zh: '从站设备忙', tc: '從站設備忙' },
  8: { en: 'memory parity error', zh: '存储奇偶校验错误', tc: '存儲奇偶校驗錯誤' },
  10: { en: 'gateway path unavailable', zh: '网关路径不可用', tc: '網關路徑不可用' },
  11: {
    en: 'gateway target device failed to respond',
    zh: '网关目标设备无响应',
    tc: '網關目標設備無響應',
  },
};

const UNKNOWN: Phrase = { en: 'exception {code}', zh: '异常码 {code}', tc: '異常碼 {code}' };

export function isExceptionCode(code: number): code is ExceptionCode {
  return Object.prototype.hasOwnProperty.call(EXCEPTION_NAMES, code);
}

/** The name of an exception code; codes the standard leaves undefined are named by number. */
export function exceptionName(code: number, lang: Lang = 'en'): string {
  return isExceptionCode(code) ? say(EXCEPTION_NAMES[code], lang) : say(UNKNOWN, lang, { code });
}
