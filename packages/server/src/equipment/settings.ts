/**
 * The equipment record's settings (spec §3): appearance, camera, parameters, modes and the
 * per-channel lists. Stored as one normalised JSON document: every list sized by the type's
 * channel counts (missing items '' / 0 / false / the default image, items past the count or past
 * 32 dropped), JSON fields parsed and written back in their canonical form.
 *
 * Input accepts each list as an array or as the specification's ';'-joined text (the schemas:
 * protocol/src/api/settings.ts); output gives arrays, and `wireRecord` gives the specification's record with ';'-joined lists.
 */
import {
  formatDoDiMode,
  formatDoUiMode,
  formatEquipmentParam,
  formatList,
  parseBoolList,
  parseDoDiMode,
  parseDoUiMode,
  parseEquipmentParam,
  parseImageList,
  parseList,
  parseNumberList,
  readJsonObject,
} from '@fieldlink/protocol';
import { Settings } from '@fieldlink/protocol';
import type { ChannelCounts, ChannelImageKind, JsonObject, SettingsInput } from '@fieldlink/protocol';

// The schemas live in the contract both sides import (protocol/src/api/settings.ts).

type ListValue = readonly (string | number | boolean)[] | string | undefined;

/** An input list (array or ';' text) as the ';' text the protocol readers take. */
function asText(value: ListValue): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : formatList(value);
}

/** Later wins: `patch` when the caller gave it, else what is stored. */
function pick<T>(patch: T | undefined, stored: T): T {
  return patch === undefined ? stored : patch;
}

const texts = (value: ListValue, n: number): string[] => parseList(asText(value), n);
const numbers = (value: ListValue, n: number): number[] => parseNumberList(asText(value), n);
const images = (value: ListValue, n: number, kind: ChannelImageKind): string[] =>
  parseImageList(asText(value), n, kind);

function jsonObject(value: JsonObject | string | undefined): JsonObject {
  if (value === undefined) return {};
  return readJsonObject(value) ?? {};
}

/**
 * Merges an edit into the stored settings (or the defaults) and normalises the result for the
 * type's counts. Also used with `stored` undefined to build a new record's settings.
 */
export function normaliseSettings(
  counts: ChannelCounts,
  input: SettingsInput,
  stored?: Settings,
  defaults: { image: string } = { image: '' },
): Settings {
  const s = stored;
  const m = input.modes ?? {};
  const c = input.colors ?? {};
  const d = input.do ?? {};
  const di = input.di ?? {};
  const ai = input.ai ?? {};
  const ao = input.ao ?? {};
  // Stored lists are already arrays; they go through the same sizing, which matters when a
  // record is re-sized (never today: a record's type is fixed once created).
  const sd = s?.do;
  const sdi = s?.di;
  const sai = s?.ai;
  const sao = s?.ao;
  const doUiText = pick(m.doUi, s?.modes.doUi ?? '');
  return {
    image: pick(input.image, s?.image ?? defaults.image),
    background: pick(input.background, s?.background ?? ''),
    webBackground: pick(input.webBackground, s?.webBackground ?? ''),
    colors: {
      background: pick(c.background, s?.colors.background ?? ''),
      device: pick(c.device, s?.colors.device ?? ''),
      alarm: pick(c.alarm, s?.colors.alarm ?? ''),
      alarmHigh: pick(c.alarmHigh, s?.colors.alarmHigh ?? ''),
      alarmLow: pick(c.alarmLow, s?.colors.alarmLow ?? ''),
      title: pick(c.title, s?.colors.title ?? ''),
    },
    showOpenAll: pick(input.showOpenAll, s?.showOpenAll ?? true),
    showCloseAll: pick(input.showCloseAll, s?.showCloseAll ?? true),
    param: JSON.parse(
      formatEquipmentParam(
        parseEquipmentParam(input.param === undefined ? s?.param : jsonObject(input.param)),
      ),
    ) as JsonObject,
    camera: input.camera === undefined ? (s?.camera ?? {}) : jsonObject(input.camera),
    alarmType: input.alarmType === undefined ? (s?.alarmType ?? {}) : jsonObject(input.alarmType),
    teamSn: pick(input.teamSn, s?.teamSn ?? ''),
    modes: {
      doOpr: pick(m.doOpr, s?.modes.doOpr ?? ''),
      doRtc: pick(m.doRtc, s?.modes.doRtc ?? ''),
      doDi: JSON.parse(
        formatDoDiMode(parseDoDiMode(m.doDi === undefined ? (s?.modes.doDi ?? {}) : jsonObject(m.doDi))),
      ) as JsonObject,
      doAi: m.doAi === undefined ? (s?.modes.doAi ?? {}) : jsonObject(m.doAi),
      doUi: counts.do === 0 ? '' : formatDoUiMode(parseDoUiMode(doUiText, counts.do)),
      doScene: pick(m.doScene, s?.modes.doScene ?? ''),
    },
    do: {
      names: texts(d.names ?? sd?.names, counts.do),
      onImages: images(d.onImages ?? sd?.onImages, counts.do, 'doOn'),
      offImages: images(d.offImages ?? sd?.offImages, counts.do, 'doOff'),
    },
    di: {
      names: texts(di.names ?? sdi?.names, counts.di),
      onImages: images(di.onImages ?? sdi?.onImages, counts.di, 'diOn'),
      offImages: images(di.offImages ?? sdi?.offImages, counts.di, 'diOff'),
      alarm: parseBoolList(asText(di.alarm ?? sdi?.alarm), counts.di),
      alarmHigh: parseBoolList(asText(di.alarmHigh ?? sdi?.alarmHigh), counts.di, true),
    },
    ai: {
      names: texts(ai.names ?? sai?.names, counts.ai),
      units: texts(ai.units ?? sai?.units, counts.ai),
      x1: numbers(ai.x1 ?? sai?.x1, counts.ai),
      x2: numbers(ai.x2 ?? sai?.x2, counts.ai),
      y1: numbers(ai.y1 ?? sai?.y1, counts.ai),
      y2: numbers(ai.y2 ?? sai?.y2, counts.ai),
      alarmHigh: numbers(ai.alarmHigh ?? sai?.alarmHigh, counts.ai),
      alarmLow: numbers(ai.alarmLow ?? sai?.alarmLow, counts.ai),
      alarmOperations: texts(ai.alarmOperations ?? sai?.alarmOperations, counts.ai),
      images: images(ai.images ?? sai?.images, counts.ai, 'ai'),
      alarmImages: images(ai.alarmImages ?? sai?.alarmImages, counts.ai, 'aiAlarm'),
    },
    ao: {
      names: texts(ao.names ?? sao?.names, counts.ao),
      units: texts(ao.units ?? sao?.units, counts.ao),
      x1: numbers(ao.x1 ?? sao?.x1, counts.ao),
      x2: numbers(ao.x2 ?? sao?.x2, counts.ao),
      y1: numbers(ao.y1 ?? sao?.y1, counts.ao),
      y2: numbers(ao.y2 ?? sao?.y2, counts.ao),
      min: numbers(ao.min ?? sao?.min, counts.ao),
      max: numbers(ao.max ?? sao?.max, counts.ao),
      images: images(ao.images ?? sao?.images, counts.ao, 'ao'),
    },
  };
}

/** The stored document back as settings; a damaged document reads as the defaults. */
export function readSettings(counts: ChannelCounts, stored: string, image: string): Settings {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    value = null;
  }
  const parsed = Settings.safeParse(value);
  return parsed.success ? parsed.data : normaliseSettings(counts, {}, undefined, { image });
}

/** The settings as the specification's record fields (lists ';'-joined, JSON fields as text). */
export function wireSettings(s: Settings): Record<string, string | number> {
  return {
    fEquipImg: s.image,
    fBKImg: s.background,
    fWEBBKImg: s.webBackground,
    fBKColor: s.colors.background,
    fDColor: s.colors.device,
    fAColor: s.colors.alarm,
    fAHColor: s.colors.alarmHigh,
    fALColor: s.colors.alarmLow,
    fTitleColor: s.colors.title,
    fShowOpenAll: s.showOpenAll ? 1 : 0,
    fShowCloseAll: s.showCloseAll ? 1 : 0,
    fParam: JSON.stringify(s.param),
    fCamera: JSON.stringify(s.camera),
    fAlarmType: JSON.stringify(s.alarmType),
    teamsn: s.teamSn,
    fDOOprMode: s.modes.doOpr,
    fDORTCMode: s.modes.doRtc,
    fDODIMode: JSON.stringify(s.modes.doDi),
    fDOAIMode: JSON.stringify(s.modes.doAi),
    fDOUIMode: s.modes.doUi,
    fDOSceneMode: s.modes.doScene,
    fDOName: formatList(s.do.names),
    fDOOnImg: formatList(s.do.onImages),
    fDOOffImg: formatList(s.do.offImages),
    fDIName: formatList(s.di.names),
    fDIOnImg: formatList(s.di.onImages),
    fDIOffImg: formatList(s.di.offImages),
    fAlarmDI: formatList(s.di.alarm),
    fAlarmDIH: formatList(s.di.alarmHigh),
    fAIName: formatList(s.ai.names),
    fAIUNIT: formatList(s.ai.units),
    fAIX1: formatList(s.ai.x1),
    fAIX2: formatList(s.ai.x2),
    fAIY1: formatList(s.ai.y1),
    fAIY2: formatList(s.ai.y2),
    fAlarmH: formatList(s.ai.alarmHigh),
    fAlarmL: formatList(s.ai.alarmLow),
    fAlarmOpr: formatList(s.ai.alarmOperations),
    fAIImg: formatList(s.ai.images),
    fAIAlarmImg: formatList(s.ai.alarmImages),
    fAOName: formatList(s.ao.names),
    fAOUNIT: formatList(s.ao.units),
    fAOX1: formatList(s.ao.x1),
    fAOX2: formatList(s.ao.x2),
    fAOY1: formatList(s.ao.y1),
    fAOY2: formatList(s.ao.y2),
    fAOMin: formatList(s.ao.min),
    fAOMax: formatList(s.ao.max),
    fAOImg: formatList(s.ao.images),
  };
}
