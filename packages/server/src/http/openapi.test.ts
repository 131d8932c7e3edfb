/**
 * The OpenAPI description as served at /docs/json (http/openapi.ts): valid (swagger-parser),
 * clean under Redocly's recommended rules, and true: real replies of the app match the reply
 * schemas it gives for their routes and statuses, and the operations call's body schema agrees
 * with the catalogue that validates it.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { OPERATION_NAMES, parseOperationRequest } from '@fieldlink/protocol';
import type { EquipmentReply } from '@fieldlink/protocol';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { DOCS_PREFIX, fixNullability, operationIdOf } from './openapi.js';

type Method = 'get' | 'post' | 'patch' | 'delete';

/**
 * Redocly warnings the document keeps, each with its reason; any other warning fails.
 * Keyed by `rule pointer`.
 */
const ACCEPTED_WARNINGS: Readonly<Record<string, string>> = {
  'info-license #/info':
    "the project declares no licence (its packages are private): naming one is its owner's decision",
  'operation-4xx-response #/paths/~1api~1v1~1health/get/responses':
    'takes no parameters, query or body, so there is no 4xx to give; failures are the default 503',
  'operation-4xx-response #/paths/~1api~1v1~1equipment-types/get/responses':
    'takes no parameters, query or body, so there is no 4xx to give',
  'operation-4xx-response #/paths/~1api~1v1~1auth~1social-providers/get/responses':
    'takes no parameters, query or body, so there is no 4xx to give',
};

// The document does not depend on the store; SQLite always runs.
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;

describe('OpenAPI description', () => {
  const h = useAccountsApp(sqlite);
  let doc: OpenAPIV3.Document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  // A CommonJS module: its plugin is `default` of what the import gives.
  ajvFormats.default(ajv);

  beforeAll(async () => {
    const res = await h.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenAPIV3.Document;
  });

  const operations = (): { path: string; method: string; operation: OpenAPIV3.OperationObject }[] =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item ?? {})
        .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
        .map(([method, operation]) => ({ path, method, operation: operation as OpenAPIV3.OperationObject })),
    );

  /** A validator of `schema` (from the document), its `$ref`s resolved against its components. */
  const validatorOf = (schema: unknown) => ajv.compile({ components: doc.components, allOf: [schema] });

  /** The reply schema the document gives for this route and status (or its default). */
  function replySchema(method: Method, path: string, status: number): OpenAPIV3.MediaTypeObject | undefined {
    const responses = doc.paths[path]?.[method]?.responses;
    expect(responses, `${method} ${path} is described`).toBeDefined();
    const reply = (responses![String(status)] ?? responses!['default']) as OpenAPIV3.ResponseObject;
    expect(reply, `${method} ${path} describes ${status}`).toBeDefined();
    return reply.content?.['application/json'];
  }

  /** The reply matches what the document says of its route and status. */
  function expectConforms(method: Method, path: string, res: LightMyRequestResponse): void {
    const media = replySchema(method, path, res.statusCode);
    if (media === undefined) {
      expect(res.body, `${method} ${path} ${res.statusCode} has no content`).toBe('');
      return;
    }
    const validate = validatorOf(media.schema);
    const body: unknown = res.json();
    expect(validate(body), `${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`).toBe(
      true,
    );
  }

  it('is valid OpenAPI (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    expect(doc.openapi).toBe('3.0.3');
  });

  it("passes Redocly's recommended rules: no error, and only the warnings accepted with a reason", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const where = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`;
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${where(p)}: ${p.message}`)).toEqual(
      [],
    );
    const warnings = problems.filter((p) => p.severity === 'warn').map(where);
    expect(warnings.filter((w) => ACCEPTED_WARNINGS[w] === undefined)).toEqual([]);
    // An accepted warning that no longer occurs is dropped from the list.
    expect(Object.keys(ACCEPTED_WARNINGS).filter((w) => !warnings.includes(w))).toEqual([]);
  });

  it('gives every operation an id, its security and an error reply', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(operation.security, `${method} ${path}`).toBeDefined();
      expect(operation.responses['default'], `${method} ${path}`).toBeDefined();
    }
    const security = (method: Method, path: string) => doc.paths[path]?.[method]?.security;
    expect(security('get', '/api/v1/equipment-types')).toEqual([]);
    expect(security('post', '/api/v1/auth/login')).toEqual([]);
    expect(security('post', '/api/v1/auth/logout')).toEqual([{}, { bearer: [] }]);
    expect(security('get', '/api/v1/equipment/tree')).toEqual([{ bearer: [] }]);
    expect(security('post', '/api/v1/equipment/{id}/operations')).toEqual([{ bearer: [] }]);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(operationIdOf('DELETE', '/api/v1/equipment/:id/share-codes/:codeId')).toBe(
      'deleteEquipmentByIdShareCodesByCodeId',
    );
  });

  it('names the recursive schemas as components, and keeps only the components it uses', () => {
    const schemas = doc.components?.schemas ?? {};
    expect(Object.keys(schemas).sort()).toEqual(['Error', 'JsonValue', 'JsonValueInput', 'TreeDevice']);
    expect(JSON.stringify(schemas['TreeDevice'])).toContain('"$ref":"#/components/schemas/TreeDevice"');
  });

  it('writes nullability as OpenAPI 3.0 reads it', () => {
    expect(fixNullability({ type: 'string', enum: ['a'], nullable: true })).toEqual({
      type: 'string',
      enum: ['a', null],
      nullable: true,
    });
    expect(fixNullability({ anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'string', nullable: true, enum: [null] }],
    });
    expect(fixNullability({ properties: { a: { $ref: '#/x', nullable: true } } })).toEqual({
      properties: { a: { anyOf: [{ $ref: '#/x' }, { type: 'string', nullable: true, enum: [null] }] } },
    });
  });

  it('describes the operations body as the catalogue, and agrees with it', () => {
    const body = doc.paths['/api/v1/equipment/{id}/operations']?.post
      ?.requestBody as OpenAPIV3.RequestBodyObject;
    const schema = body.content['application/json']?.schema as OpenAPIV3.SchemaObject;
    const oprs = (schema.oneOf as OpenAPIV3.SchemaObject[]).flatMap(
      (branch) => (branch.properties?.['opr'] as OpenAPIV3.SchemaObject).enum,
    );
    expect(oprs.sort()).toEqual([...OPERATION_NAMES].sort());
    const validate = validatorOf(schema);
    for (const sample of [
      { opr: 'open' },
      { opr: 'openone', io: 1 },
      { opr: 'openone', io: 3, dly: 0, password: 'secret123' },
      { opr: 'rdo', regstart: 0, regnum: 8 },
      { opr: 'wdo', doinfo: [0, 1, 1] },
      { opr: 'read' },
      { opr: 'LoRaWTiming', interval: 60 },
      { opr: 'openone' },
      { opr: 'openone', io: 0 },
      { opr: 'open', io: 1 },
      { opr: 'open', password: '' },
      { opr: 'fly' },
      { io: 1 },
    ]) {
      expect(validate(sample), JSON.stringify(sample)).toBe(parseOperationRequest(sample).ok);
    }
  });

  it('matches real replies: catalogue, tree, records, the user, errors', async () => {
    const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
      h.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: token === null ? {} : bearer(token),
        ...(payload === undefined ? {} : { payload }),
      });
    const expectReply = async (
      status: number,
      method: Method,
      path: string,
      reply: Promise<LightMyRequestResponse>,
    ) => {
      const res = await reply;
      expect(res.statusCode, res.body).toBe(status);
      expectConforms(method, path, res);
      return res;
    };

    const types = await expectReply(
      200,
      'get',
      '/api/v1/equipment-types',
      send('GET', '/equipment-types', null),
    );
    const items = (types.json() as { items: { hostRole: string | null; attachesTo: string | null }[] }).items;
    // Both sides of the nullable enums occur.
    expect(items.some((t) => t.hostRole === null) && items.some((t) => t.hostRole !== null)).toBe(true);
    expect(items.some((t) => t.attachesTo === null) && items.some((t) => t.attachesTo !== null)).toBe(true);
    await expectReply(
      404,
      'get',
      '/api/v1/equipment-types/{type}',
      send('GET', '/equipment-types/NOPE', null),
    );
    await expectReply(200, 'get', '/api/v1/health', send('GET', '/health', null));

    await register(h, 'openapi-user');
    const session = await login(h, 'openapi-user');
    const token = session.accessToken;
    const team = (
      await expectReply(
        201,
        'post',
        '/api/v1/equipment',
        send('POST', '/equipment', token, {
          sn: 'OATEAM01',
          type: 'FL-JYTeam001',
          name: 'Team',
          group: 'Field',
        }),
      )
    ).json() as EquipmentReply;
    await expectReply(
      201,
      'post',
      '/api/v1/equipment/{id}/sub-devices',
      send('POST', `/equipment/${team.id}/sub-devices`, token, {
        address: 3,
        type: 'FL-LR4',
        name: 'Slave 3',
      }),
    );
    await send('POST', '/equipment', token, { sn: 'OARELAY1', type: 'FL-R8', name: 'Relay' });

    const tree = await expectReply(
      200,
      'get',
      '/api/v1/equipment/tree',
      send('GET', '/equipment/tree', token),
    );
    // The recursive part is exercised: a host with its sub-device.
    expect(tree.body).toContain('"name":"Slave 3"');
    await expectReply(200, 'get', '/api/v1/equipment/{id}', send('GET', `/equipment/${team.id}`, token));
    await expectReply(200, 'get', '/api/v1/equipment', send('GET', '/equipment', token));
    await expectReply(200, 'get', '/api/v1/equipment', send('GET', '/equipment?format=wire', token));

    await expectReply(
      200,
      'patch',
      '/api/v1/me',
      send('PATCH', '/me', token, { param: { consoleSettings: { theme: 'dark', rows: [1, { a: null }] } } }),
    );
    await expectReply(200, 'get', '/api/v1/me', send('GET', '/me', token));

    // Errors: listed statuses and the default.
    await expectReply(401, 'get', '/api/v1/equipment/tree', send('GET', '/equipment/tree', null));
    await expectReply(404, 'get', '/api/v1/equipment/{id}', send('GET', '/equipment/999999', token));
    await expectReply(400, 'get', '/api/v1/equipment/{id}', send('GET', '/equipment/abc', token));
    await expectReply(
      400,
      'post',
      '/api/v1/equipment/{id}/operations',
      send('POST', `/equipment/${team.id}/operations`, token, { opr: 'fly' }),
    );
    await expectReply(
      413,
      'patch',
      '/api/v1/me',
      send('PATCH', '/me', token, { param: { consoleSettings: { big: 'x'.repeat(1024 * 1024) } } }),
    );

    // A 204 has no content, as the document says.
    await expectReply(
      204,
      'post',
      '/api/v1/auth/logout',
      send('POST', '/auth/logout', null, { refreshToken: session.refreshToken }),
    );
  });
});
