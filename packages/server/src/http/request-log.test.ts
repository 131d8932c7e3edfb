/** The log's format and the one request line at debug. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRequestLog, loggerOptions, logFormatOf } from './request-log.js';

describe('server log', () => {
  it('is pretty on a terminal and JSON elsewhere unless LOG_FORMAT says, and refuses other formats', () => {
    expect(logFormatOf(undefined, true)).toBe('pretty');
    expect(logFormatOf(undefined, false)).toBe('json');
    expect(logFormatOf(' JSON ', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
    expect(() => logFormatOf('text', false)).toThrow(/LOG_FORMAT/);
    expect(loggerOptions(false, 'pretty')).toBe(false);
    expect(loggerOptions('info', 'json')).toEqual({ level: 'info' });
    expect(loggerOptions('info', 'pretty')).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty' },
    });
  });

  it('logs each request as one line at debug, and none at info', async () => {
    for (const level of ['debug', 'info']) {
      const lines: Record<string, unknown>[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean))
            lines.push(JSON.parse(line) as never);
          done();
        },
      });
      const app = Fastify({ logger: { level, stream }, disableRequestLogging: true });
      installRequestLog(app);
      app.get('/x', async () => ({ ok: true }));
      await app.inject({ method: 'GET', url: '/x?y=1' });
      await app.close();
      const requests = lines.filter((l) => l.msg === 'request');
      if (level === 'debug') {
        expect(requests).toHaveLength(1);
        expect(requests[0]).toMatchObject({ level: 20, method: 'GET', url: '/x?y=1', status: 200 });
        expect(typeof requests[0]!.ms).toBe('number');
      }
      expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
      if (level === 'info') expect(requests).toEqual([]);
    }
  });
});
