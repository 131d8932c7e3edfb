/**
 * The user's own record and preferences as the REST API gives and takes them (docs/api.md
 * `GET/PATCH /me`): the basic param of spec §3 under domain names, the camera account and the
 * chart filters. The server stores the basic param under the specification's names and maps them
 * to these at its storage edge (server accounts/stored-param.ts); it reads stored preferences
 * leniently (a damaged field takes its default) and writes them through these schemas; the console
 * types its copy of the record with them.
 */
import { z } from 'zod';
import { storedText } from './fields.js';
import { AccessReply } from './admin.js';

export const Language = z.enum(['zh', 'en', 'tc']);

/** Minutes after midnight. */
export const MinuteOfDay = z.number().int().min(0).max(1439);
/** How long an alarm sounds: 0 none, 1 once, 2 loop 10 s, 3 60 s, 4 600 s, 5 a day (spec §4). */
export const AlarmType = z.number().int().min(0).max(5);
/** Sound file index: alarm{n+1}.mp3. */
export const AlarmSound = z.number().int().min(0).max(9);
/**
 * A value of the console settings: any JSON. One schema for both shapes below, so the server's
 * OpenAPI description can name this recursive type once (server http/openapi.ts).
 */
export const ConsoleSettingValue = z.json();

/** Free-form console settings; bounded so the document stays small. */
export const ConsoleSettings = z
  .record(z.string().max(64), ConsoleSettingValue)
  .refine((value) => JSON.stringify(value).length <= 8192, {
    message: 'at most 8192 characters of JSON',
  });

/**
 * The specification's storage names of the basic param (spec §3), which only the server's storage
 * keeps: a PATCH that sends one is refused with the field to send instead.
 */
const STORAGE_NAMES: Readonly<Record<string, string>> = {
  Sleep_Enable: 'quietHours.enabled',
  Sleep_begin: 'quietHours.start',
  Sleep_end: 'quietHours.end',
  en_openall: 'openAllButton',
  en_closeall: 'closeAllButton',
  en_oprall_Confirm: 'confirmOpenCloseAll',
  en_opr_sec: 'confirmOperations',
  sec_confirm: 'operationPassword',
  en_google: 'googleMaps',
  info: 'alarm.repeat, alarm.sound or consoleSettings',
  alarmtype: 'repeat',
  alarmsound: 'sound',
  cfg: 'consoleSettings',
};

/** The message for unknown keys of a `param` object; a storage name says what replaced it. */
function unknownKeys(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return issue.keys
    .map((key) =>
      Object.hasOwn(STORAGE_NAMES, key)
        ? `"${key}" is a storage name, send ${STORAGE_NAMES[key]} instead`
        : `unknown field "${key}"`,
    )
    .join('; ');
}

/** Quiet hours: no alarm sound from `start` until `end` (may run over midnight). */
export const QuietHours = z.object({ enabled: z.boolean(), start: MinuteOfDay, end: MinuteOfDay });
/** The alarm sound: how long it plays and which file. */
export const AlarmChoice = z.object({ repeat: AlarmType, sound: AlarmSound });

/** The reply shape of `param` (docs/api.md names the spec field of each). */
export const ParamReply = z.object({
  quietHours: QuietHours,
  /** Show the open-all button of relay panels. */
  openAllButton: z.boolean(),
  /** Show the close-all button. */
  closeAllButton: z.boolean(),
  /** Ask before open-all / close-all. */
  confirmOpenCloseAll: z.boolean(),
  /** Confirm every single operation. */
  confirmOperations: z.boolean(),
  /** With confirmOperations: every writing operation needs the account's password (server-enforced). */
  operationPassword: z.boolean(),
  /** Google map tiles instead of the default map. */
  googleMaps: z.boolean(),
  alarm: AlarmChoice,
  consoleSettings: z.record(z.string(), ConsoleSettingValue),
});

/** What PATCH /me accepts for `param`: any subset (nested objects too), merged onto the stored values. */
export const ParamPatch = z.strictObject(
  {
    quietHours: z
      .strictObject(
        { enabled: z.boolean().optional(), start: MinuteOfDay.optional(), end: MinuteOfDay.optional() },
        { error: unknownKeys },
      )
      .optional(),
    openAllButton: z.boolean().optional(),
    closeAllButton: z.boolean().optional(),
    confirmOpenCloseAll: z.boolean().optional(),
    confirmOperations: z.boolean().optional(),
    operationPassword: z.boolean().optional(),
    googleMaps: z.boolean().optional(),
    alarm: z
      .strictObject({ repeat: AlarmType.optional(), sound: AlarmSound.optional() }, { error: unknownKeys })
      .optional(),
    /** Replaces the stored console settings whole. */
    consoleSettings: ConsoleSettings.optional(),
  },
  { error: unknownKeys },
);

export type ParamReply = z.infer<typeof ParamReply>;

/** A new account's param, and what a missing or damaged stored field reads as (spec §3). */
export const PARAM_DEFAULTS: ParamReply = {
  quietHours: { enabled: false, start: 1140, end: 481 },
  openAllButton: true,
  closeAllButton: true,
  confirmOpenCloseAll: true,
  confirmOperations: false,
  operationPassword: false,
  googleMaps: false,
  alarm: { repeat: 1, sound: 0 },
  consoleSettings: {},
};
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
  /** True until the console has made the first-sign-in call (§4; POST /me/first-sign-in). */
  firstSignIn: z.boolean(),
  /** The access helper's admin flag, roles and abilities (§6; admin.ts). */
  access: AccessReply,
});
export type MeReply = z.infer<typeof MeReply>;

/** POST /me/first-sign-in: the authority level the console holds for the user. */
export const FirstSignInRequest = z.strictObject({ authority: z.number().int() });
export type FirstSignInRequest = z.infer<typeof FirstSignInRequest>;

/** PATCH /me: any of these; `param` is merged onto the stored values, a chart filter list replaces. */
export const MePatch = z.strictObject({
  language: Language.optional(),
  city: storedText(0, 64).nullable().optional(),
  param: ParamPatch.optional(),
  cameraParam: CameraParam.nullable().optional(),
  chartFilters: ChartFiltersPatch.optional(),
});
export type MePatch = z.input<typeof MePatch>;
