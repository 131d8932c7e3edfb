/**
 * How the server logs: one format per run, and requests at debug. Fastify's own request log (two
 * JSON lines at info for every request) is off; each request is one `request` line at debug with
 * method, URL, status and time, so `LOG_LEVEL=debug` shows the traffic and `info` shows what
 * happens. The format is `LOG_FORMAT`: `json` (one JSON document a line, for collectors), `pretty`
 * (readable lines, pino-pretty), or by default `pretty` when the output is a terminal, else `json`.
 */
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

export type LogFormat = 'json' | 'pretty';

/** The format `LOG_FORMAT` asks for, or the one that suits where the output goes. */
export function logFormatOf(raw: string | undefined, isTerminal: boolean): LogFormat {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === 'json' || value === 'pretty') return value;
  if (value !== '') throw new Error(`LOG_FORMAT must be json or pretty, got '${raw}'`);
  return isTerminal ? 'pretty' : 'json';
}

/** Fastify's logger option for a level (false: none) and a format. */
export function loggerOptions(level: string | false, format: LogFormat): FastifyServerOptions['logger'] {
  if (level === false) return false;
  if (format === 'json') return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

/**
 * Fastify's request log (its `logController` option): nothing when a request comes in, one
 * `request` line at debug when it is answered; a request that failed and errors Fastify handles
 * itself are logged as Fastify does (at error).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
