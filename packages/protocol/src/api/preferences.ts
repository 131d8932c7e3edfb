/**
 * The user's own record and preferences as the REST API gives and takes them (docs/api.md
 * `GET/PATCH /me`): the basic param of spec §3 under its own names, the camera account and the
 * chart filters. The server reads stored preferences leniently (a damaged field takes its default)
 * and writes them through these schemas; the console types its copy of the record with them.
 */
import { z } from 'zod';
import { storedText } from './fields.js';

export const Language = z.enum(['zh', 'en', 'tc']);

/** Minutes after midnight. */
export const MinuteOfDay = z.number().int().min(0).max(1439);
/** 0 none, 1 once, 2 loop 10 s, 3 60 s, 4 600 s, 5 a day (spec §4). */
export const AlarmType = z.number().int().min(0).max(5);
/** Sound file index: alarm{n+1}.mp3. */
export const AlarmSound = z.number().int().min(0).max(9);
/** Free-form console settings; bounded so the document stays small. */
export const Cfg = z
  .record(z.string().max(64), z.json())
  .refine((value) => JSON.stringify(value).length <= 8192, {
    message: 'at most 8192 characters of JSON',
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

export type ParamReply = z.infer<typeof ParamReply>;
export type ParamPatch = z.input<typeof ParamPatch>;

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

export type CameraParam = z.infer<typeof CameraParam>;

/** Equipment ids are decimal numbers. */
const EquipmentKey = z.string().regex(/^[1-9]\d{0,15}$/, 'an equipment id');
const FilterNames = z.array(storedText(1, 64)).max(32);

export const ChartFilters = z.record(EquipmentKey, FilterNames);

/** Per equipment: a list replaces that equipment's filter names, null removes them. */
export const ChartFiltersPatch = z.record(EquipmentKey, FilterNames.nullable());

/** GET /me: the signed-in user's record. */
export const MeReply = z.object({
  id: z.number(),
  userName: z.string(),
  /** Numeric authority level: 0 visitor, 4 user … 100 manager, 1000 admin. */
  authority: z.number(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: Language,
  city: z.string().nullable(),
  param: ParamReply,
  cameraParam: CameraParam.nullable(),
  /** Curve names shown per equipment id. */
  chartFilters: ChartFilters,
  registeredAt: z.iso.datetime(),
});
export type MeReply = z.infer<typeof MeReply>;

/** PATCH /me: any of these; `param` is merged onto the stored values, a chart filter list replaces. */
export const MePatch = z.strictObject({
  language: Language.optional(),
  city: storedText(0, 64).nullable().optional(),
  param: ParamPatch.optional(),
  cameraParam: CameraParam.nullable().optional(),
  chartFilters: ChartFiltersPatch.optional(),
});
export type MePatch = z.input<typeof MePatch>;
