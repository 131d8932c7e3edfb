/**
 * Console preferences kept per user (spec §3): the basic param, the camera account and the chart
 * filters. Stored as JSON text; reading is lenient (a missing or damaged field takes its default),
 * writing is strict (the PATCH schemas reject anything else).
 */
import { AlarmSound, AlarmType, CameraParam, Cfg, ChartFilters, MinuteOfDay } from '@fieldlink/protocol';
import type { ParamPatch } from '@fieldlink/protocol';
import { z } from 'zod';

export const PARAM_DEFAULTS = {
  Sleep_Enable: false,
  Sleep_begin: 1140,
  Sleep_end: 481,
  en_openall: true,
  en_closeall: true,
  en_oprall_Confirm: true,
  en_opr_sec: false,
  sec_confirm: false,
  en_google: false,
  info: { alarm: { alarmtype: 1, alarmsound: 0 }, cfg: {} as Record<string, z.infer<typeof Cfg>[string]> },
};

export type Param = typeof PARAM_DEFAULTS;

const ParamRead = z.object({
  Sleep_Enable: z.boolean().catch(PARAM_DEFAULTS.Sleep_Enable),
  Sleep_begin: MinuteOfDay.catch(PARAM_DEFAULTS.Sleep_begin),
  Sleep_end: MinuteOfDay.catch(PARAM_DEFAULTS.Sleep_end),
  en_openall: z.boolean().catch(PARAM_DEFAULTS.en_openall),
  en_closeall: z.boolean().catch(PARAM_DEFAULTS.en_closeall),
  en_oprall_Confirm: z.boolean().catch(PARAM_DEFAULTS.en_oprall_Confirm),
  en_opr_sec: z.boolean().catch(PARAM_DEFAULTS.en_opr_sec),
  sec_confirm: z.boolean().catch(PARAM_DEFAULTS.sec_confirm),
  en_google: z.boolean().catch(PARAM_DEFAULTS.en_google),
  info: z
    .object({
      alarm: z
        .object({
          alarmtype: AlarmType.catch(PARAM_DEFAULTS.info.alarm.alarmtype),
          alarmsound: AlarmSound.catch(PARAM_DEFAULTS.info.alarm.alarmsound),
        })
        .catch(PARAM_DEFAULTS.info.alarm),
      cfg: Cfg.catch({}),
    })
    .catch(PARAM_DEFAULTS.info),
});

export function readParam(text: string): Param {
  return ParamRead.parse(parseJson(text) ?? {}) as Param;
}

export function mergeParam(current: Param, patch: ParamPatch): Param {
  const { info, ...top } = patch;
  return {
    ...current,
    ...dropUndefined(top),
    info: {
      alarm: { ...current.info.alarm, ...dropUndefined(info?.alarm ?? {}) },
      cfg: info?.cfg ?? current.info.cfg,
    },
  };
}

export type CameraParamValue = CameraParam;

export function readCameraParam(text: string | null): CameraParamValue | null {
  if (text === null) return null;
  const parsed = CameraParam.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

export function readChartFilters(text: string): Record<string, string[]> {
  const parsed = ChartFilters.safeParse(parseJson(text));
  return parsed.success ? parsed.data : {};
}

export function mergeChartFilters(
  current: Record<string, string[]>,
  patch: Record<string, string[] | null>,
): Record<string, string[]> {
  const merged = { ...current };
  for (const [key, names] of Object.entries(patch)) {
    if (names === null) delete merged[key];
    else merged[key] = names;
  }
  return merged;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
