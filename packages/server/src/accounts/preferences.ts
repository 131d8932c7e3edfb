/**
 * Console preferences kept per user (spec §3): the basic param, the camera account and the chart
 * filters. Stored as JSON text; reading is lenient (a missing or damaged field takes its default),
 * writing is strict (the PATCH schemas reject anything else). The basic param is handled here under
 * its domain names (`ParamReply`); stored-param.ts maps it to and from the stored, spec-named form.
 */
import { CameraParam, ChartFilters } from '@fieldlink/protocol';
import { PARAM_DEFAULTS } from '@fieldlink/protocol';
import type { ParamPatch, ParamReply } from '@fieldlink/protocol';

export type Param = ParamReply;

export { PARAM_DEFAULTS };

/** A patch onto a param: nested objects merge field by field, the console settings are replaced. */
export function mergeParam(current: Param, patch: ParamPatch): Param {
  const { quietHours, alarm, consoleSettings, ...flags } = patch;
  return {
    ...current,
    ...dropUndefined(flags),
    quietHours: { ...current.quietHours, ...dropUndefined(quietHours ?? {}) },
    alarm: { ...current.alarm, ...dropUndefined(alarm ?? {}) },
    consoleSettings: consoleSettings ?? current.consoleSettings,
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

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
