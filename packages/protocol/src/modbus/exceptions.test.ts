// docs/protocol.md § Modbus exception replies: the exception code table and its names.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n.js';
import { EXCEPTION, EXCEPTION_NAMES, exceptionName, isExceptionCode } from './exceptions.js';

describe('exception codes', () => {
  it('are the codes the standard defines', () => {
    expect(Object.values(EXCEPTION)).toEqual([1, 2, 3, 4, 5, 6, 8, 10, 11]);
    expect(Object.keys(EXCEPTION_NAMES).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 8, 10, 11]);
  });

  it.each([
    [1, 'illegal function', '非法功能码', '非法功能碼'],
    [2, 'illegal data address', '非法数据地址', '非法數據地址'],
    [3, 'illegal data value', '非法数据值', '非法數據值'],
    [4, 'server device failure', '从站设备故障', '從站設備故障'],
    [6, 'server device busy', '从站设备忙', '從站設備忙'],
    [11, 'gateway target device failed to respond', '网关目标设备无响应', '網關目標設備無響應'],
    [7, 'exception 7', '异常码 7', '異常碼 7'], // not defined by the standard: named by number
    [0, 'exception 0', '异常码 0', '異常碼 0'],
  ])('%i is named %s', (code, en, zh, tc) => {
    expect(exceptionName(code)).toBe(en);
    expect(exceptionName(code, 'zh')).toBe(zh);
    expect(exceptionName(code, 'tc')).toBe(tc);
  });

  it('every defined code has a name in every language', () => {
    for (const code of Object.values(EXCEPTION)) {
      expect(isExceptionCode(code)).toBe(true);
      for (const lang of LANGS) expect(exceptionName(code, lang).length).toBeGreaterThan(0);
    }
    expect(isExceptionCode(9)).toBe(false);
    expect(isExceptionCode(12)).toBe(false);
  });
});
