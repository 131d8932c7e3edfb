/**
 * The weather a console shows (§4: loaded at sign-in): for the area asked, else the user's own
 * area (the personal center's `city`: an area id or a place name), else where the client's
 * address is. Answers are cached (places a day, conditions 15 minutes, addresses 6 hours), so the
 * provider is asked rarely whatever the number of consoles.
 */
import type { WeatherReply } from '@fieldlink/protocol';
import { areaLabel } from '@fieldlink/protocol';
import { TimedCache } from './cache.js';
import type { Conditions, IpLocator, Place, WeatherLanguage, WeatherProvider } from './provider.js';
import { WeatherUnavailable } from './provider.js';

export const PLACE_TTL_MS = 24 * 3600_000;
export const CONDITIONS_TTL_MS = 15 * 60_000;
export const ADDRESS_TTL_MS = 6 * 3600_000;
/** How long a provider that failed is left alone for a key. */
export const FAILURE_TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

export interface WeatherAsk {
  /** The area of the request (`?area=`), or undefined. */
  readonly area?: string | undefined;
  /** The user's stored area, or null. */
  readonly userArea: string | null;
  readonly ip: string;
  readonly hours: number;
  readonly language: WeatherLanguage;
}

export class WeatherService {
  readonly #provider: WeatherProvider;
  readonly #locator: IpLocator | null;
  readonly #places: TimedCache<Place | null>;
  readonly #conditions: TimedCache<Conditions>;
  readonly #addresses: TimedCache<Awaited<ReturnType<IpLocator['locate']>>>;
  readonly #searches: TimedCache<Place[]>;

  constructor(options: {
    readonly provider: WeatherProvider;
    readonly ipLocator?: IpLocator | null;
    readonly now?: () => number;
  }) {
    this.#provider = options.provider;
    this.#locator = options.ipLocator ?? null;
    const now = options.now ?? Date.now;
    const cache = (ttlMs: number) => ({ ttlMs, failureTtlMs: FAILURE_TTL_MS, max: MAX_ENTRIES, now });
    this.#places = new TimedCache(cache(PLACE_TTL_MS));
    this.#conditions = new TimedCache(cache(CONDITIONS_TTL_MS));
    this.#addresses = new TimedCache(cache(ADDRESS_TTL_MS));
    this.#searches = new TimedCache(cache(PLACE_TTL_MS));
  }

  async weather(ask: WeatherAsk): Promise<WeatherReply> {
    const area = ask.area ?? (ask.userArea?.trim() || undefined);
    try {
      if (area !== undefined) {
        const key = `${ask.language}:${area.toLowerCase()}`;
        const place = await this.#places.get(key, () => this.#provider.place(area, ask.language));
        if (place === null) return { configured: true, weather: null, problem: 'unknownArea' };
        return await this.#reply(areaLabel(place), 'area', place.latitude, place.longitude, ask.hours);
      }
      const locator = this.#locator;
      if (locator === null) return { configured: true, weather: null, problem: 'unlocatable' };
      const spot = await this.#addresses.get(ask.ip, () => locator.locate(ask.ip));
      if (spot === null) return { configured: true, weather: null, problem: 'unlocatable' };
      return await this.#reply(spot.name, 'ip', spot.latitude, spot.longitude, ask.hours);
    } catch (error) {
      if (error instanceof WeatherUnavailable)
        return { configured: true, weather: null, problem: 'unavailable' };
      throw error;
    }
  }

  async #reply(
    area: string,
    source: 'area' | 'ip',
    latitude: number,
    longitude: number,
    hours: number,
  ): Promise<WeatherReply> {
    // Two decimals (about a kilometre): neighbours share one answer.
    const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}:${hours}`;
    const c = await this.#conditions.get(key, () => this.#provider.conditions(latitude, longitude, hours));
    return {
      configured: true,
      problem: null,
      weather: {
        area,
        source,
        code: c.code,
        temperature: c.temperature,
        humidity: c.humidity,
        windSpeed: c.windSpeed,
        observedAt: c.observedAt,
        hours: [...c.hours],
      },
    };
  }

  /** Places for the personal center's area picker; throws WeatherUnavailable. */
  search(name: string, language: WeatherLanguage): Promise<Place[]> {
    const key = `${language}:${name.trim().toLowerCase()}`;
    return this.#searches.get(key, () => this.#provider.search(name.trim(), language, 10));
  }
}
