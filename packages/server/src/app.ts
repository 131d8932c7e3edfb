/**
 * The HTTP application: Fastify with zod schemas (validation, types and OpenAPI from one
 * schema), the shared error shape, OpenAPI at /docs, and the domain plugins under /api/v1.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/routes.js';
import { installErrorHandling } from './http/error-handler.js';
import type { Storage } from './storage/open.js';

export interface AppOptions {
  readonly storage: Storage;
  /** pino level, or false for no request log (tests). */
  readonly logLevel?: string | false;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel === false ? false : { level: options.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
    // Reject unknown query keys and coerce nothing silently: schemas say what is allowed.
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Fieldlink API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(healthRoutes, { prefix: '/api/v1', storage: options.storage });
  return app;
}
