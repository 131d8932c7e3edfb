/**
 * Open-Meteo (https://open-meteo.com): the forecast API for the conditions and the geocoding API
 * (GeoNames places) for areas. No key is needed for its free use; a commercial key goes as
 * `apikey` on every call. The base URLs are the operator's (WEATHER_URL, WEATHER_GEOCODING_URL), so
 * a self-hosted Open-Meteo or a mirror works the same, and the tests run this client against a
 * local fake of both APIs.
 *
 * Forecast: GET {base}/v1/forecast?latitude&longitude&current=…&hourly=…&forecast_hours&timezone=auto;
 * times come in the place's local time without an offset, plus `utc_offset_seconds`.
 * Geocoding: GET {base}/v1/search?name&count&language (no `results` key when nothing matches) and
 * GET {base}/v1/get?id (one place).
 */
import { z } from 'zod';
import { fetchJson } from './fetch-json.js';
import type { Conditions, Place, WeatherLanguage, WeatherProvider } from './provider.js';
import { WeatherUnavailable } from './provider.js';

export const OPEN_METEO_FORECAST_URL = 'https://api.open-meteo.com';
export const OPEN_METEO_GEOCODING_URL = 'https://geocoding-api.open-meteo.com';

export interface OpenMeteoOptions {
  readonly forecastUrl?: string;
  readonly geocodingUrl?: string;
  readonly apiKey?: string | undefined;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

const GeoPlace = z.object({
  id: z.number().int(),
  name: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  country: z.string().optional(),
  admin1: z.string().optional(),
});
const SearchReply = z.object({ results: z.array(GeoPlace).optional() });

const LocalTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
const ForecastReply = z.object({
  utc_offset_seconds: z
    .number()
    .int()
    .min(-18 * 3600)
    .max(18 * 3600),
  current: z.object({
    time: LocalTime,
    temperature_2m: z.number(),
    relative_humidity_2m: z.number().nullable().optional(),
    wind_speed_10m: z.number().nullable().optional(),
    weather_code: z.number().int().min(0).max(99),
  }),
  hourly: z
    .object({
      time: z.array(LocalTime),
      temperature_2m: z.array(z.number().nullable()),
      weather_code: z.array(z.number().int().min(0).max(99).nullable()),
    })
    .optional(),
});

/** Open-Meteo words places in these languages; both Chinese forms ask for Chinese. */
const LANGUAGE: Record<WeatherLanguage, string> = { en: 'en', zh: 'zh', tc: 'zh' };

/** '2026-03-26T16:15' at +28800 s → '2026-03-26T16:15:00+08:00'. */
export function withOffset(local: string, offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  const seconds = local.length === 16 ? `${local}:00` : local;
  return `${seconds}${sign}${hh}:${mm}`;
}

function placeOf(p: z.infer<typeof GeoPlace>): Place {
  return {
    id: String(p.id),
    name: p.name,
    admin1: p.admin1 ?? null,
    country: p.country ?? null,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

function parsed<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new WeatherUnavailable(`Open-Meteo's ${what} reply is not as documented`);
  return result.data;
}

export class OpenMeteo implements WeatherProvider {
  readonly #forecast: string;
  readonly #geocoding: string;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number | undefined;

  constructor(options: OpenMeteoOptions = {}) {
    this.#forecast = (options.forecastUrl ?? OPEN_METEO_FORECAST_URL).replace(/\/+$/, '');
    this.#geocoding = (options.geocodingUrl ?? OPEN_METEO_GEOCODING_URL).replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? fetch;
    this.#timeoutMs = options.timeoutMs;
  }

  #url(base: string, path: string, query: Record<string, string>): URL {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    if (this.#apiKey) url.searchParams.set('apikey', this.#apiKey);
    return url;
  }

  async place(area: string, language: WeatherLanguage): Promise<Place | null> {
    if (/^\d{1,12}$/.test(area)) {
      const url = this.#url(this.#geocoding, '/v1/get', { id: area, language: LANGUAGE[language] });
      let body: unknown;
      try {
        body = await fetchJson(url, this.#fetch, this.#timeoutMs);
      } catch (error) {
        // An unknown id is answered 4xx with a reason, not a place.
        if (error instanceof WeatherUnavailable && / answered 4\d\d/.test(error.message)) return null;
        throw error;
      }
      const place = GeoPlace.safeParse(body);
      return place.success ? placeOf(place.data) : null;
    }
    return (await this.search(area, language, 1))[0] ?? null;
  }

  async search(name: string, language: WeatherLanguage, count: number): Promise<Place[]> {
    const url = this.#url(this.#geocoding, '/v1/search', {
      name,
      count: String(count),
      language: LANGUAGE[language],
      format: 'json',
    });
    const reply = parsed(SearchReply, await fetchJson(url, this.#fetch, this.#timeoutMs), 'geocoding');
    return (reply.results ?? []).map(placeOf);
  }

  async conditions(latitude: number, longitude: number, hours: number): Promise<Conditions> {
    const query: Record<string, string> = {
      latitude: latitude.toFixed(4),
      longitude: longitude.toFixed(4),
      current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code',
      timezone: 'auto',
    };
    if (hours > 0) {
      query.hourly = 'temperature_2m,weather_code';
      query.forecast_hours = String(hours);
    }
    const url = this.#url(this.#forecast, '/v1/forecast', query);
    const reply = parsed(ForecastReply, await fetchJson(url, this.#fetch, this.#timeoutMs), 'forecast');
    const offset = reply.utc_offset_seconds;
    const out: Conditions['hours'][number][] = [];
    const hourly = reply.hourly;
    if (hourly) {
      for (let i = 0; i < hourly.time.length && out.length < hours; i++) {
        const code = hourly.weather_code[i];
        const temperature = hourly.temperature_2m[i];
        if (code === null || code === undefined || temperature === null || temperature === undefined)
          continue;
        out.push({ at: withOffset(hourly.time[i]!, offset), code, temperature });
      }
    }
    return {
      code: reply.current.weather_code,
      temperature: reply.current.temperature_2m,
      humidity: reply.current.relative_humidity_2m ?? null,
      windSpeed: reply.current.wind_speed_10m ?? null,
      observedAt: withOffset(reply.current.time, offset),
      hours: out,
    };
  }
}
