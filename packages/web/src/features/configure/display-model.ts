/**
 * The UI tab's form: each output's mode in the device UI with its parameters (fDOUIMode), which
 * channels the equipment page shows (fDODIMode's index lists), the open-all and close-all buttons
 * and the channel pictures; checked, and turned into the PATCH settings of what changed.
 */
import {
  DEFAULT_CHANNEL_IMAGES,
  formatDoDiMode,
  formatDoUiMode,
  parseDoDiMode,
  parseDoUiMode,
  RELAY_HOLD,
} from '@fieldlink/protocol';
import type { DoUiMode, SettingsInput } from '@fieldlink/protocol';
import type { Equipment } from '../../api/equipment';
import { shownChannels } from '../../equipment/channels';
import { readWhole, sameList } from './channel-rules';
import type { FieldError, FieldErrors } from './channel-rules';

export type ShownKind = 'do' | 'di' | 'ai' | 'ao';
export const SHOWN_KINDS: readonly ShownKind[] = ['do', 'di', 'ai', 'ao'];

/** One output's mode as typed: the parameters of every mode are kept while another is chosen. */
export interface ModeDraft {
  readonly mode: number;
  /** Modes 1, 2: the hold in 0.1 s. */
  readonly hold: string;
  /** Mode 3: how many cycles, on time and off time in 0.1 s. */
  readonly count: string;
  readonly on: string;
  readonly off: string;
}

export type ImageList = 'doOn' | 'doOff' | 'diOn' | 'diOff' | 'ai' | 'aiAlarm';
export const IMAGE_LISTS: readonly ImageList[] = ['doOn', 'doOff', 'diOn', 'diOff', 'ai', 'aiAlarm'];

export interface DisplayDraft {
  readonly modes: readonly ModeDraft[];
  readonly shown: { readonly [kind in ShownKind]: readonly boolean[] };
  readonly showOpenAll: boolean;
  readonly showCloseAll: boolean;
  readonly images: { readonly [list in ImageList]: readonly string[] };
}

/** What a mode's fields hold before the user types: 5 s, or 3 cycles of 1 s on, 1 s off. */
export const MODE_DEFAULTS = { hold: '50', count: '3', on: '10', off: '10' } as const;
/** The cycle count of openmore (live/operations.ts: cnt 1-65535). */
export const CYCLE_COUNT = { min: 1, max: 65535 } as const;

function modeDraft(m: DoUiMode): ModeDraft {
  const base = { mode: m.mode, ...MODE_DEFAULTS };
  if (m.mode === 1 || m.mode === 2) return { ...base, hold: String(m.params[0]) };
  if (m.mode === 3)
    return { ...base, count: String(m.params[0]), on: String(m.params[1]), off: String(m.params[2]) };
  return base;
}

type Source = Pick<Equipment, 'counts' | 'settings'>;

const imagesOf = (values: readonly string[], count: number, fallback: string): string[] =>
  Array.from({ length: count }, (_, i) => (values[i] ?? '').trim() || fallback);

function storedImages({ counts, settings: s }: Source): DisplayDraft['images'] {
  const d = DEFAULT_CHANNEL_IMAGES;
  return {
    doOn: imagesOf(s.do.onImages, counts.do, d.doOn),
    doOff: imagesOf(s.do.offImages, counts.do, d.doOff),
    diOn: imagesOf(s.di.onImages, counts.di, d.diOn),
    diOff: imagesOf(s.di.offImages, counts.di, d.diOff),
    ai: imagesOf(s.ai.images, counts.ai, d.ai),
    aiAlarm: imagesOf(s.ai.alarmImages, counts.ai, d.aiAlarm),
  };
}

function storedShown({ counts, settings }: Source): DisplayDraft['shown'] {
  const mode = parseDoDiMode(settings.modes.doDi);
  return {
    do: shownChannels(mode.shownDo, counts.do),
    di: shownChannels(mode.shownDi, counts.di),
    ai: shownChannels(mode.shownAi, counts.ai),
    ao: shownChannels(mode.shownAo, counts.ao),
  };
}

export function displayFromRecord(record: Source): DisplayDraft {
  return {
    modes: parseDoUiMode(record.settings.modes.doUi, record.counts.do).map(modeDraft),
    shown: storedShown(record),
    showOpenAll: record.settings.showOpenAll,
    showCloseAll: record.settings.showCloseAll,
    images: storedImages(record),
  };
}

const sameMode = (a: ModeDraft, b: ModeDraft | undefined) =>
  b !== undefined &&
  a.mode === b.mode &&
  a.hold === b.hold &&
  a.count === b.count &&
  a.on === b.on &&
  a.off === b.off;

export function sameDisplay(a: DisplayDraft, b: DisplayDraft): boolean {
  return (
    a.modes.length === b.modes.length &&
    a.modes.every((m, i) => sameMode(m, b.modes[i])) &&
    SHOWN_KINDS.every((k) => sameList(a.shown[k], b.shown[k])) &&
    a.showOpenAll === b.showOpenAll &&
    a.showCloseAll === b.showCloseAll &&
    IMAGE_LISTS.every((k) => sameList(a.images[k], b.images[k]))
  );
}

export const modeField = (index: number, part: keyof ModeDraft) => `modes.${part}.${index}`;
export const shownField = (kind: ShownKind) => `shown.${kind}`;

/** The mode as it will be stored, or the errors of its fields. */
function readMode(m: ModeDraft, index: number, put: (field: string, e: FieldError) => void): DoUiMode | null {
  const whole = (part: 'hold' | 'count' | 'on' | 'off', min: number, max: number, key: FieldError['key']) => {
    const r = readWhole(m[part], min, max, key);
    if ('error' in r) put(modeField(index, part), r.error);
    return 'value' in r ? r.value : null;
  };
  switch (m.mode) {
    case 0:
      return { mode: 0, params: [] };
    case 1:
    case 2: {
      // 0 holds forever; 1 is refused (RELAY_HOLD, spec 001 § 5).
      const r = readWhole(m.hold, 0, RELAY_HOLD.max);
      if ('value' in r && RELAY_HOLD.validate(r.value) === null) return { mode: m.mode, params: [r.value] };
      const required = 'error' in r && r.error.key === 'parameters.errors.required';
      put(
        modeField(index, 'hold'),
        required
          ? r.error
          : { key: 'display.errors.hold', values: { min: RELAY_HOLD.min, max: RELAY_HOLD.max } },
      );
      return null;
    }
    case 3: {
      const count = whole('count', CYCLE_COUNT.min, CYCLE_COUNT.max, 'display.errors.count');
      const on = whole('on', RELAY_HOLD.min, RELAY_HOLD.max, 'display.errors.phase');
      const off = whole('off', RELAY_HOLD.min, RELAY_HOLD.max, 'display.errors.phase');
      return count === null || on === null || off === null ? null : { mode: 3, params: [count, on, off] };
    }
    default:
      return null;
  }
}

/**
 * Every field's error. `relayModes` are the modes the device's type accepts (undefined when the
 * type is unknown: all four).
 */
export function validateDisplay(
  draft: DisplayDraft,
  counts: Equipment['counts'],
  relayModes: readonly number[] | undefined,
): FieldErrors {
  const errors: Record<string, FieldError> = {};
  const put = (field: string, e: FieldError) => {
    errors[field] ??= e;
  };
  draft.modes.forEach((m, i) => {
    if (relayModes !== undefined && !relayModes.includes(m.mode)) {
      put(modeField(i, 'mode'), { key: 'display.errors.modeNotAccepted' });
    }
    readMode(m, i, put);
  });
  for (const kind of SHOWN_KINDS) {
    if (counts[kind] > 0 && !draft.shown[kind].some(Boolean))
      put(shownField(kind), { key: 'display.errors.noneShown' });
  }
  return errors;
}

/** The stored index list for what is ticked: [] (the default, every channel) when all are. */
export function shownList(shown: readonly boolean[]): number[] {
  return shown.every(Boolean) ? [] : shown.flatMap((on, i) => (on ? [i] : []));
}

const SHOWN_KEYS = { do: 'shownDo', di: 'shownDi', ai: 'shownAi', ao: 'shownAo' } as const;

/** The settings to PATCH (what changed), or null. Call with a draft that validated. */
export function displayChanges(draft: DisplayDraft, record: Source): SettingsInput | null {
  const stored = displayFromRecord(record);
  const out: SettingsInput = {};
  const modes: NonNullable<SettingsInput['modes']> = {};

  const typed = draft.modes.map(
    (m, i) => readMode(m, i, () => undefined) ?? { mode: 0 as const, params: [] as [] },
  );
  const before = parseDoUiMode(record.settings.modes.doUi, record.counts.do);
  if (formatDoUiMode(typed) !== formatDoUiMode(before)) modes.doUi = formatDoUiMode(typed);

  const changedKinds = SHOWN_KINDS.filter((k) => !sameList(draft.shown[k], stored.shown[k]));
  if (changedKinds.length > 0) {
    // The other keys (scene images, the SVG's devices, anything another client keeps) stay.
    let mode = parseDoDiMode(record.settings.modes.doDi);
    for (const kind of changedKinds) mode = { ...mode, [SHOWN_KEYS[kind]]: shownList(draft.shown[kind]) };
    modes.doDi = JSON.parse(formatDoDiMode(mode)) as Record<string, unknown>;
  }
  if (Object.keys(modes).length > 0) out.modes = modes;

  if (draft.showOpenAll !== record.settings.showOpenAll) out.showOpenAll = draft.showOpenAll;
  if (draft.showCloseAll !== record.settings.showCloseAll) out.showCloseAll = draft.showCloseAll;

  const img = draft.images;
  const changed = (list: ImageList) => !sameList(img[list], stored.images[list]);
  const doImages = {
    ...(changed('doOn') && { onImages: [...img.doOn] }),
    ...(changed('doOff') && { offImages: [...img.doOff] }),
  };
  const diImages = {
    ...(changed('diOn') && { onImages: [...img.diOn] }),
    ...(changed('diOff') && { offImages: [...img.diOff] }),
  };
  const aiImages = {
    ...(changed('ai') && { images: [...img.ai] }),
    ...(changed('aiAlarm') && { alarmImages: [...img.aiAlarm] }),
  };
  if (Object.keys(doImages).length > 0) out.do = doImages;
  if (Object.keys(diImages).length > 0) out.di = diImages;
  if (Object.keys(aiImages).length > 0) out.ai = aiImages;
  return Object.keys(out).length > 0 ? out : null;
}
