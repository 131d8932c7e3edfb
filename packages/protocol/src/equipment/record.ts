/**
 * The channel settings of an equipment record, read from its ';'-lists into arrays sized by
 * the equipment type's channel counts, ready for the channel view builders in channels.ts.
 * See docs/protocol.md § Equipment record channel settings.
 */
import { DEFAULT_AO_REGISTER } from '../register-map.js';
import type { AoLimits, ScalingPoints } from '../scaling.js';
import { aoLimits, scalingFromLists } from '../scaling.js';
import { parseImageList } from './images.js';
import { field } from './json.js';
import { clampListCount, parseBoolList, parseDecimal, parseList, parseNumberList } from './lists.js';

export interface ChannelCounts {
  readonly do: number;
  readonly di: number;
  readonly ai: number;
  readonly ao: number;
}

export interface EquipmentTypeChannels {
  readonly counts: ChannelCounts;
  /** fAOReg: first register of the analog outputs. */
  readonly aoRegister: number;
}

function count(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseDecimal(value) : null;
  return n === null ? 0 : clampListCount(n);
}

/** The type model's fDONum, fDINum, fAINum, fAONum (each 0-32) and fAOReg (400 unless a positive whole number). */
export function typeChannels(type: Readonly<Record<string, unknown>>): EquipmentTypeChannels {
  const reg = field(type, 'fAOReg');
  const aoRegister = typeof reg === 'string' ? parseDecimal(reg) : typeof reg === 'number' ? reg : null;
  return {
    counts: {
      do: count(field(type, 'fDONum')),
      di: count(field(type, 'fDINum')),
      ai: count(field(type, 'fAINum')),
      ao: count(field(type, 'fAONum')),
    },
    aoRegister:
      aoRegister !== null && Number.isInteger(aoRegister) && aoRegister > 0 && aoRegister <= 0xffff
        ? aoRegister
        : DEFAULT_AO_REGISTER,
  };
}

export interface EquipmentChannelConfig {
  readonly do: { names: string[]; onImages: string[]; offImages: string[] };
  readonly di: {
    names: string[];
    onImages: string[];
    offImages: string[];
    alarmFlags: boolean[];
    alarmOnHigh: boolean[];
  };
  readonly ai: {
    names: string[];
    units: string[];
    scaling: ScalingPoints[];
    lows: number[];
    highs: number[];
    images: string[];
    alarmImages: string[];
  };
  readonly ao: {
    names: string[];
    units: string[];
    scaling: ScalingPoints[];
    limits: AoLimits[];
    images: string[];
  };
}

/**
 * The record's lists as arrays. fAlarmH/fAlarmL are the AI limits; fAOMin/fAOMax give each
 * output's limits (400/2000 when both are 0); fAlarmDIH items default to high.
 */
export function readChannelConfig(
  record: Readonly<Record<string, unknown>>,
  counts: ChannelCounts,
): EquipmentChannelConfig {
  const f = (key: string): unknown => field(record, key);
  const aoMin = parseNumberList(f('fAOMin'), counts.ao);
  const aoMax = parseNumberList(f('fAOMax'), counts.ao);
  return {
    do: {
      names: parseList(f('fDOName'), counts.do),
      onImages: parseImageList(f('fDOOnImg'), counts.do, 'doOn'),
      offImages: parseImageList(f('fDOOffImg'), counts.do, 'doOff'),
    },
    di: {
      names: parseList(f('fDIName'), counts.di),
      onImages: parseImageList(f('fDIOnImg'), counts.di, 'diOn'),
      offImages: parseImageList(f('fDIOffImg'), counts.di, 'diOff'),
      alarmFlags: parseBoolList(f('fAlarmDI'), counts.di),
      alarmOnHigh: parseBoolList(f('fAlarmDIH'), counts.di, true),
    },
    ai: {
      names: parseList(f('fAIName'), counts.ai),
      units: parseList(f('fAIUNIT'), counts.ai),
      scaling: scalingFromLists(
        { x1: f('fAIX1'), x2: f('fAIX2'), y1: f('fAIY1'), y2: f('fAIY2') },
        counts.ai,
      ),
      lows: parseNumberList(f('fAlarmL'), counts.ai),
      highs: parseNumberList(f('fAlarmH'), counts.ai),
      images: parseImageList(f('fAIImg'), counts.ai, 'ai'),
      alarmImages: parseImageList(f('fAIAlarmImg'), counts.ai, 'aiAlarm'),
    },
    ao: {
      names: parseList(f('fAOName'), counts.ao),
      units: parseList(f('fAOUNIT'), counts.ao),
      scaling: scalingFromLists(
        { x1: f('fAOX1'), x2: f('fAOX2'), y1: f('fAOY1'), y2: f('fAOY2') },
        counts.ao,
      ),
      limits: aoMin.map((min, i) => aoLimits(min, aoMax[i] ?? 0)),
      images: parseImageList(f('fAOImg'), counts.ao, 'ao'),
    },
  };
}
