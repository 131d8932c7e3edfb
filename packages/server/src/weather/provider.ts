/**
 * What the weather routes need of a provider (docs/operations.md § Weather): places by id or name,
 * the conditions at a place, and — separately, as providers of weather rarely do it — where a
 * client address is. Open-Meteo (open-meteo.ts) is the one provider built in; another is one more
 * implementation of these two interfaces.
 */
import type { WeatherArea, WeatherHour } from '@fieldlink/protocol';

export type WeatherLanguage = 'zh' | 'en' | 'tc';

/** A place the provider knows: what the area search lists and the weather is asked for. */
export type Place = WeatherArea;

export interface Conditions {
  readonly code: number;
  readonly temperature: number;
  readonly humidity: number | null;
  readonly windSpeed: number | null;
  /** ISO 8601 with the place's offset. */
  readonly observedAt: string;
  readonly hours: readonly WeatherHour[];
}

export interface WeatherProvider {
  /** The place of an area id (digits), or the best match of a place name; null when none. */
  place(area: string, language: WeatherLanguage): Promise<Place | null>;
  /** Places whose name matches, best first. */
  search(name: string, language: WeatherLanguage, count: number): Promise<Place[]>;
  /** The conditions now at a point and the next `hours` hours. */
  conditions(latitude: number, longitude: number, hours: number): Promise<Conditions>;
}

/** Where a public client address is; null when the look-up does not know it. */
export interface IpLocator {
  locate(ip: string): Promise<{ latitude: number; longitude: number; name: string } | null>;
}

/** The provider did not answer, or answered something that is not its documented reply. */
export class WeatherUnavailable extends Error {
  override readonly name = 'WeatherUnavailable';
}
