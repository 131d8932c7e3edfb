/**
 * The OpenAPI description, served at /docs (browsable) and /docs/json (/docs/yaml). It is generated
 * from the routes' zod schemas (fastify-type-provider-zod), and made valid and true here, in one
 * place, rather than in each route:
 * - recursive schemas (the equipment tree's device, the console settings' JSON values) and the
 *   error shape are named components, so their `$ref`s have a target;
 * - every operation has an operationId (from its method and path), its security (bearer when the
 *   route authenticates, none when public), and a `default` reply: the error shape of any status
 *   it does not list (500 internal, 503 unavailable, 413, …);
 * - OpenAPI 3.0 nullability: a nullable enum lists null, a nullable schema without a type becomes
 *   a union with null, and a reply of `null` (204) has no content;
 * - the operations call's body, which its route takes as any object and the operation catalogue
 *   validates (parseOperationRequest), is described as that catalogue: one shape per `opr`.
 * The service test beside this file validates the served document and checks real replies with it.
 */
import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  ConsoleSettingValue,
  FILES_PER_UPLOAD,
  OPERATION_NAMES,
  OPERATION_PASSWORD,
  TreeDeviceReply,
  operationUnion,
} from '@fieldlink/protocol';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { ErrorReply } from '../accounts/fields.js';

/** Where the description is served; its JSON at `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = '/docs';

/**
 * Schemas the document names as components (`#/components/schemas/<id>`). The library names
 * schemas registered with an id in zod's global registry; a recursive schema must be one, as its
 * `$ref` needs a target. Registering only adds metadata: validation is unchanged.
 */
const COMPONENTS: readonly (readonly [z.core.$ZodType, string])[] = [
  [TreeDeviceReply, 'TreeDevice'],
  [ConsoleSettingValue, 'JsonValue'],
  [ErrorReply, 'Error'],
];

/** The body of POST /equipment/:id/operations as the catalogue checks it (its route takes any object). */
const OperationRequest = operationUnion(OPERATION_NAMES, {
  password: z.string().min(OPERATION_PASSWORD.min).max(OPERATION_PASSWORD.max).optional(),
}).describe(
  'One operation of the catalogue: `opr` and its fields (docs/protocol.md § Device operations), and ' +
    "`password`, the user's current password, for an operation that writes when the user secures " +
    'operations with it. A 400 names the field at fault.',
);

/** Bodies a route validates in its handler, described here by `METHOD url`. */
const DOCUMENTED_BODIES: Readonly<Record<string, z.core.$ZodType>> = {
  'POST /api/v1/equipment/:id/operations': OperationRequest,
  // A multipart upload, read part by part by the route (files/routes.ts).
  'POST /api/v1/files/:space': z
    .object({
      file: z
        .array(z.string().meta({ format: 'binary' }))
        .min(1)
        .max(FILES_PER_UPLOAD),
    })
    .describe('The files, each in a part named `file` (multipart/form-data).'),
};

/** The reply of any status an operation does not list. */
const ERROR_REPLY = {
  description: 'An error, in the one error shape (docs/api.md § Errors)',
  content: { 'application/json': { schema: ErrorReply } },
};

const BEARER = [{ bearer: [] }];
const PUBLIC: { [scheme: string]: readonly string[] }[] = [];

/** `GET /api/v1/equipment/:id/share-codes` → `getEquipmentByIdShareCodes`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1(?=\/|$)/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter((word) => word !== '');
  // A route of several methods (`GET,HEAD`) reads `getHead…`.
  const [first = '', ...rest] = [...method.toLowerCase().split(/[^a-z]+/), ...words];
  return [first, ...rest.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's OpenAPI 3.0 form of z.null(). */
const NULL_SCHEMA: JsonObject = { type: 'string', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0's `nullable` admits null only beside a `type`, and never past an `enum`: a nullable
 * enum lists null, a nullable schema without a type (a union, a reference) becomes `anyOf` it or
 * null. Applied through the whole schema.
 */
export function fixNullability(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fixNullability);
  if (!isObject(value)) return value;
  const fixed: JsonObject = {};
  for (const [key, child] of Object.entries(value)) fixed[key] = fixNullability(child) as Json;
  if (fixed['nullable'] !== true) return fixed;
  const values = fixed['enum'];
  if (Array.isArray(values) && !values.includes(null)) fixed['enum'] = [...values, null];
  if (fixed['type'] === undefined) {
    const { nullable: _nullable, ...inner } = fixed;
    const branches =
      Object.keys(inner).length === 1 && Array.isArray(inner['anyOf']) ? inner['anyOf'] : [inner];
    return { anyOf: [...branches, NULL_SCHEMA] };
  }
  return fixed;
}

/** A reply of z.null() (204) sends no body: `type: 'null'` makes @fastify/swagger give it no content. */
function withoutNullContent(response: unknown): unknown {
  if (!isObject(response)) return response;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const isNull = isObject(schema) && JSON.stringify(schema['enum']) === '[null]';
      return [status, isNull ? { type: 'null' } : schema];
    }),
  );
}

function methodOf(method: string | readonly string[]): string {
  return typeof method === 'string' ? method : method.join(',');
}

/** The route's schema as the document shows it, then converted from zod and fixed. */
function transform(app: FastifyInstance): SwaggerTransform {
  return (input) => {
    const schema: FastifySchema = input.schema ?? {};
    if (schema.hide === true) return jsonSchemaTransform(input);
    const method = methodOf(input.route.method);
    const preHandlers = [input.route.preHandler ?? []].flat() as readonly unknown[];
    const guarded = app.hasDecorator('authenticate') && preHandlers.includes(app.authenticate);
    const documented: FastifySchema = {
      ...schema,
      body: DOCUMENTED_BODIES[`${method} ${input.url}`] ?? schema.body,
      response: { ...(isObject(schema.response) ? schema.response : {}), default: ERROR_REPLY },
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security: schema.security ?? (guarded ? BEARER : PUBLIC),
    };
    if (documented.body === undefined) delete documented.body;
    const out = jsonSchemaTransform({ ...input, schema: documented });
    const converted: FastifySchema = { ...out.schema };
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      if (converted[part] !== undefined) converted[part] = fixNullability(converted[part]);
    }
    converted.response = withoutNullContent(fixNullability(converted.response));
    return { schema: converted, url: out.url };
  };
}

/** Every `$ref` under `value`. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, into);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child);
      else refsIn(child, into);
    }
  }
  return into;
}

const COMPONENT_REF = '#/components/schemas/';

/**
 * The library emits each component twice, as read (`<id>Input`) and as written (`<id>`); only
 * those the paths reach, directly or through other components, are kept.
 */
function usedComponents(doc: OpenAPIV3.Document): Record<string, OpenAPIV3.SchemaObject> {
  const all = (doc.components?.schemas ?? {}) as Record<string, OpenAPIV3.SchemaObject>;
  const used: Record<string, OpenAPIV3.SchemaObject> = {};
  const pending = [...refsIn(doc.paths, new Set())];
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const name = ref.startsWith(COMPONENT_REF) ? ref.slice(COMPONENT_REF.length) : undefined;
    if (name === undefined || used[name] !== undefined || all[name] === undefined) continue;
    used[name] = fixNullability(all[name]) as OpenAPIV3.SchemaObject;
    pending.push(...refsIn(all[name], new Set()));
  }
  return used;
}

/** Reply descriptions: the status's reason phrase where the route gave none. */
function describeReplies(operation: OpenAPIV3.OperationObject): void {
  for (const [status, reply] of Object.entries(operation.responses)) {
    if ('description' in reply && reply.description === 'Default Response') {
      reply.description = STATUS_CODES[status] ?? status;
    }
  }
}

/** A body whose schema admits null may be left out (POST /auth/logout). */
function markOptionalBody(operation: OpenAPIV3.OperationObject): void {
  const body = operation.requestBody;
  if (body === undefined || '$ref' in body) return;
  const schema = body.content['application/json']?.schema;
  if (schema !== undefined && 'nullable' in schema && schema.nullable === true) body.required = false;
}

/** The HTTP methods an OpenAPI path item may hold an operation under. */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const transformObject: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input) as OpenAPIV3.Document;
  for (const path of Object.values(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = path?.[method];
      if (operation === undefined) continue;
      describeReplies(operation);
      markOptionalBody(operation);
    }
  }
  return { ...doc, components: { ...doc.components, schemas: usedComponents(doc) } };
};

/**
 * Registers the description and its browser. Routes registered after this are described; the
 * document is built at its first request, when `app.authenticate` (accounts/authenticate.ts)
 * exists to tell guarded routes from public ones.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  for (const [schema, id] of COMPONENTS) z.globalRegistry.add(schema, { id });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Fieldlink API',
        version: '1',
        description:
          'REST under /api/v1, JSON in and out (docs/api.md). Errors: `{ error: { code, message } }`.',
      },
      // The server that serves the document: paths are absolute (/api/v1/…) on its origin.
      servers: [{ url: '/', description: 'this server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: transform(app),
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
