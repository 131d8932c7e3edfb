/**
 * Channels: bit packing of digital states, the live-data forms of channel values, and the
 * channel view object the console and the server both show. See docs/protocol.md § Channel bit
 * packing, § Channel values in live data and § Channel view.
 */
import { evaluateAlarm, evaluateDiAlarm } from './alarm.js';
import type { AlarmState } from './alarm.js';
import { fromHex } from './bytes.js';
import { clampListCount, parseDecimal } from './equipment/lists.js';
import { scaleToDisplay } from './scaling.js';
import type { ScalingPoints } from './scaling.js';

/** At most 32 channels of each kind. */
export const MAX_CHANNELS = 32;

export const CHANNEL_KINDS = ['DO', 'DI', 'AI', 'AO'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** A channel count as used for arrays: a whole number within 0-32. */
export function clampChannelCount(count: number): number {
  return clampListCount(count);
}

/**
 * Channel states → bytes, 8 channels a byte, channel n in bit n % 8 (LSB first) of byte
 * n / 8: the order of Modbus coils. Items past 32 are ignored; the last byte's unused bits are 0.
 */
export function packChannels(bools: readonly boolean[]): Uint8Array {
  const n = Math.min(bools.length, MAX_CHANNELS);
  const out = new Uint8Array(Math.ceil(n / 8));
  for (let i = 0; i < n; i++) if (bools[i] === true) out[i >> 3]! |= 1 << (i & 7);
  return out;
}

/**
 * Bytes → `count` channel states (count clamped to 0-32). Channels whose bit lies past the
 * bytes given read false, so a short reply never shortens the channel list.
 */
export function unpackChannels(bytes: Uint8Array, count: number): boolean[] {
  return Array.from(
    { length: clampChannelCount(count) },
    (_, i) => (((bytes[i >> 3] ?? 0) >> (i & 7)) & 1) === 1,
  );
}

/** regdo/regdi as a hex string (two digits a byte, byte 0 first) → states; null for invalid hex. */
export function unpackChannelsHex(hex: string, count: number): boolean[] | null {
  const bytes = fromHex(hex);
  return bytes === null ? null : unpackChannels(bytes, count);
}

/** States → the hex form of regdo/regdi (upper case). */
export function packChannelsHex(bools: readonly boolean[]): string {
  let s = '';
  for (const b of packChannels(bools)) s += b.toString(16).toUpperCase().padStart(2, '0');
  return s;
}

/**
 * regdo/regdi in whichever form it arrives: bytes, an array of byte values or a hex string.
 * Anything unreadable gives all channels off, the state shown until status arrives.
 */
export function readChannelStates(
  input: Uint8Array | readonly number[] | string | null | undefined,
  count: number,
): boolean[] {
  if (input instanceof Uint8Array) return unpackChannels(input, count);
  if (typeof input === 'string')
    return unpackChannelsHex(input, count) ?? unpackChannels(new Uint8Array(0), count);
  if (Array.isArray(input)) {
    const bytes = Uint8Array.from(input, (b: unknown) =>
      typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255 ? b : 0,
    );
    return unpackChannels(bytes, count);
  }
  return unpackChannels(new Uint8Array(0), count);
}

/**
 * regai/regao/strregai/strregao → exactly `count` numbers (0-32). A string is split on ';' or
 * ','; an array is read item by item (numbers as they are, strings parsed). Missing,
 * non-numeric and non-finite items read 0.
 */
export function parseChannelValues(
  input: string | readonly unknown[] | null | undefined,
  count: number,
): number[] {
  const items: readonly unknown[] =
    typeof input === 'string'
      ? input.trim() === ''
        ? []
        : input.split(/[;,]/)
      : Array.isArray(input)
        ? input
        : [];
  return Array.from({ length: clampChannelCount(count) }, (_, i) => {
    const item = items[i];
    if (typeof item === 'number') return Number.isFinite(item) ? item : 0;
    return typeof item === 'string' ? (parseDecimal(item) ?? 0) : 0;
  });
}

/** 'DO1' for DO channel 0: channels are shown counted from 1. */
export function channelLabel(kind: ChannelKind, index: number): string {
  return `${kind}${Math.trunc(index) + 1}`;
}

/** The images used when an equipment leaves an image item empty (fDOOnImg, fDOOffImg, …). */
export const DEFAULT_CHANNEL_IMAGES = {
  doOn: 'kg03.png',
  doOff: 'kg03_0.png',
  diOn: 'kg11.png',
  diOff: 'kg11_0.png',
  ai: 'com_default.png',
  aiAlarm: 'com_alarm.gif',
  // The specification names no AO image; an output's value shows like an input's.
  ao: 'com_default.png',
} as const;
export type ChannelImageKind = keyof typeof DEFAULT_CHANNEL_IMAGES;

/** One channel as shown. */
export interface ChannelView {
  /** Channel index counted from 0 (the number used in rule bytes). */
  readonly id: number;
  /** 'DO1', 'AI3': the channel counted from 1. */
  readonly passage: string;
  /** The user's name for the channel, or the passage when none is set. */
  readonly name: string;
  /** DO/DI: 1 on, 0 off. AI/AO: the scaled value. */
  readonly value: number;
  readonly alarm: AlarmState;
  /** The image to show for the channel's current state. */
  readonly image: string;
  /** AI/AO unit ('' for digital channels). */
  readonly unit: string;
}

interface ChannelsInputBase {
  /** Channel count of the equipment type (clamped to 0-32). */
  readonly count: number;
  readonly names?: readonly string[];
}

export interface DoChannelsInput extends ChannelsInputBase {
  readonly states?: readonly boolean[];
  readonly onImages?: readonly string[];
  readonly offImages?: readonly string[];
}

export interface DiChannelsInput extends DoChannelsInput {
  /** fAlarmDI: whether the input can alarm. */
  readonly alarmFlags?: readonly boolean[];
  /** fAlarmDIH: true alarms on high (closed); missing items are high. */
  readonly alarmOnHigh?: readonly boolean[];
}

export interface AnalogChannelsInput extends ChannelsInputBase {
  /** Raw register values. */
  readonly raw?: readonly number[];
  readonly units?: readonly string[];
  /** Missing points leave the raw value as it is. */
  readonly scaling?: readonly ScalingPoints[];
  /** fAlarmL/fAlarmH, compared with the scaled value; missing limits never alarm. */
  readonly lows?: readonly number[];
  readonly highs?: readonly number[];
  readonly images?: readonly string[];
  /** Shown while the channel alarms; missing items fall back to the AI alarm image. */
  readonly alarmImages?: readonly string[];
}

function pick(list: readonly string[] | undefined, i: number, fallback: string): string {
  const item = list?.[i];
  return item === undefined || item.trim() === '' ? fallback : item;
}

function digitalView(kind: 'DO' | 'DI', i: number, input: DoChannelsInput, alarm: AlarmState): ChannelView {
  const on = input.states?.[i] === true;
  const passage = channelLabel(kind, i);
  const images =
    kind === 'DO'
      ? { on: DEFAULT_CHANNEL_IMAGES.doOn, off: DEFAULT_CHANNEL_IMAGES.doOff }
      : { on: DEFAULT_CHANNEL_IMAGES.diOn, off: DEFAULT_CHANNEL_IMAGES.diOff };
  return {
    id: i,
    passage,
    name: pick(input.names, i, passage),
    value: on ? 1 : 0,
    alarm,
    image: on ? pick(input.onImages, i, images.on) : pick(input.offImages, i, images.off),
    unit: '',
  };
}

/** Relay/digital outputs: DO outputs never alarm. */
export function doChannelViews(input: DoChannelsInput): ChannelView[] {
  return Array.from({ length: clampChannelCount(input.count) }, (_, i) => digitalView('DO', i, input, 0));
}

/** Digital inputs, with their alarm (see evaluateDiAlarm). */
export function diChannelViews(input: DiChannelsInput): ChannelView[] {
  return Array.from({ length: clampChannelCount(input.count) }, (_, i) => {
    const alarm = evaluateDiAlarm(
      input.states?.[i] === true,
      input.alarmFlags?.[i] === true,
      input.alarmOnHigh?.[i] ?? true,
    );
    return digitalView('DI', i, input, alarm);
  });
}

function analogViews(kind: 'AI' | 'AO', input: AnalogChannelsInput): ChannelView[] {
  const image = kind === 'AI' ? DEFAULT_CHANNEL_IMAGES.ai : DEFAULT_CHANNEL_IMAGES.ao;
  return Array.from({ length: clampChannelCount(input.count) }, (_, i) => {
    const raw = input.raw?.[i] ?? 0;
    const points = input.scaling?.[i];
    const value = points ? scaleToDisplay(raw, points) : Number.isFinite(raw) ? raw : 0;
    const alarm = evaluateAlarm(value, input.lows?.[i] ?? 0, input.highs?.[i] ?? 0);
    const passage = channelLabel(kind, i);
    return {
      id: i,
      passage,
      name: pick(input.names, i, passage),
      value,
      alarm,
      image:
        alarm === 0
          ? pick(input.images, i, image)
          : pick(input.alarmImages, i, DEFAULT_CHANNEL_IMAGES.aiAlarm),
      unit: input.units?.[i] ?? '',
    };
  });
}

/** Analog inputs: scaled values, alarms against the limits. */
export function aiChannelViews(input: AnalogChannelsInput): ChannelView[] {
  return analogViews('AI', input);
}

/** Analog outputs: scaled values; they alarm only when limits are given. */
export function aoChannelViews(input: AnalogChannelsInput): ChannelView[] {
  return analogViews('AO', input);
}
