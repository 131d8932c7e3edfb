/** A new link's expiry as the dialog offers it: never, in a day … a year, or the end of a chosen day. */
import type { Dayjs } from 'dayjs';

export const EXPIRY_CHOICES = ['never', 'day', 'week', 'month', 'year', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const SPANS: Readonly<Record<Exclude<ExpiryChoice, 'never' | 'date'>, number>> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

/**
 * The expiry to send: null for never, an ISO time, or 'past' when the chosen day has ended
 * already (or none was chosen).
 */
export function expiryOf(choice: ExpiryChoice, date: Dayjs | null, now: number): string | null | 'past' {
  if (choice === 'never') return null;
  if (choice !== 'date') return new Date(now + SPANS[choice]).toISOString();
  const end = date?.endOf('day').valueOf() ?? Number.NaN;
  return Number.isFinite(end) && end > now ? new Date(end).toISOString() : 'past';
}
