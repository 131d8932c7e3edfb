/**
 * Weather calls (docs/api.md § Weather): the weather the header shows (the user's area, else the
 * client's address) and the places the personal center offers as areas. A server without a
 * provider answers `configured: false`.
 */
import { WeatherAreaReply, WeatherReply } from '@fieldlink/protocol';
import type { z } from 'zod';
import { get } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type WeatherAnswer = Reply<z.output<typeof WeatherReply>>;
export type WeatherAreas = Reply<z.output<typeof WeatherAreaReply>>;
export type WeatherPlace = WeatherAreas['items'][number];

const checkWeather = validated(WeatherReply);
const checkAreas = validated(WeatherAreaReply);

export const fetchWeather = (signal?: AbortSignal): Promise<WeatherAnswer> =>
  get<unknown>('/weather', signal ? { signal } : {}).then(checkWeather);

export const searchWeatherAreas = (
  search: string,
  language: 'zh' | 'en' | 'tc',
  signal?: AbortSignal,
): Promise<WeatherAreas> =>
  get<unknown>('/weather/areas', { query: { search, language }, ...(signal ? { signal } : {}) }).then(
    checkAreas,
  );
