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
import { installAuthentication } from './accounts/authenticate.js';
import { LogCodeSender } from './accounts/code-sender.js';
import { compressJson } from './console/compression.js';
import { consolePlugin } from './console/plugin.js';
import type { CodeSender } from './accounts/code-sender.js';
import { accountsPlugin } from './accounts/plugin.js';
import type { SocialProvider } from './accounts/social.js';
import { healthRoutes } from './health/routes.js';
import { historyPlugin } from './history/routes.js';
import { equipmentPlugin } from './equipment/plugin.js';
import { installErrorHandling } from './http/error-handler.js';
import { liveDeviceHandler, operationsPlugin } from './gateway/operations.js';
import type { DeviceOperator } from './gateway/operations.js';
import { LiveHub } from './live/hub.js';
import { createLiveChannel } from './live/socket.js';
import type { DeviceRequestHandler } from './live/socket.js';
import { sharingPlugin } from './sharing/plugin.js';
import type { Storage } from './storage/open.js';
import type { Secrets } from './storage/secrets.js';
import { tenantsPlugin } from './tenants/plugin.js';

export interface AppOptions {
  readonly storage: Storage;
  readonly secrets: Secrets;
  /** Delivers verification codes; by default they are written to the log. */
  readonly codeSender?: CodeSender;
  /** Social sign-in providers (QQ, WeChat, DingTalk, …); none by default. */
  readonly socialProviders?: readonly SocialProvider[];
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
  /** pino level, or false for no request log (tests). */
  readonly logLevel?: string | false;
  /** The console's public origin for links such as share URLs; by default the request's own. */
  readonly publicUrl?: string;
  /** The live channel's fan-out; a new one by default. The device link publishes through it. */
  readonly liveHub?: LiveHub;
  /** Where operations and rule-page requests from the live channel go; by default to `devices`. */
  readonly onDeviceRequest?: DeviceRequestHandler;
  /**
   * The device link (built on `liveHub`), or the router that takes operations to the node holding
   * a device's link; without it operations answer 503 and live requests `offline`.
   */
  readonly devices?: DeviceOperator;
  /** The built web console to serve at `/` (packages/web/dist); no console when absent. */
  readonly webDir?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel's fan-out. */
    live: LiveHub;
    /** Tells the live channel that these users' access to equipment changed (shares, deletions). */
    accessChanged: (userIds: readonly number[]) => Promise<void>;
  }
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
  // JSON replies of 1 KiB or more go gzipped to clients that take it (console/compression.ts).
  app.addHook('onSend', compressJson);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Fieldlink API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const now = options.now ?? Date.now;
  installAuthentication(app, { db: options.storage.db, jwtKey: options.secrets.jwtKey, now });
  const hub = options.liveHub ?? new LiveHub();
  const live = createLiveChannel({
    db: options.storage.db,
    jwtKey: options.secrets.jwtKey,
    now,
    hub,
    onRequest:
      options.onDeviceRequest ??
      liveDeviceHandler({
        db: options.storage.db,
        hub,
        now,
        ...(options.devices ? { devices: options.devices } : {}),
      }),
  });
  app.decorate('live', hub);
  app.decorate('accessChanged', live.accessChanged);
  await app.register(live.plugin);
  await app.register(healthRoutes, { prefix: '/api/v1', storage: options.storage });
  await app.register(accountsPlugin, {
    prefix: '/api/v1',
    storage: options.storage,
    secrets: options.secrets,
    codeSender: options.codeSender ?? new LogCodeSender((line) => app.log.info(line)),
    socialProviders: options.socialProviders ?? [],
    now,
  });
  await app.register(tenantsPlugin, { prefix: '/api/v1', storage: options.storage, now });
  await app.register(equipmentPlugin, { prefix: '/api/v1', storage: options.storage, now });
  await app.register(sharingPlugin, {
    prefix: '/api/v1',
    storage: options.storage,
    now,
    publicUrl: options.publicUrl,
  });
  await app.register(historyPlugin, { prefix: '/api/v1', storage: options.storage, now });
  await app.register(operationsPlugin, {
    prefix: '/api/v1',
    db: options.storage.db,
    now,
    ...(options.devices ? { devices: options.devices } : {}),
  });
  if (options.webDir !== undefined) await app.register(consolePlugin, { dir: options.webDir });
  return app;
}
