/**
 * An alarm mail through nodemailer to a real SMTP listener: a minimal server on loopback that
 * speaks enough of RFC 5321 (no TLS, no auth) to take one message and keep what it was given.
 */
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZonedTime } from '../history/time.js';
import { mailOutletFromEnv } from '../mail/outlet.js';
import { AlarmMailer } from './alarm-mailer.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpServer(): { server: Server; received: Received[] } {
  const received: Received[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let mail: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-localhost\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 not implemented');
      }
    });
  });
  return { server, received };
}

/** A quoted-printable body as text: soft line breaks joined, =XX bytes decoded (RFC 2045). */
function unquote(body: string): string {
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

describe('alarm mail over SMTP', () => {
  const { server, received } = smtpServer();
  let port = 0;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
  });

  it('delivers a group of alarms to the user’s address from SMTP_FROM and marks them sent', async () => {
    const marks: { ids: readonly number[]; state: string }[] = [];
    const mailer = new AlarmMailer({
      mark: async (ids, state) => {
        marks.push({ ids, state });
      },
      outlet: mailOutletFromEnv({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        SMTP_FROM: 'Fieldlink <alarms@fieldlink.test>',
      }),
      zone: new ZonedTime('UTC'),
      log: { info() {}, warn() {} },
    });
    const at = Date.UTC(2026, 0, 5, 8, 0, 0);
    mailer.add({ userId: 1, address: 'ops@example.com', language: 'en' }, 41, {
      at,
      equipmentName: 'Tank',
      unid: 'R8000001',
      channel: 'AI1',
      line: 'AI1 Level above the upper limit 80: 92.5 %',
    });
    mailer.add({ userId: 1, address: 'ops@example.com', language: 'en' }, 42, {
      at: at + 1000,
      equipmentName: 'Tank',
      unid: 'R8000001',
      channel: 'DI2',
      line: 'DI2 Door in alarm',
    });
    // Closing sends what is held at once, rather than after the grouping window.
    await mailer.close();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('alarms@fieldlink.test');
    expect(mail!.to).toEqual(['ops@example.com']);
    expect(mail!.data).toMatch(/^Subject: 2 alarms on your equipment$/m);
    expect(mail!.data).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    const text = unquote(mail!.data.slice(mail!.data.indexOf('\r\n\r\n') + 4));
    expect(text).toContain(
      '2026-01-05 08:00:00  Tank (R8000001)  AI1 Level above the upper limit 80: 92.5 %',
    );
    expect(text).toContain('2026-01-05 08:00:01  Tank (R8000001)  DI2 Door in alarm');
    expect(marks).toEqual([{ ids: [41, 42], state: 'sent' }]);
  });
});
