/**
 * Channel views of one equipment: names, images, scaled values and alarms, from its record and
 * live state through the protocol package's view builders (the server evaluates alarms with the
 * same functions, so the console and the alarm events agree).
 */
import {
  aiChannelViews,
  anyAlarm,
  aoChannelViews,
  diChannelViews,
  doChannelViews,
  parseDoDiMode,
} from '@fieldlink/protocol';
import type { ChannelView, DoDiMode, ScalingPoints } from '@fieldlink/protocol';
import type { Equipment, ScalingLists } from '../api/equipment';
import type { LiveState } from './live-state';

export interface ChannelViews {
  readonly do: readonly ChannelView[];
  readonly di: readonly ChannelView[];
  readonly ai: readonly ChannelView[];
  readonly ao: readonly ChannelView[];
}

/** The linear points of each channel (fAIX1/X2/Y1/Y2); a missing item reads 0, which leaves the value raw. */
export function scalingPoints(lists: ScalingLists, count: number): ScalingPoints[] {
  return Array.from({ length: count }, (_, i) => ({
    x1: lists.x1[i] ?? 0,
    x2: lists.x2[i] ?? 0,
    y1: lists.y1[i] ?? 0,
    y2: lists.y2[i] ?? 0,
  }));
}

type Source = Pick<Equipment, 'counts' | 'settings'>;

function doViews({ counts, settings }: Source, live: LiveState): readonly ChannelView[] {
  return doChannelViews({
    count: counts.do,
    names: settings.do.names,
    states: live.do,
    onImages: settings.do.onImages,
    offImages: settings.do.offImages,
  });
}

function diViews({ counts, settings }: Source, live: LiveState): readonly ChannelView[] {
  return diChannelViews({
    count: counts.di,
    names: settings.di.names,
    states: live.di,
    onImages: settings.di.onImages,
    offImages: settings.di.offImages,
    alarmFlags: settings.di.alarm,
    alarmOnHigh: settings.di.alarmHigh,
  });
}

function aiViews({ counts, settings }: Source, live: LiveState): readonly ChannelView[] {
  return aiChannelViews({
    count: counts.ai,
    names: settings.ai.names,
    raw: live.ai,
    units: settings.ai.units,
    scaling: scalingPoints(settings.ai, counts.ai),
    lows: settings.ai.alarmLow,
    highs: settings.ai.alarmHigh,
    images: settings.ai.images,
    alarmImages: settings.ai.alarmImages,
  });
}

function aoViews({ counts, settings }: Source, live: LiveState): readonly ChannelView[] {
  return aoChannelViews({
    count: counts.ao,
    names: settings.ao.names,
    raw: live.ao,
    units: settings.ao.units,
    scaling: scalingPoints(settings.ao, counts.ao),
    images: settings.ao.images,
  });
}

// The records' doDi objects are kept whole by the store; parsed once each, not on every push.
const shownCache = new WeakMap<object, DoDiMode>();

function shownOf(settings: Source['settings']): DoDiMode {
  const doDi = settings.modes.doDi;
  let mode = shownCache.get(doDi);
  if (mode === undefined) {
    mode = parseDoDiMode(doDi);
    shownCache.set(doDi, mode);
  }
  return mode;
}

/**
 * The channels of `count` that the equipment page shows (fDODIMode's DOIndexArr … AIIndexArr):
 * every channel when the list names none within the count (the default, an empty list), else
 * those it names, in channel order.
 */
export function shownChannels(list: readonly number[], count: number): boolean[] {
  const inRange = list.filter((i) => i < count);
  return Array.from({ length: count }, (_, i) => inRange.length === 0 || inRange.includes(i));
}

function onlyShown(views: readonly ChannelView[], list: readonly number[]): readonly ChannelView[] {
  const shown = shownChannels(list, views.length);
  return shown.every(Boolean) ? views : views.filter((v) => shown[v.id]);
}

/**
 * The views of the channels the equipment page shows. Hidden channels still alarm: isAlarming
 * and the server's alarms read every channel.
 */
export function channelViews(record: Source, live: LiveState): ChannelViews {
  const shown = shownOf(record.settings);
  return {
    do: onlyShown(doViews(record, live), shown.shownDo),
    di: onlyShown(diViews(record, live), shown.shownDi),
    ai: onlyShown(aiViews(record, live), shown.shownAi),
    ao: onlyShown(aoViews(record, live), shown.shownAo),
  };
}

/**
 * Whether any AI or DI channel alarms: the equipment's alarm flag in the tree. Only kinds whose
 * values arrived count (a channel reads 0 before that); null when none has, so the caller keeps
 * the flag the server gave.
 */
export function isAlarming(record: Source, live: LiveState): boolean | null {
  if (!live.known.ai && !live.known.di) return null;
  // Only the kinds that alarm are built: this runs for every device of every batch of pushes.
  return (
    (live.known.ai && anyAlarm(aiViews(record, live).map((v) => v.alarm))) ||
    (live.known.di && anyAlarm(diViews(record, live).map((v) => v.alarm)))
  );
}
