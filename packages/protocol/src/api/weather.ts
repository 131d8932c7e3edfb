/**
 * Weather by area and by the client's address (specification §3 "Weather", §4 "sign-in loads
 * weather", §7 "Weather: by area (areaId, hour default 4), by IP"), from a provider the operator
 * configures (docs/operations.md, WEATHER_PROVIDER). Without one the reply says so and the console
 * shows no weather.
 *
 * Conditions are WMO weather interpretation codes (0 clear … 99 thunderstorm with heavy hail), so
 * the console words them in the user's language; the provider's own text is not passed on.
 */
import { z } from 'zod';
import { storedText } from './fields.js';

/** The hours of forecast a reply carries by default (§7 "hour default 4") and at most. */
export const WEATHER_HOURS_DEFAULT = 4;
export const WEATHER_HOURS_MAX = 24;

/** A WMO weather interpretation code (WMO 4677, as Open-Meteo gives them). */
export const WeatherCode = z.number().int().min(0).max(99);

export const WeatherHour = z.object({
  at: z.iso.datetime({ offset: true }),
  code: WeatherCode,
  /** °C. */
  temperature: z.number(),
});
export type WeatherHour = z.infer<typeof WeatherHour>;

export const Weather = z.object({
  /** The place the weather is for, as the provider names it ("Berlin, Land Berlin, Germany"). */
  area: z.string(),
  /** How the place was found: the user's area, or the client's address. */
  source: z.enum(['area', 'ip']),
  code: WeatherCode,
  /** °C. */
  temperature: z.number(),
  /** %, when the provider gives it. */
  humidity: z.number().nullable(),
  /** km/h, when the provider gives it. */
  windSpeed: z.number().nullable(),
  /** When the provider observed or modelled these values. */
  observedAt: z.iso.datetime({ offset: true }),
  /** The next hours, oldest first. */
  hours: z.array(WeatherHour),
});
export type Weather = z.infer<typeof Weather>;

/**
 * GET /weather. `problem` says why there is no weather although a provider is configured: the area
 * is unknown to the provider, the client's address cannot be placed (a private network, no
 * address look-up configured), or the provider did not answer.
 */
export const WeatherReply = z.object({
  configured: z.boolean(),
  weather: Weather.nullable(),
  problem: z.enum(['unknownArea', 'unlocatable', 'unavailable']).nullable(),
});
export type WeatherReply = z.infer<typeof WeatherReply>;

export const WeatherQuery = z.strictObject({
  /** An area id (digits) or a place name; by default the user's own area, else the address. */
  area: storedText(1, 64).optional(),
  hours: z.coerce.number().int().min(0).max(WEATHER_HOURS_MAX).default(WEATHER_HOURS_DEFAULT),
});
export type WeatherQuery = z.input<typeof WeatherQuery>;

/** One place a search for areas found: its id is what the personal center stores as the area. */
export const WeatherArea = z.object({
  id: z.string(),
  name: z.string(),
  /** The first-level administrative area (province, state), if any. */
  admin1: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type WeatherArea = z.infer<typeof WeatherArea>;

/** GET /weather/areas: places by name (two characters at least), in the user's language. */
export const WeatherAreaQuery = z.strictObject({
  search: storedText(2, 64),
  language: z.enum(['zh', 'en', 'tc']).optional(),
});
export type WeatherAreaQuery = z.input<typeof WeatherAreaQuery>;

export const WeatherAreaReply = z.object({ configured: z.boolean(), items: z.array(WeatherArea) });
export type WeatherAreaReply = z.infer<typeof WeatherAreaReply>;

/** "Berlin, Land Berlin, Germany": the parts present, once each. */
export function areaLabel(area: Pick<WeatherArea, 'name' | 'admin1' | 'country'>): string {
  const parts: string[] = [];
  for (const part of [area.name, area.admin1, area.country]) {
    if (part && !parts.includes(part)) parts.push(part);
  }
  return parts.join(', ');
}
