/**
 * The DTU listener's thread (started by DtuListener): it accepts the DTUs' connections and holds
 * every registered link, a ModbusRtuLink over its socket, so the sockets' writes and reads, the
 * RTU framing, heartbeats, timeouts and retries all run here. A connection's first packet is
 * parsed here as its registration, which goes to the main thread to be checked against the store
 * and accepted or refused; the main thread's requests come back answered. Messages both ways are batched, one array per turn of the event
 * loop (dtu-thread-messages.ts).
 */
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { REGISTRATION_QUIET_MS, RegistrationReader } from './registration.js';
import type { RegistrationFormat, RegistrationResult } from './registration.js';
import type { DtuThreadData, FromThread, ToThread, WireRegistration } from './dtu-thread-messages.js';
import { Outbox, statsToWire, wireError } from './dtu-thread-messages.js';
import { ModbusRtuLink } from './rtu-link.js';

const port = parentPort;
if (!port) throw new Error('dtu-thread runs as a worker thread');
const data = workerData as DtuThreadData;
const heartbeat = Buffer.from(data.heartbeat, 'latin1');
const registrationFormat: RegistrationFormat = { ...data.registration, heartbeat };

/**
 * Connections waiting to be accepted, at most. Thousands of devices redial together after an
 * outage: a deep queue (the kernel caps it at net.core.somaxconn) spares them a refusal and a
 * back-off.
 */
const LISTEN_BACKLOG = 4096;

const outbox = new Outbox<FromThread>((batch) => port.postMessage(batch));
const post = (message: FromThread): void => outbox.push(message);

interface Connection {
  readonly socket: Socket;
  readonly remote: string;
  /** The bytes after the registration packet's serial, kept until the link starts. */
  rest: Uint8Array;
  link: ModbusRtuLink | undefined;
}

const connections = new Map<number, Connection>();
let nextConn = 1;
let stopping = false;

const server = createServer({ noDelay: true }, (socket) => {
  if (stopping) {
    socket.destroy();
    return;
  }
  const conn = nextConn++;
  const remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
  // A reset before registration is not worth a log line; after it, the link reports errors.
  socket.on('error', () => {});
  const timer = setTimeout(() => {
    post({ t: 'silent', remote });
    socket.destroy();
  }, data.registrationTimeoutMs);
  socket.once('close', () => {
    clearTimeout(timer);
    const connection = connections.get(conn);
    // A connection still being checked: the main thread hears of it when it answers.
    if (connection && !connection.link) connections.delete(conn);
  });
  // The registration may come in pieces, end with a terminator or with a quiet line.
  const reader = new RegistrationReader(registrationFormat);
  let quiet: NodeJS.Timeout | undefined;
  const registered = (parsed: RegistrationResult): void => {
    clearTimeout(timer);
    clearTimeout(quiet);
    socket.off('data', onData);
    // Whatever comes next waits in the socket until the link takes it.
    socket.pause();
    connections.set(conn, {
      socket,
      remote,
      rest: parsed.ok ? parsed.rest : new Uint8Array(0),
      link: undefined,
    });
    const registration: WireRegistration = parsed.ok
      ? { ok: true, serial: parsed.serial, secret: parsed.secret }
      : parsed;
    post({ t: 'hello', conn, remote, registration });
  };
  const onData = (chunk: Buffer): void => {
    clearTimeout(quiet);
    const step = reader.push(chunk);
    if (step.kind === 'done') {
      registered(step.result);
      return;
    }
    quiet = setTimeout(() => {
      const parsed = reader.quiet();
      if (parsed) registered(parsed);
    }, REGISTRATION_QUIET_MS);
  };
  socket.on('data', onData);
  socket.once('close', () => clearTimeout(quiet));
});

function accept(conn: number): void {
  const connection = connections.get(conn);
  if (!connection || connection.socket.destroyed || stopping) {
    connection?.socket.destroy();
    connections.delete(conn);
    post({ t: 'gone', conn });
    return;
  }
  const link = new ModbusRtuLink(connection.socket, { ...data.link, heartbeat, initial: connection.rest });
  connection.rest = new Uint8Array(0);
  if (link.closed) {
    connections.delete(conn);
    post({ t: 'gone', conn });
    return;
  }
  connection.link = link;
  link.once('close', (reason) => {
    connections.delete(conn);
    post({ t: 'closed', conn, reason, error: link.error?.message, stats: statsToWire(link.stats) });
  });
}

function handle(message: ToThread): void {
  switch (message.t) {
    case 'request': {
      const link = connections.get(message.conn)?.link;
      if (!link) {
        // Closed here already: its 'closed' message is on its way, or was sent.
        post({
          t: 'failed',
          conn: message.conn,
          id: message.id,
          error: { kind: 'closed', reason: 'disconnected' },
          stats: [],
        });
        return;
      }
      link.request(message.slave, message.request, message.options).then(
        (reply) =>
          post({ t: 'reply', conn: message.conn, id: message.id, reply, stats: statsToWire(link.stats) }),
        (error: unknown) =>
          post({
            t: 'failed',
            conn: message.conn,
            id: message.id,
            error: wireError(error),
            stats: statsToWire(link.stats),
          }),
      );
      return;
    }
    case 'accept':
      accept(message.conn);
      return;
    case 'refuse': {
      connections.get(message.conn)?.socket.destroy();
      connections.delete(message.conn);
      return;
    }
    case 'close':
      connections.get(message.conn)?.link?.close(message.reason);
      return;
    case 'listen':
      server.once('error', (error: NodeJS.ErrnoException) =>
        post({ t: 'listen-failed', message: error.message, code: error.code }),
      );
      server.listen({ port: message.port, host: message.host, backlog: LISTEN_BACKLOG }, () => {
        const address = server.address();
        post({ t: 'listening', port: typeof address === 'object' && address ? address.port : message.port });
      });
      return;
    case 'stop':
      stopping = true;
      server.close();
      for (const connection of connections.values()) {
        if (connection.link) connection.link.close('shutdown');
        else connection.socket.destroy();
      }
      post({ t: 'stopped' });
      return;
  }
}

port.on('message', (batch: readonly ToThread[]) => {
  for (const message of batch) handle(message);
});
