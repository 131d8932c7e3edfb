/**
 * What the diagram-link tests share: users, boards and projects made through the real API, and a
 * second app on the same store that holds only the link routes, with its own log, bounds and
 * check interval (the full app takes neither), to stream from over a real socket.
 */
import { Writable } from 'node:stream';
import { DIAGRAM_FORMAT, DIAGRAM_VERSION } from '@fieldlink/protocol';
import Fastify from 'fastify';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expect } from 'vitest';
import { installAuthentication } from '../accounts/authenticate.js';
import { login, register, sendAs } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import { createDatabaseBlobStore } from '../files/blob-store/database.js';
import { DEFAULT_FILE_LIMITS, FileStore } from '../files/store.js';
import { installErrorHandling } from '../http/error-handler.js';
import { RequestLog } from '../http/request-log.js';
import { LiveHub } from '../live/hub.js';
import { diagramLinksPlugin } from './links.js';
import type { LinkLimits } from './links-limits.js';

export interface TestUser {
  readonly id: number;
  readonly token: string;
}

let users = 0;

export async function newUser(h: AccountsHarness, role: string): Promise<TestUser> {
  users += 1;
  const name = `link-${role}-${users}`;
  const { id } = await register(h, name);
  return { id, token: (await login(h, name)).accessToken };
}

export function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 ? null : res.json()) as T;
}

let boards = 0;

/** A new FL-R8 (8 DO, 8 DI, 2 AI) of `user`. */
export async function newBoard(h: AccountsHarness, user: TestUser): Promise<{ id: number; unid: string }> {
  boards += 1;
  const sn = `LK${String(boards).padStart(6, '0')}${Math.floor(Math.random() * 90 + 10)}`;
  const made = ok<{ id: number; unid: string }>(
    await sendAs(h.app, 'POST', '/equipment', user.token, { sn, type: 'FL-R8', name: `Board ${sn}` }),
    201,
  );
  return { id: made.id, unid: made.unid };
}

/** A document drawing a lamp on DO5 and a value of AI1 of each board. */
export function documentDrawing(...equipmentIds: number[]) {
  return {
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: { width: 800, height: 600, background: {}, grid: {} },
    widgets: equipmentIds.flatMap((equipmentId) => [
      {
        id: `lamp-${equipmentId}`,
        kind: 'lamp',
        x: 10,
        y: 10,
        width: 40,
        height: 40,
        binding: { equipmentId, channel: { kind: 'do', index: 5 } },
      },
      {
        id: `level-${equipmentId}`,
        kind: 'value',
        x: 100,
        y: 10,
        width: 100,
        height: 40,
        binding: { equipmentId, channel: { kind: 'ai', index: 1 } },
      },
    ]),
  };
}

export async function newProject(
  h: AccountsHarness,
  user: TestUser,
  equipmentIds: number[],
  kind: 'svg' | '3d' = 'svg',
): Promise<{ id: string; revision: number }> {
  return ok(
    await sendAs(h.app, 'POST', '/diagrams', user.token, {
      name: 'Pump house',
      kind,
      document: documentDrawing(...equipmentIds),
    }),
    201,
  );
}

export interface CreatedLink {
  readonly id: number;
  readonly token: string;
  readonly url: string;
}

export async function newLink(
  h: AccountsHarness,
  user: TestUser,
  projectId: string,
  body: { label?: string; expiresAt?: string | null } = {},
): Promise<CreatedLink> {
  return ok(
    await sendAs(h.app, 'POST', `/diagrams/${projectId}/links`, user.token, { label: 'Lobby', ...body }),
    201,
  );
}

export interface LinksApp {
  readonly app: FastifyInstance;
  /** Every line it logged, parsed. */
  readonly lines: Record<string, unknown>[];
}

/** An app of the link routes alone on the harness's store, logging at debug into `lines`. */
export async function linksApp(
  h: AccountsHarness,
  options: { limits?: LinkLimits; recheckMs?: number } = {},
): Promise<LinksApp> {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'debug', stream },
    logController: new RequestLog(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const db = h.storage.db;
  installAuthentication(app, { db, jwtKey: h.jwtKey, now: h.clock.now });
  app.decorate('live', new LiveHub());
  app.decorate('fileStore', new FileStore(db, createDatabaseBlobStore(db), DEFAULT_FILE_LIMITS, h.clock.now));
  await app.register(diagramLinksPlugin, {
    prefix: '/api/v1',
    db,
    now: h.clock.now,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.recheckMs ? { recheckMs: options.recheckMs } : {}),
  });
  await app.ready();
  return { app, lines };
}
