/**
 * Two mode fields of the equipment record: fDODIMode (JSON: which channels are shown, the
 * per-output scene images, the devices linked to the SVG diagram) and fDOUIMode (each relay's
 * operation mode and its parameters). See docs/protocol.md § fDODIMode and § fDOUIMode.
 */
import { z } from 'zod';
import { clampInt } from '../bytes.js';
import { DEFAULT_CHANNEL_IMAGES } from '../channels.js';
import { field, otherKeys, readJsonObject } from './json.js';
import type { JsonObject } from './json.js';
import { clampListCount } from './lists.js';

/** One output's scene images (a DOScene item). */
export interface DoSceneImages {
  readonly onImage: string;
  readonly offImage: string;
  /** The item's other keys, kept as they came. */
  readonly extra: JsonObject;
}

/** A device linked to the equipment's SVG diagram (an svgEquipsDate item). */
export interface SvgDeviceLink {
  readonly id: string | number;
  readonly extra: JsonObject;
}

export interface DoDiMode {
  /** Channels shown, counted from 0, in the stored order (DOIndexArr, DIIndexArr, AOIndexArr, AIIndexArr). */
  readonly shownDo: readonly number[];
  readonly shownDi: readonly number[];
  readonly shownAo: readonly number[];
  readonly shownAi: readonly number[];
  readonly doScenes: readonly DoSceneImages[];
  readonly svgDevices: readonly SvgDeviceLink[];
  /** Top-level keys not listed above, kept as they came. */
  readonly extra: JsonObject;
}

export const EMPTY_DO_DI_MODE: DoDiMode = {
  shownDo: [],
  shownDi: [],
  shownAo: [],
  shownAi: [],
  doScenes: [],
  svgDevices: [],
  extra: {},
};

const DO_DI_KEYS = [
  'DOIndexArr',
  'DIIndexArr',
  'AOIndexArr',
  'AIIndexArr',
  'DOScene',
  'svgEquipsDate',
] as const;
const SCENE_KEYS = ['fOnImg', 'fOffImg'];
const SVG_KEYS = ['ID'];

const channelIndex = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(0).max(31));

const itemList = z.array(z.unknown()).catch([]);

/** Valid channel indices (0-31, numbers or digit strings), first occurrence kept, the rest dropped. */
function indexList(value: unknown): number[] {
  const out: number[] = [];
  for (const item of itemList.parse(value)) {
    const r = channelIndex.safeParse(item);
    if (r.success && !out.includes(r.data)) out.push(r.data);
  }
  return out;
}

function imageName(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

// A DOScene item stands for one output, so an unreadable item becomes default images rather
// than being dropped (which would shift every later output).
function sceneImages(item: unknown): DoSceneImages {
  const o = readJsonObject(typeof item === 'string' ? null : item) ?? {};
  return {
    onImage: imageName(field(o, 'fOnImg'), DEFAULT_CHANNEL_IMAGES.doOn),
    offImage: imageName(field(o, 'fOffImg'), DEFAULT_CHANNEL_IMAGES.doOff),
    extra: otherKeys(o, SCENE_KEYS),
  };
}

const svgId = z.union([z.string().trim().min(1), z.number().refine(Number.isFinite)]);

// An svg link without an id points nowhere; it is dropped.
function svgLink(item: unknown): SvgDeviceLink[] {
  const o = readJsonObject(typeof item === 'string' ? null : item);
  if (o === null) return [];
  const id = svgId.safeParse(field(o, 'ID'));
  return id.success ? [{ id: id.data, extra: otherKeys(o, SVG_KEYS) }] : [];
}

/**
 * fDODIMode text (or parsed JSON) → the mode, defaults filled. Invalid JSON, or JSON that is
 * not an object, gives EMPTY_DO_DI_MODE; never throws.
 */
export function parseDoDiMode(text: unknown): DoDiMode {
  const o = readJsonObject(text);
  if (o === null) return EMPTY_DO_DI_MODE;
  return {
    shownDo: indexList(field(o, 'DOIndexArr')),
    shownDi: indexList(field(o, 'DIIndexArr')),
    shownAo: indexList(field(o, 'AOIndexArr')),
    shownAi: indexList(field(o, 'AIIndexArr')),
    doScenes: itemList.parse(field(o, 'DOScene')).map(sceneImages),
    svgDevices: itemList.parse(field(o, 'svgEquipsDate')).flatMap(svgLink),
    extra: otherKeys(o, DO_DI_KEYS),
  };
}

/** The mode → fDODIMode JSON text. */
export function formatDoDiMode(mode: DoDiMode): string {
  return JSON.stringify({
    ...mode.extra,
    DOIndexArr: mode.shownDo,
    DIIndexArr: mode.shownDi,
    AOIndexArr: mode.shownAo,
    AIIndexArr: mode.shownAi,
    DOScene: mode.doScenes.map((s) => ({ ...s.extra, fOnImg: s.onImage, fOffImg: s.offImage })),
    svgEquipsDate: mode.svgDevices.map((d) => ({ ...d.extra, ID: d.id })),
  });
}

/**
 * A relay's operation mode in the device UI (fDOUIMode). 0 normal; 1 open, then close after
 * `tenths` × 0.1 s; 2 close, then open after `tenths`; 3 cycle `count` times, `timer1` on and
 * `timer2` off (stored as 'count,timer1,timer2').
 */
export type DoUiMode =
  | { readonly mode: 0; readonly params: readonly [] }
  | { readonly mode: 1 | 2; readonly params: readonly [tenths: number] }
  | { readonly mode: 3; readonly params: readonly [count: number, timer1: number, timer2: number] };

export const NORMAL_DO_UI_MODE: DoUiMode = { mode: 0, params: [] };

/** The largest parameter stored: a 16-bit register. */
export const DO_UI_PARAM_MAX = 65535;

function uiParam(text: string): number | null {
  const s = text.trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n <= DO_UI_PARAM_MAX ? n : null;
}

function uiMode(modeText: string | undefined, paramText: string | undefined): DoUiMode {
  const params = (paramText ?? '').trim() === '' ? [] : (paramText ?? '').split(',').map(uiParam);
  if (params.some((p) => p === null)) return NORMAL_DO_UI_MODE;
  const p = params as number[];
  switch ((modeText ?? '').trim()) {
    case '1':
    case '2':
      return p.length === 1
        ? { mode: (modeText ?? '').trim() === '1' ? 1 : 2, params: [p[0]!] }
        : NORMAL_DO_UI_MODE;
    case '3':
      return p.length === 3 ? { mode: 3, params: [p[0]!, p[1]!, p[2]!] } : NORMAL_DO_UI_MODE;
    default:
      return NORMAL_DO_UI_MODE;
  }
}

/**
 * fDOUIMode 'modes&params' → one mode per output (doCount, 0-32). Modes are ';'-separated;
 * after the first '&' come the parameters, ';'-separated per output, ',' between a cycle's
 * three numbers. A missing or unreadable mode, or parameters that do not fit the mode
 * (wrong count, not whole numbers 0-65535), give mode 0 with no parameters. Parameters of
 * mode 0 are ignored.
 */
export function parseDoUiMode(text: unknown, doCount: number): DoUiMode[] {
  const s = typeof text === 'string' ? text : '';
  const at = s.indexOf('&');
  const modes = (at < 0 ? s : s.slice(0, at)).split(';');
  const params = at < 0 ? [] : s.slice(at + 1).split(';');
  return Array.from({ length: clampListCount(doCount) }, (_, i) => uiMode(modes[i], params[i]));
}

/**
 * Modes → fDOUIMode text ('0;1;3&;50;3,10,20'). At most 32 outputs are written; parameters
 * are written as whole numbers within 0-65535.
 */
export function formatDoUiMode(modes: readonly DoUiMode[]): string {
  const list = modes.slice(0, 32);
  const params = list.map((m) => m.params.map((p) => clampInt(p, 0, DO_UI_PARAM_MAX)).join(','));
  return `${list.map((m) => m.mode).join(';')}&${params.join(';')}`;
}
