/** The log's format and the one request line at debug. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, logFormatOf, RequestLog } from './request-log.js';

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

  it('logs each request as one line at debug, none at info, and failures at error', async () => {
    for (const level of ['debug', 'info']) {
      const lines: Record<string, unknown>[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean))
            lines.push(JSON.parse(line) as never);
          done();
        },
      });
      const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
      app.get('/x', async () => ({ ok: true }));
      app.get('/boom', async () => {
        throw new Error('it broke');
      });
      await app.inject({ method: 'GET', url: '/x?y=1' });
      await app.inject({ method: 'GET', url: '/boom' });
      await app.close();
      const requests = lines.filter((l) => l.msg === 'request');
      if (level === 'debug') {
        expect(requests.filter((r) => r.url === '/x?y=1')).toHaveLength(1);
        const x = requests.find((r) => r.url === '/x?y=1');
        expect(x).toMatchObject({ level: 20, method: 'GET', status: 200 });
        expect(typeof x?.ms).toBe('number');
      }
      expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
      // A failure is still logged at error, whatever the level.
      expect(lines.some((l) => l.level === 50 && l.msg === 'it broke')).toBe(true);
      if (level === 'info') expect(requests).toEqual([]);
    }
  });
});
