/**
 * The operator's weather settings (docs/operations.md § Weather), from the environment:
 * WEATHER_PROVIDER (`open-meteo`, or empty for no weather: the default), WEATHER_URL and
 * WEATHER_GEOCODING_URL (Open-Meteo's public APIs by default: a self-hosted one or a mirror
 * otherwise), WEATHER_API_KEY (a commercial key, optional), WEATHER_IP_URL (an address look-up with
 * `{ip}`; no weather by address without it).
 */
import { OPEN_METEO_FORECAST_URL, OPEN_METEO_GEOCODING_URL, OpenMeteo } from './open-meteo.js';
import { UrlIpLocator } from './ip-locator.js';
import { WeatherService } from './service.js';

export interface WeatherSettings {
  readonly provider: 'open-meteo';
  readonly forecastUrl: string;
  readonly geocodingUrl: string;
  readonly apiKey: string | undefined;
  readonly ipLookupUrl: string | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.replace('{ip}', '0.0.0.0'));
  } catch {
    throw new Error(`${name} must be an http or https URL, got '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http or https URL, got '${value}'`);
  return value.replace(/\/+$/, '');
}

/** Null when no provider is set; throws an Error naming the variable that is wrong. */
export function weatherSettings(env: Env): WeatherSettings | null {
  const provider = (env.WEATHER_PROVIDER ?? '').trim().toLowerCase();
  if (provider === '' || provider === 'none') return null;
  if (provider !== 'open-meteo')
    throw new Error(
      `WEATHER_PROVIDER must be 'open-meteo' or empty (no weather), got '${env.WEATHER_PROVIDER}'`,
    );
  const ip = env.WEATHER_IP_URL?.trim() || undefined;
  if (ip !== undefined && !ip.includes('{ip}'))
    throw new Error(`WEATHER_IP_URL must contain {ip} where the address goes, got '${ip}'`);
  return {
    provider,
    forecastUrl: httpUrl('WEATHER_URL', env.WEATHER_URL?.trim() || OPEN_METEO_FORECAST_URL),
    geocodingUrl: httpUrl(
      'WEATHER_GEOCODING_URL',
      env.WEATHER_GEOCODING_URL?.trim() || OPEN_METEO_GEOCODING_URL,
    ),
    apiKey: env.WEATHER_API_KEY?.trim() || undefined,
    ipLookupUrl: ip === undefined ? undefined : httpUrl('WEATHER_IP_URL', ip),
  };
}

export function weatherService(settings: WeatherSettings | null, now?: () => number): WeatherService | null {
  if (settings === null) return null;
  return new WeatherService({
    provider: new OpenMeteo(settings),
    ipLocator: settings.ipLookupUrl ? new UrlIpLocator(settings.ipLookupUrl) : null,
    ...(now ? { now } : {}),
  });
}
