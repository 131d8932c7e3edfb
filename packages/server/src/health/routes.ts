import { PAGE_TYPE_NAMES, RULE_KINDS } from '@fieldlink/protocol';
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../http/errors.js';
import type { Storage } from '../storage/open.js';

const HealthReply = z.object({
  status: z.literal('ok'),
  storage: z.object({ kind: z.enum(['sqlite', 'postgres']) }),
  protocol: z.object({ ruleKinds: z.number(), pageTypes: z.number() }),
});

/** `GET /health`: the server is up and its store answers a query. */
export const healthRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and storage check',
        response: { 200: HealthReply },
      },
    },
    async () => {
      try {
        await sql`select 1`.execute(storage.db);
      } catch {
        throw new ApiError('unavailable', 'storage does not answer');
      }
      return {
        status: 'ok' as const,
        storage: { kind: storage.dialect },
        protocol: { ruleKinds: Object.keys(RULE_KINDS).length, pageTypes: PAGE_TYPE_NAMES.length },
      };
    },
  );
};
