/**
 * The equipment record's settings as the REST API takes and gives them (spec §3; docs/api.md §
 * Equipment): input accepts each list as an array or as the specification's ';'-joined text,
 * output gives every list as an array sized by the type. The server normalises between the two.
 */
import { z } from 'zod';
import { readJsonObject } from '../equipment/json.js';
import { storedText as text } from './fields.js';

/** A list as the console sends it: an array, or the specification's 'a;b;c'. */
function listOf<T extends z.ZodType>(item: T) {
  return z.union([z.array(item).max(256), text(0, 16_384)]);
}
const Item = text(0, 128);
const NumberItem = z.number().min(-1e12).max(1e12);
const TextList = listOf(Item);
const NumberList = listOf(NumberItem);
const BoolList = listOf(z.boolean());
/** An image name or url. */
const Image = text(0, 512);
const ImageList = listOf(Image);
/** A CSS colour: '#1890ff', 'red', 'rgba(0, 0, 0, 0.5)'. */
const Color = z
  .string()
  .max(64)
  .regex(/^[#A-Za-z0-9(),.%\s-]*$/, 'a CSS colour');
/** A JSON object, or its text (the specification sends JSON fields as strings). */
const JsonField = z.union([
  z.record(z.string(), z.unknown()),
  text(0, 65_536).refine((s) => s.trim() === '' || readJsonObject(s) !== null, 'a JSON object'),
]);
const ModeText = text(0, 4096);

const DoInput = z.strictObject({ names: TextList, onImages: ImageList, offImages: ImageList }).partial();
const DiInput = z
  .strictObject({
    names: TextList,
    onImages: ImageList,
    offImages: ImageList,
    alarm: BoolList,
    alarmHigh: BoolList,
  })
  .partial();
const AnalogScaling = { x1: NumberList, x2: NumberList, y1: NumberList, y2: NumberList };
const AiInput = z
  .strictObject({
    names: TextList,
    units: TextList,
    ...AnalogScaling,
    alarmHigh: NumberList,
    alarmLow: NumberList,
    alarmOperations: TextList,
    images: ImageList,
    alarmImages: ImageList,
  })
  .partial();
const AoInput = z
  .strictObject({
    names: TextList,
    units: TextList,
    ...AnalogScaling,
    min: NumberList,
    max: NumberList,
    images: ImageList,
  })
  .partial();

/** The editable settings; every key optional, lists replaced whole. */
export const SettingsInput = z
  .strictObject({
    image: Image,
    background: text(0, 8192),
    webBackground: Image,
    colors: z
      .strictObject({
        background: Color,
        device: Color,
        alarm: Color,
        alarmHigh: Color,
        alarmLow: Color,
        title: Color,
      })
      .partial(),
    showOpenAll: z.boolean(),
    showCloseAll: z.boolean(),
    param: JsonField,
    camera: JsonField,
    alarmType: JsonField,
    teamSn: text(0, 64),
    modes: z
      .strictObject({
        doOpr: ModeText,
        doRtc: ModeText,
        doDi: JsonField,
        doAi: JsonField,
        doUi: ModeText,
        doScene: ModeText,
      })
      .partial(),
    do: DoInput,
    di: DiInput,
    ai: AiInput,
    ao: AoInput,
  })
  .partial();
export type SettingsInput = z.infer<typeof SettingsInput>;

const Scaling = {
  x1: z.array(z.number()),
  x2: z.array(z.number()),
  y1: z.array(z.number()),
  y2: z.array(z.number()),
};
const Colors = z.object({
  background: z.string(),
  device: z.string(),
  alarm: z.string(),
  alarmHigh: z.string(),
  alarmLow: z.string(),
  title: z.string(),
});
const Json = z.record(z.string(), z.unknown());

/** The stored and returned settings: everything present, lists sized by the type. */
export const Settings = z.object({
  image: z.string(),
  background: z.string(),
  webBackground: z.string(),
  colors: Colors,
  showOpenAll: z.boolean(),
  showCloseAll: z.boolean(),
  param: Json,
  camera: Json,
  alarmType: Json,
  teamSn: z.string(),
  modes: z.object({
    doOpr: z.string(),
    doRtc: z.string(),
    doDi: Json,
    doAi: Json,
    doUi: z.string(),
    doScene: z.string(),
  }),
  do: z.object({ names: z.array(z.string()), onImages: z.array(z.string()), offImages: z.array(z.string()) }),
  di: z.object({
    names: z.array(z.string()),
    onImages: z.array(z.string()),
    offImages: z.array(z.string()),
    alarm: z.array(z.boolean()),
    alarmHigh: z.array(z.boolean()),
  }),
  ai: z.object({
    names: z.array(z.string()),
    units: z.array(z.string()),
    ...Scaling,
    alarmHigh: z.array(z.number()),
    alarmLow: z.array(z.number()),
    alarmOperations: z.array(z.string()),
    images: z.array(z.string()),
    alarmImages: z.array(z.string()),
  }),
  ao: z.object({
    names: z.array(z.string()),
    units: z.array(z.string()),
    ...Scaling,
    min: z.array(z.number()),
    max: z.array(z.number()),
    images: z.array(z.string()),
  }),
});
export type Settings = z.infer<typeof Settings>;
