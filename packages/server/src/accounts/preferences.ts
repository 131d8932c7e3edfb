/**
 * Console preferences kept per user (spec §3): the basic param, the camera account and the chart
 * filters. Stored as JSON text; reading is lenient (a missing or damaged field takes its default),
 * writing is strict (the PATCH schemas reject anything else).
 */
import { storedText } from '@fieldlink/protocol';
import { z } from 'zod';

/** Minutes after midnight. */
const MinuteOfDay = z.number().int().min(0).max(1439);
/** 0 none, 1 once, 2 loop 10 s, 3 60 s, 4 600 s, 5 a day (spec §4). */
const AlarmType = z.number().int().min(0).max(5);
/** Sound file index: alarm{n+1}.mp3. */
const AlarmSound = z.number().int().min(0).max(9);
/** Free-form console settings; bounded so the document stays small. */
const Cfg = z.record(z.string().max(64), z.json()).refine((value) => JSON.stringify(value).length <= 8192, {
  message: 'at most 8192 characters of JSON',
});

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

/** The reply shape of `param`. */
export const ParamReply = z.object({
  Sleep_Enable: z.boolean(),
  Sleep_begin: MinuteOfDay,
  Sleep_end: MinuteOfDay,
  en_openall: z.boolean(),
  en_closeall: z.boolean(),
  en_oprall_Confirm: z.boolean(),
  en_opr_sec: z.boolean(),
  sec_confirm: z.boolean(),
  en_google: z.boolean(),
  info: z.object({
    alarm: z.object({ alarmtype: AlarmType, alarmsound: AlarmSound }),
    cfg: z.record(z.string(), z.json()),
  }),
});

/** What PATCH /me accepts for `param`: any subset, merged onto the stored values. */
export const ParamPatch = z.strictObject({
  Sleep_Enable: z.boolean().optional(),
  Sleep_begin: MinuteOfDay.optional(),
  Sleep_end: MinuteOfDay.optional(),
  en_openall: z.boolean().optional(),
  en_closeall: z.boolean().optional(),
  en_oprall_Confirm: z.boolean().optional(),
  en_opr_sec: z.boolean().optional(),
  sec_confirm: z.boolean().optional(),
  en_google: z.boolean().optional(),
  info: z
    .strictObject({
      alarm: z
        .strictObject({ alarmtype: AlarmType.optional(), alarmsound: AlarmSound.optional() })
        .optional(),
      cfg: Cfg.optional(),
    })
    .optional(),
});

export function readParam(text: string): Param {
  return ParamRead.parse(parseJson(text) ?? {}) as Param;
}

export function mergeParam(current: Param, patch: z.infer<typeof ParamPatch>): Param {
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

const ShortText = storedText(0, 256);

/** The video-cloud account of the user (spec §3 camera user param); appType defaults to hk. */
export const CameraParam = z.strictObject({
  userID: ShortText.optional(),
  appKey: ShortText.optional(),
  appSecret: ShortText.optional(),
  accessToken: storedText(0, 2048).optional(),
  password: ShortText.optional(),
  appType: storedText(1, 32).default('hk'),
});

export type CameraParamValue = z.infer<typeof CameraParam>;

export function readCameraParam(text: string | null): CameraParamValue | null {
  if (text === null) return null;
  const parsed = CameraParam.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

/** Equipment ids are decimal numbers. */
const EquipmentKey = z.string().regex(/^[1-9]\d{0,15}$/, 'an equipment id');
const FilterNames = z.array(storedText(1, 64)).max(32);

export const ChartFilters = z.record(EquipmentKey, FilterNames);

/** Per equipment: a list replaces that equipment's filter names, null removes them. */
export const ChartFiltersPatch = z.record(EquipmentKey, FilterNames.nullable());

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
