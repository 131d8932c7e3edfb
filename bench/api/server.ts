/**
 * The server under test, run in a process of its own so the load generator does not share its
 * event loop. Takes one JSON argument (a ServerConfig) and serves either the real application on a
 * seeded database or a bare Fastify route answering a fixed JSON document from memory. Prints
 * `listening <port>` once ready; closes and exits when its standard input ends.
 *
 *   node --conditions=source --import tsx bench/api/server.ts '{"kind":"bare",…}'
 */
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { buildApp, openStorage } from '@fieldlink/server';
import type { Storage } from '@fieldlink/server';

export type ServerConfig =
  | {
      readonly kind: 'app';
      readonly dataDir: string;
      readonly databaseUrl?: string;
      readonly schema?: string;
      /** The access-token key, base64. */
      readonly jwtKey: string;
      /** Security headers on every reply (the default); false to measure what they cost. */
      readonly securityHeaders?: boolean;
    }
  | {
      readonly kind: 'bare';
      /** The route it answers (GET). */
      readonly path: string;
      /** A file holding the JSON document every request is answered with. */
      readonly bodyFile: string;
    };

async function start(config: ServerConfig): Promise<{ app: FastifyInstance; storage?: Storage }> {
  if (config.kind === 'bare') {
    const body: unknown = JSON.parse(await readFile(config.bodyFile, 'utf8'));
    const app = Fastify({ logger: false });
    app.get(config.path, async () => body);
    return { app };
  }
  const storage = await openStorage({
    dataDir: config.dataDir,
    ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
    ...(config.schema === undefined ? {} : { schema: config.schema }),
  });
  const jwtKey = new Uint8Array(Buffer.from(config.jwtKey, 'base64'));
  const securityHeaders = config.securityHeaders ?? true;
  return { app: await buildApp({ storage, secrets: { jwtKey }, logLevel: false, securityHeaders }), storage };
}

const config = JSON.parse(process.argv[2] ?? 'null') as ServerConfig | null;
if (config === null) throw new Error('usage: server.ts <ServerConfig as JSON>');
const { app, storage } = await start(config);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
process.stdout.write(`listening ${address.port}\n`);

process.stdin.resume();
process.stdin.on('end', () => {
  void (async () => {
    await app.close();
    await storage?.close();
    process.exit(0);
  })();
});
