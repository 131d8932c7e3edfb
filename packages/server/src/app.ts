/**
 * The HTTP entry point as it stands today: a health endpoint over the embedded store, and the
 * JSON error shape every route will share. Accounts, equipment and the device link arrive as
 * domain plugins on top of this.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PAGE_TYPE_NAMES, RULE_KINDS } from '@fieldlink/protocol';
import type { ServerConfig } from './config.js';

export interface App {
  readonly server: Server;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function createApp(config: ServerConfig): App {
  mkdirSync(config.dataDir, { recursive: true });
  const db = new Database(join(config.dataDir, 'fieldlink.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/api/v1/health') {
      const row = db.prepare('select sqlite_version() as version').get() as { version: string };
      sendJson(res, 200, {
        status: 'ok',
        storage: { kind: 'sqlite', version: row.version },
        protocol: { ruleKinds: Object.keys(RULE_KINDS).length, pageTypes: PAGE_TYPE_NAMES.length },
      });
      return;
    }
    sendJson(res, 404, {
      error: { code: 'not_found', message: `no route for ${req.method} ${url.pathname}` },
    });
  });

  return {
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => {
          db.close();
          if (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(err);
          else resolve();
        });
      }),
  };
}
