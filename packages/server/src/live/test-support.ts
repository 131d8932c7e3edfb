/** A browser's end of the live channel, for tests: it keeps what arrives and can wait for a kind. */
import type { ServerMessage } from '@fieldlink/protocol';
import WebSocket from 'ws';

export class Browser {
  readonly received: ServerMessage[] = [];
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private constructor(readonly ws: WebSocket) {
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
