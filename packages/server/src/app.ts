/**
 * The HTTP application: Fastify with zod schemas (validation, types and OpenAPI from one
 * schema), the shared error shape, OpenAPI at /docs, and the domain plugins under /api/v1.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { installAuthentication } from './accounts/authenticate.js';
import { LogCodeSender } from './accounts/code-sender.js';
import { camerasPlugin } from './cameras/routes.js';
import type { CameraSettings } from './cameras/routes.js';
import { streamTicketKey } from './cameras/ticket.js';
import { compressJson } from './console/compression.js';
import { consolePlugin } from './console/plugin.js';
import type { CodeSender } from './accounts/code-sender.js';
import { accountsPlugin } from './accounts/plugin.js';
import type { SocialProvider } from './accounts/social.js';
import { loggerOptions, RequestLog } from './http/request-log.js';
import type { LogFormat } from './http/request-log.js';
import { demoRoutes } from './demo/routes.js';
import { healthRoutes } from './health/routes.js';
import { historyPlugin } from './history/routes.js';
import { equipmentPlugin } from './equipment/plugin.js';
import { createDatabaseBlobStore } from './files/blob-store/database.js';
import { documentsPlugin } from './files/documents-routes.js';
import { diagramsPlugin } from './diagrams/routes.js';
import { diagramLinksPlugin } from './diagrams/links.js';
import { filesPlugin } from './files/routes.js';
import { closeSvgThread } from './files/images/index.js';
import { DEFAULT_FILE_LIMITS, FileStore } from './files/store.js';
import type { FileLimits } from './files/store.js';
import type { BlobStore } from './files/blob-store/types.js';
import type { DialPolicy } from './gateway/modbus-tcp/dial-policy.js';
import { linkSecretKey } from './gateway/dtu/secrets.js';
import { frameworkErrors, installErrorHandling } from './http/error-handler.js';
import { installOpenApi } from './http/openapi.js';
import { installSecurityHeaders, withSecurityHeaders } from './http/security-headers.js';
import { liveDeviceHandler, operationsPlugin } from './gateway/devices/operations.js';
import type { DeviceOperator } from './gateway/devices/operations.js';
import { LiveHub } from './live/hub.js';
import { createLiveChannel } from './live/socket.js';
import type { DeviceRequestHandler, LiveLimits } from './live/socket.js';
import { sharingPlugin } from './sharing/plugin.js';
import type { TrustProxy } from './config.js';
import type { Storage } from './storage/open.js';
import type { Secrets } from './storage/secrets.js';
import { appsRoutes } from './apps/routes.js';
import { noticesRoutes } from './notices/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import type { MailOutlet } from './mail/outlet.js';
import { tenantsRoutes } from './tenants/routes.js';
import { searchRoutes } from './search/routes.js';
import { weatherRoutes } from './weather/routes.js';
import type { WeatherService } from './weather/service.js';

export interface AppOptions {
  readonly storage: Storage;
  readonly secrets: Secrets;
  /** Delivers verification codes; by default they are written to the log. */
  readonly codeSender?: CodeSender;
  /** Social sign-in providers (QQ, WeChat, DingTalk, …); none by default. */
  readonly socialProviders?: readonly SocialProvider[];
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
  /** pino level, or false for no log at all (tests). */
  readonly logLevel?: string | false;
  /** `json` (default) or `pretty` (LOG_FORMAT; http/request-log.ts). */
  readonly logFormat?: LogFormat;
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
  /** Which Modbus TCP addresses owners may set (MODBUS_TCP_ALLOW); loopback and the like refused by default. */
  readonly dialPolicy?: DialPolicy;
  /** Bounds on live-channel sockets (register timeout, sockets per address); defaults in live/socket.ts. */
  readonly liveLimits?: LiveLimits;
  /** Serve the console's source maps (`*.map`, SERVE_SOURCE_MAPS=1); refused by default. */
  readonly serveSourceMaps?: boolean;
  /** Origins besides the console's own that login links may send back to (REDIRECT_ALLOW). */
  readonly redirectAllow?: readonly string[];
  /** Security headers (http/security-headers.ts); on unless false (the API benchmark compares). */
  readonly securityHeaders?: boolean;
  /**
   * Which proxies' `X-Forwarded-For` names the client (TRUST_PROXY): their addresses or CIDR
   * ranges, or true for any peer. Off by default: the client is the socket's peer, and the sign-in
   * and code limits per client address count that.
   */
  readonly trustProxy?: TrustProxy;
  /** The server runs the demo (DEMO): the sign-in page may offer its default credentials. */
  readonly demo?: boolean;
  /** Where stored files' bytes go; the database by default. */
  readonly blobStore?: BlobStore;
  /** The largest file and each user's quota (FILE_MAX_BYTES, FILE_QUOTA_BYTES). */
  readonly fileLimits?: FileLimits;
  /** The video cloud (VIDEO_CLOUD_URL), which stream addresses may be proxied (CAMERA_STREAM_ALLOW), stream caps. */
  readonly cameras?: CameraSettings;
  /** The zone the quiet hours of alarm e-mails are read in (TIME_ZONE; notices/). */
  readonly timeZone?: string;
  /** The weather provider the operator configured (WEATHER_PROVIDER); no weather when absent. */
  readonly weather?: WeatherService | null;
  /** Where report mails asked for in the console go (SMTP_URL, mail/outlet.ts); the log by default. */
  readonly mailOutlet?: MailOutlet;
  /**
   * http origins whose micro-apps the console may frame besides any https address
   * (MICRO_APP_ORIGINS): added to the CSP's frame-src, and the only http addresses custom routes
   * and user apps may take.
   */
  readonly microAppOrigins?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel's fan-out. */
    live: LiveHub;
    /** Tells the live channel that these users' access to equipment changed (shares, deletions). */
    accessChanged: (userIds: readonly number[]) => Promise<void>;
    /** The file store; removing equipment or an account removes their files through it. */
    fileStore: FileStore;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const microAppOrigins = options.microAppOrigins ?? [];
  const securityHeaders = { enabled: options.securityHeaders ?? true, frameOrigins: microAppOrigins };
  const app = Fastify({
    trustProxy:
      typeof options.trustProxy === 'object' ? [...options.trustProxy] : (options.trustProxy ?? false),
    logger: loggerOptions(options.logLevel ?? 'info', options.logFormat ?? 'json'),
    // One `request` line at debug instead of two at info (http/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    // Reject unknown query keys and coerce nothing silently: schemas say what is allowed.
    ajv: { customOptions: { removeAdditional: false } },
    // A URL the router cannot decode is answered in the error shape too (http/error-handler.ts).
    frameworkErrors: await withSecurityHeaders(frameworkErrors, securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await installSecurityHeaders(app, securityHeaders);
  // JSON replies of 1 KiB or more go gzipped to clients that take it (console/compression.ts).
  app.addHook('onSend', compressJson);

  // The OpenAPI description at /docs and /docs/json (http/openapi.ts).
  await installOpenApi(app);

  const now = options.now ?? Date.now;
  installAuthentication(app, { db: options.storage.db, jwtKey: options.secrets.jwtKey, now });
  const hub = options.liveHub ?? new LiveHub();
  const live = createLiveChannel({
    db: options.storage.db,
    jwtKey: options.secrets.jwtKey,
    now,
    hub,
    ...options.liveLimits,
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
  const files = new FileStore(
    options.storage.db,
    options.blobStore ?? createDatabaseBlobStore(options.storage.db),
    options.fileLimits ?? DEFAULT_FILE_LIMITS,
    now,
  );
  app.decorate('fileStore', files);
  // The SVG sanitiser's worker thread, started by the first drawing, ends with the app.
  app.addHook('onClose', async () => closeSvgThread());
  await app.register(live.plugin);
  await app.register(healthRoutes, { prefix: '/api/v1', storage: options.storage });
  await app.register(demoRoutes, { prefix: '/api/v1', db: options.storage.db, demo: options.demo ?? false });
  await app.register(accountsPlugin, {
    prefix: '/api/v1',
    storage: options.storage,
    secrets: options.secrets,
    codeSender: options.codeSender ?? new LogCodeSender((line) => app.log.info(line)),
    socialProviders: options.socialProviders ?? [],
    now,
  });
  await app.register(tenantsRoutes, {
    prefix: '/api/v1',
    storage: options.storage,
    now,
    redirectAllow: options.redirectAllow ?? [],
  });
  await app.register(equipmentPlugin, {
    prefix: '/api/v1',
    storage: options.storage,
    now,
    linkSecretKey: linkSecretKey(options.secrets.jwtKey),
    ...(options.dialPolicy ? { dialPolicy: options.dialPolicy } : {}),
  });
  await app.register(sharingPlugin, {
    prefix: '/api/v1',
    storage: options.storage,
    now,
    publicUrl: options.publicUrl,
  });
  await app.register(historyPlugin, { prefix: '/api/v1', storage: options.storage, now });
  await app.register(filesPlugin, { prefix: '/api/v1', store: files, now });
  await app.register(documentsPlugin, { prefix: '/api/v1', db: options.storage.db, now });
  await app.register(diagramsPlugin, { prefix: '/api/v1', db: options.storage.db, now });
  await app.register(diagramLinksPlugin, {
    prefix: '/api/v1',
    db: options.storage.db,
    now,
    publicUrl: options.publicUrl,
  });
  await app.register(camerasPlugin, {
    prefix: '/api/v1',
    storage: options.storage,
    now,
    ticketKey: streamTicketKey(options.secrets.jwtKey),
    ...options.cameras,
  });
  await app.register(noticesRoutes, {
    prefix: '/api/v1',
    db: options.storage.db,
    now,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  await app.register(appsRoutes, { prefix: '/api/v1', db: options.storage.db, now, microAppOrigins });
  await app.register(reportsRoutes, {
    prefix: '/api/v1',
    db: options.storage.db,
    now,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.mailOutlet ? { mailOutlet: options.mailOutlet } : {}),
  });
  await app.register(feedbackRoutes, { prefix: '/api/v1', db: options.storage.db, now });
  await app.register(searchRoutes, { prefix: '/api/v1', db: options.storage.db, now });
  await app.register(weatherRoutes, {
    prefix: '/api/v1',
    db: options.storage.db,
    weather: options.weather ?? null,
    now,
  });
  await app.register(operationsPlugin, {
    prefix: '/api/v1',
    db: options.storage.db,
    now,
    ...(options.devices ? { devices: options.devices } : {}),
  });
  if (options.webDir !== undefined) {
    await app.register(consolePlugin, { dir: options.webDir, sourceMaps: options.serveSourceMaps ?? false });
  }
  return app;
}
