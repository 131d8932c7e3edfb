/** A browser's end of the live channel, for tests: it keeps what arrives and can wait for a kind. */
import type { ServerMessage } from '@fieldlink/protocol';
import WebSocket from 'ws';
import type { LiveSocket } from './hub.js';

export class Browser {
  readonly received: ServerMessage[] = [];
  /** Settles when the socket closes, with the code and reason the server gave. */
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  static async open(url: string): Promise<Browser> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Browser(ws);
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message of that kind (and matching `where`) received, or the next to come. */
  next(
    infotype: string,
    timeoutMs = 2000,
    where: (m: ServerMessage) => boolean = () => true,
  ): Promise<ServerMessage> {
    const seen = this.received.findIndex((m) => m.infotype === infotype && where(m));
    if (seen >= 0) return Promise.resolve(this.received.splice(seen, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${infotype} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: (m) => m.infotype === infotype && where(m),
        resolve: (m) => {
          clearTimeout(timer);
          this.received.splice(this.received.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** An upgrade the server refused: its HTTP status and body. */
export function refusedUpgrade(url: string): Promise<{ status: number; body: string }> {
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

/** Resolves once `condition` holds, checked every few milliseconds, or rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A live socket held by the hub in tests: it keeps the messages sent to it, parsed. */
export class RecordingSocket implements LiveSocket {
  readonly sent: ServerMessage[] = [];
  bufferedAmount = 0;
  closed: { code?: number | undefined; reason?: string | undefined } | null = null;
  send(text: string): void {
    this.sent.push(JSON.parse(text) as ServerMessage);
  }
  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
  }
  /** The messages of one kind sent so far. */
  of<K extends ServerMessage['infotype']>(kind: K): Extract<ServerMessage, { infotype: K }>[] {
    return this.sent.filter((m): m is Extract<ServerMessage, { infotype: K }> => m.infotype === kind);
  }
}
