/**
 * What every rule editor gets: the rule as the protocol package decodes it, a way to hand back
 * the changed rule, and the device it is for (channel counts and names, AI scaling, the console's
 * language, whether the user may change anything). An editor is a controlled form over the
 * decoded object: it never encodes, and it keeps every field it does not show as it came, so a
 * rule read and saved unchanged writes the same bytes.
 */
import { aiRangeFromMax, isScalingActive, scaleToDisplay, scaleToRaw } from '@fieldlink/protocol';
import type { AiRange, Lang, ScalingPoints } from '@fieldlink/protocol';
import type { Equipment } from '../../api/equipment';
import { scalingPoints } from '../../equipment/channels';

export type ChannelKind = 'do' | 'di' | 'ai' | 'ao';

/** A channel's raw values as the user reads them (the record's linear scaling and unit). */
export interface ChannelScale {
  /** The unit the channel's values are shown in ('' when none is set). */
  readonly unit: string;
  /** Whether the record scales this channel (else shown values are the raw ones). */
  readonly scaled: boolean;
  toShown(raw: number): number;
  toRaw(shown: number): number;
}

export interface RuleContext {
  readonly lang: Lang;
  /** The device's channel counts (its type's, or the record's). */
  readonly counts: Readonly<Record<ChannelKind, number>>;
  /** The user may read the rules but not change them: every field is disabled. */
  readonly readOnly: boolean;
  /** 'DO2 Pump 2': the channel (from 0) with its number from 1 and its name when it has one. */
  channelName(kind: ChannelKind, index: number): string;
  /** The scaling of an AI or AO channel (from 0). */
  scale(kind: 'ai' | 'ao', index: number): ChannelScale;
  /**
   * The input range of an AI channel (from 0) when its scaling's raw full scale names one
   * (aiRangeFromMax: 20000 is 4-20 mA, 10000 is 0-10 V), else null (not known).
   */
  aiRange?(index: number): AiRange | null;
}

export interface RuleEditorProps<T> {
  readonly value: T;
  readonly onChange: (next: T) => void;
  readonly context: RuleContext;
}

const UNSCALED: ScalingPoints = { x1: 0, x2: 0, y1: 0, y2: 0 };
const RAW: ChannelScale = { unit: '', scaled: false, toShown: (raw) => raw, toRaw: (shown) => shown };

/** The context of a device's rules from its record. */
export function ruleContextOf(
  record: Pick<Equipment, 'counts' | 'settings'>,
  lang: Lang,
  readOnly: boolean,
): RuleContext {
  const { settings } = record;
  // Each channel's linear points, once a context (a channel past the count reads as unscaled).
  const points = {
    ai: scalingPoints(settings.ai, record.counts.ai),
    ao: scalingPoints(settings.ao, record.counts.ao),
  };
  const pointsOf = (kind: 'ai' | 'ao', index: number): ScalingPoints => points[kind][index] ?? UNSCALED;
  return {
    lang,
    counts: record.counts,
    readOnly,
    channelName(kind, index) {
      const label = `${kind.toUpperCase()}${index + 1}`;
      const name = settings[kind].names[index]?.trim();
      return name ? `${label} ${name}` : label;
    },
    scale(kind, index) {
      const points = pointsOf(kind, index);
      const unit = settings[kind].units[index] ?? '';
      if (!isScalingActive(points)) return { ...RAW, unit };
      return {
        unit,
        scaled: true,
        toShown: (raw) => scaleToDisplay(raw, points),
        toRaw: (shown) => Math.round(scaleToRaw(shown, points)),
      };
    },
    aiRange(index) {
      const points = pointsOf('ai', index);
      return isScalingActive(points) ? aiRangeFromMax(Math.max(points.x1, points.x2)) : null;
    },
  };
}
