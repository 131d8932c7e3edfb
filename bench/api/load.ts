/**
 * A closed-loop HTTP load generator: a fixed number of workers, each on its own keep-alive
 * connection, sends a request, waits for the whole reply, and sends the next. Requests completing
 * during the warm-up are not counted. Any reply other than 2xx fails the run.
 */
import http from 'node:http';

export interface Request {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Called with the reply body of a 2xx reply. */
  readonly onReply?: (body: string) => void;
}

export interface LoadOptions {
  readonly port: number;
  readonly connections: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** The i-th request of the run. */
  readonly next: (i: number) => Request;
}

export interface LoadResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly meanMs: number;
}

interface Reply {
  readonly status: number;
  readonly body: string;
}

function send(agent: http.Agent, port: number, request: Request): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(request.body);
    }
    const req = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

function failure(request: Request, reply: Reply): Error {
  return new Error(`${request.method} ${request.path} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
}

/** Runs the closed loop for warm-up plus duration; rejects at the first non-2xx reply. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const measureFrom = performance.now() + options.warmupMs;
  const stopAt = measureFrom + options.durationMs;
  let issued = 0;
  let counted = 0;
  let latencyMs = 0;
  let failed = false;

  async function worker(): Promise<void> {
    while (!failed && performance.now() < stopAt) {
      const request = options.next(issued++);
      const t0 = performance.now();
      const reply = await send(agent, options.port, request);
      const t1 = performance.now();
      if (reply.status < 200 || reply.status >= 300) {
        failed = true;
        throw failure(request, reply);
      }
      request.onReply?.(reply.body);
      if (t1 >= measureFrom && t1 <= stopAt) {
        counted++;
        latencyMs += t1 - t0;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    agent.destroy();
  }
  return {
    requests: counted,
    perSecond: counted / (options.durationMs / 1000),
    meanMs: counted === 0 ? 0 : latencyMs / counted,
  };
}

/** Sends every request once, `connections` at a time (untimed set-up work). */
export async function sendEach(
  port: number,
  connections: number,
  requests: readonly Request[],
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  async function worker(): Promise<void> {
    while (next < requests.length) {
      const request = requests[next++]!;
      const reply = await send(agent, port, request);
      if (reply.status < 200 || reply.status >= 300) throw failure(request, reply);
      request.onReply?.(reply.body);
    }
  }
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
}
