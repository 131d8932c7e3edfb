/**
 * The values of the radio screen of a wireless (LoRa) team host, with the bounds the protocol's
 * schemas give (docs/protocol.md § LoRa commands, § Team host): the radio parameters, the report
 * interval, the slave table and the keep-awake time. The bounds are read off the schemas so the
 * console never asks for what the server would refuse.
 */
import {
  LORA_AUTO_CFG_CODES,
  LORA_CODES,
  LORA_KEEP_AWAKE_DEFAULT_MS,
  LORA_KEEP_AWAKE_MAX_MS,
  LORA_KEEP_AWAKE_MIN_MS,
  LORA_RATES,
  loraRadioShape,
  loraSlaveAddress,
  say,
} from '@fieldlink/protocol';
import type { Lang, LoraAutoCfgCode, LoraCode, LoraRadioParams } from '@fieldlink/protocol';

// A type, not an interface, so that it passes as interpolation values of a message.
export type Bounds = { readonly min: number; readonly max: number };

/** The bounds of a whole-number schema of the protocol (each has both ends). */
function boundsOf(schema: { readonly minValue: number | null; readonly maxValue: number | null }): Bounds {
  if (schema.minValue === null || schema.maxValue === null) {
    throw new RangeError('the schema has no bounds');
  }
  return { min: schema.minValue, max: schema.maxValue };
}

export type RadioField = keyof LoraRadioParams;
/** The radio parameters in the order the gateway holds them (registers 1210-1213). */
export const RADIO_FIELDS = ['netId', 'channel', 'airRate', 'power'] as const satisfies readonly RadioField[];

export const RADIO_BOUNDS: Readonly<Record<RadioField, Bounds>> = {
  netId: boundsOf(loraRadioShape.netId),
  channel: boundsOf(loraRadioShape.channel),
  airRate: boundsOf(loraRadioShape.airRate),
  power: boundsOf(loraRadioShape.power),
};

/** A slave id: 0-249. */
export const SLAVE_BOUNDS: Bounds = boundsOf(loraSlaveAddress);
/** How many slaves a table holds at most: one for each id. */
export const MAX_SLAVES = SLAVE_BOUNDS.max - SLAVE_BOUNDS.min + 1;

/** The keep-awake time of loracode 19, in milliseconds. */
export const KEEP_AWAKE_BOUNDS: Bounds = { min: LORA_KEEP_AWAKE_MIN_MS, max: LORA_KEEP_AWAKE_MAX_MS };
export const KEEP_AWAKE_DEFAULT_MS = LORA_KEEP_AWAKE_DEFAULT_MS;

/** Whether `value` is a whole number within `bounds`. */
export function within(value: unknown, bounds: Bounds): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max;
}

/** The radio parameters an editor holds, or null while one of them is missing or out of bounds. */
export function radioOf(values: Partial<Record<RadioField, unknown>>): LoraRadioParams | null {
  const out: Partial<Record<RadioField, number>> = {};
  for (const field of RADIO_FIELDS) {
    const value = values[field];
    if (!within(value, RADIO_BOUNDS[field])) return null;
    out[field] = value;
  }
  return out as LoraRadioParams;
}

/** The fields the gateway read back with another value than the one written. */
export function radioDifferences(written: LoraRadioParams, read: LoraRadioParams): RadioField[] {
  return RADIO_FIELDS.filter((field) => written[field] !== read[field]);
}

/** A slave table as the gateway keeps it: each id once, ascending. */
export function normalSlaves(slaves: Iterable<number>): number[] {
  return [...new Set(slaves)].sort((a, b) => a - b);
}

export function sameSlaves(a: readonly number[], b: readonly number[]): boolean {
  const x = normalSlaves(a);
  const y = normalSlaves(b);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/** Why a slave id cannot join the table, or null when it can. */
export function slaveRefusal(
  table: readonly number[],
  address: unknown,
): 'range' | 'duplicate' | 'full' | null {
  if (!within(address, SLAVE_BOUNDS)) return 'range';
  if (table.includes(address)) return 'duplicate';
  if (table.length >= MAX_SLAVES) return 'full';
  return null;
}

/** The first id not in the table, or null when every id is taken. */
export function firstFreeSlave(table: readonly number[]): number | null {
  const used = new Set(table);
  for (let id = SLAVE_BOUNDS.min; id <= SLAVE_BOUNDS.max; id++) if (!used.has(id)) return id;
  return null;
}

/** The report interval as the rate selector names it ('5 min'), or the seconds when it is none of them. */
export function rateLabel(seconds: number, lang: Lang): string {
  const rate = LORA_RATES.find((r) => r.seconds === seconds);
  return rate ? say(rate.label, lang) : `${seconds} s`;
}

export const autoCfgLabel = (code: LoraAutoCfgCode, lang: Lang): string =>
  say(LORA_AUTO_CFG_CODES[code].label, lang);

export const loraCodeLabel = (code: LoraCode, lang: Lang): string => say(LORA_CODES[code].label, lang);
