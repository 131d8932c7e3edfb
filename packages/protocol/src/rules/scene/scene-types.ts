/**
 * The scene types (byte 0 of a scene). The type picks which sub-configuration bytes 1-11
 * hold. docs/protocol.md § Scene.
 */
import { COMMON, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';

export interface SceneType {
  readonly code: number;
  readonly name: Phrase;
}

export const SCENE_TYPES = [
  { code: 0, name: COMMON.disabled },
  { code: 1, name: { en: 'marquee', zh: '跑马灯', tc: '跑馬燈' } },
  { code: 2, name: { en: 'water-flow light', zh: '流水灯', tc: '流水燈' } },
  { code: 3, name: { en: 'open in turn', zh: '轮流打开', tc: '輪流打開' } },
  { code: 4, name: { en: 'close in turn', zh: '轮流关闭', tc: '輪流關閉' } },
  { code: 5, name: { en: 'open in sequence', zh: '顺序打开', tc: '順序打開' } },
  { code: 6, name: { en: 'close in sequence', zh: '顺序关闭', tc: '順序關閉' } },
  { code: 7, name: { en: 'simultaneous', zh: '同时开关', tc: '同時開關' } },
  { code: 10, name: { en: 'function calculation', zh: '函数计算', tc: '函數計算' } },
  { code: 20, name: { en: 'assignment calculation', zh: '赋值计算', tc: '賦值計算' } },
  { code: 30, name: { en: 'cumulative flow', zh: '累计流量', tc: '累計流量' } },
] as const satisfies readonly SceneType[];

export type SceneTypeCode = (typeof SCENE_TYPES)[number]['code'];

export function isSceneTypeCode(code: number): code is SceneTypeCode {
  return SCENE_TYPES.some((t) => t.code === code);
}

/** A scene type's name, or 'err' for a code outside the table. */
export function sceneTypeName(code: number, lang: Lang): string {
  const entry = SCENE_TYPES.find((t) => t.code === code);
  return entry ? say(entry.name, lang) : say(COMMON.err, lang);
}
