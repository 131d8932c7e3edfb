/**
 * How widgets turn readings into pictures, apart from drawing so each rule is tested alone:
 * which widgets are drawn and in what order, where a needle points, how full a tank is, when a
 * pipe flows, what a setpoint button writes, what a status badge says.
 */
import { ImageWidget } from '@fieldlink/protocol';
import type { Widget } from '@fieldlink/protocol';
import { NO_VALUE } from './values';
import type { ChannelReading, EquipmentValues } from './values';

/** The widgets drawn, bottom first: by layer, then in document order; hidden ones left out. */
export function drawOrder(widgets: readonly Widget[]): Widget[] {
  // Array.prototype.sort is stable: widgets of one layer keep the document's order.
  return widgets.filter((w) => !w.hidden).sort((a, b) => a.layer - b.layer);
}

/**
 * Where `value` lies between `min` and `max`, 0 to 1, clamped (a range given high-low reads the
 * other way); 0 for an empty range or a value that is not a number.
 */
export function fractionOf(value: number | undefined, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value) || max === min) return 0;
  const f = (value - min) / (max - min);
  return Number.isNaN(f) ? 0 : Math.min(1, Math.max(0, f));
}

/** The gauge's sweep in degrees, centred on straight up. */
export const GAUGE_SWEEP = 270;

/** The needle's angle in degrees from straight up (clockwise), -135 at `min` to 135 at `max`. */
export function gaugeAngle(value: number | undefined, min: number, max: number): number {
  return -GAUGE_SWEEP / 2 + GAUGE_SWEEP * fractionOf(value, min, max);
}

/** A pipe flows while its channel is on (DO, DI) or above the threshold (AI, AO). */
export function flows(reading: ChannelReading | undefined, threshold: number): boolean {
  if (!reading) return false;
  if (reading.on !== undefined) return reading.on;
  return reading.value !== undefined && reading.value > threshold;
}

/**
 * The value a setpoint's − (direction -1) or + (1) writes: one step from the current value,
 * within the output's range when the reading carries one; undefined without a current value.
 */
export function steppedValue(
  reading: ChannelReading | undefined,
  step: number,
  direction: -1 | 1,
): number | undefined {
  if (reading?.value === undefined) return undefined;
  // Rounded so that 0.1 + 0.2 writes 0.3, not 0.30000000000000004.
  let next = Number((reading.value + direction * step).toPrecision(12));
  if (reading.min !== undefined) next = Math.max(reading.min, next);
  if (reading.max !== undefined) next = Math.min(reading.max, next);
  return next;
}

export type EquipmentStatus = 'online' | 'offline' | 'alarm';

/**
 * What a status badge says. Offline first: nothing the equipment showed last is current then,
 * its alarm included.
 */
export function statusOf(equipment: EquipmentValues): EquipmentStatus {
  if (!equipment.online) return 'offline';
  return equipment.alarm ? 'alarm' : 'online';
}

/** A value with `decimals` decimals ('—' for none). */
export function fixed(value: number | undefined, decimals: number): string {
  return value === undefined || !Number.isFinite(value) ? NO_VALUE : value.toFixed(decimals);
}

/**
 * Whether a picture address may be drawn: one the document format allows (the file store, a
 * same-site path, https or a data: picture), checked again here since a page may hand the view a
 * document it did not parse. The empty address is no picture.
 */
export function pictureAllowed(src: string): boolean {
  return src !== '' && ImageWidget.shape.src.safeParse(src).success;
}
