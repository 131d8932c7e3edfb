/**
 * GET /weather and GET /weather/areas (docs/api.md § Weather). Both answer `configured: false`
 * when the operator configured no provider, so the console hides its weather without an error.
 * Searching areas is bounded per user (the provider's free use has a daily cap the operator shares
 * with every user).
 */
import {
  Language,
  WeatherAreaQuery,
  WeatherAreaReply,
  WeatherQuery,
  WeatherReply,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import { PerUserRate } from '../http/per-user-rate.js';
import type { Database } from '../storage/schema.js';
import { WeatherUnavailable } from './provider.js';
import type { WeatherLanguage } from './provider.js';
import type { WeatherService } from './service.js';

/** Area searches one user may make per minute. */
export const AREA_SEARCHES_PER_MINUTE = 30;

export interface WeatherRoutesOptions {
  readonly db: Kysely<Database>;
  /** Null when no provider is configured. */
  readonly weather: WeatherService | null;
  readonly now?: () => number;
}

export const weatherRoutes: FastifyPluginAsyncZod<WeatherRoutesOptions> = async (app, options) => {
  const { db, weather } = options;
  const now = options.now ?? Date.now;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const searches = new PerUserRate(AREA_SEARCHES_PER_MINUTE, 'too many area searches; try again in a minute');

  async function userOf(id: number): Promise<{ city: string | null; language: WeatherLanguage }> {
    const row = await db
      .selectFrom('users')
      .select(['city', 'language'])
      .where('id', '=', id)
      .executeTakeFirst();
    const language = Language.safeParse(row?.language);
    return { city: row?.city ?? null, language: language.success ? language.data : 'zh' };
  }

  app.get(
    '/weather',
    {
      ...guarded,
      schema: {
        tags: ['weather'],
        summary: "The weather of an area, else the caller's own area, else where the caller's address is",
        security,
        querystring: WeatherQuery,
        response: { 200: WeatherReply, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) => {
      if (weather === null) return { configured: false, weather: null, problem: null };
      const user = await userOf(requireUser(request).id);
      return weather.weather({
        area: request.query.area,
        userArea: user.city,
        ip: request.ip,
        hours: request.query.hours,
        language: user.language,
      });
    },
  );

  app.get(
    '/weather/areas',
    {
      ...guarded,
      schema: {
        tags: ['weather'],
        summary: 'Places by name, for choosing the area of the weather',
        security,
        querystring: WeatherAreaQuery,
        response: {
          200: WeatherAreaReply,
          400: ErrorReply,
          401: ErrorReply,
          429: ErrorReply,
          503: ErrorReply,
        },
      },
    },
    async (request) => {
      if (weather === null) return { configured: false, items: [] };
      const { id } = requireUser(request);
      searches.take(id, now());
      const language = request.query.language ?? (await userOf(id)).language;
      try {
        return { configured: true, items: await weather.search(request.query.search, language) };
      } catch (error) {
        if (error instanceof WeatherUnavailable)
          throw new ApiError('unavailable', 'the weather provider does not answer; try again later');
        throw error;
      }
    },
  );
};
