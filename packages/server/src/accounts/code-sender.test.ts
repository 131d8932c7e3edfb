import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { codeLogLine, codeSenderFromEnv, LogCodeSender, MailCodeSender } from './code-sender.js';
import type { CodeMessage } from './code-sender.js';

const EXPIRES = Date.UTC(2026, 0, 5, 8, 10);
const phoneMessage: CodeMessage = {
  channel: 'phone',
  target: '13800000000',
  purpose: 'register',
  code: '123456',
  expiresAt: EXPIRES,
};
const mailMessage: CodeMessage = {
  ...phoneMessage,
  channel: 'email',
  target: 'ops@example.com',
  purpose: 'bind',
};

describe('code senders', () => {
  it('writes a log line naming the target, the purpose and the code', async () => {
    const lines: string[] = [];
    await new LogCodeSender((line) => lines.push(line)).send(phoneMessage);
    expect(lines).toEqual(['verification code for 13800000000 (register): 123456']);
    expect(codeLogLine(mailMessage)).toBe('verification code for ops@example.com (bind): 123456');
  });

  it('mails e-mail codes and logs phone codes', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: Parameters<typeof original>[0]) => {
      const info = await original(mail);
      sent.push(String((info as { message: unknown }).message));
      return info;
    }) as typeof transport.sendMail;
    const lines: string[] = [];
    const sender = new MailCodeSender(
      transport,
      'Fieldlink <no-reply@example.com>',
      new LogCodeSender((l) => lines.push(l)),
    );
    await sender.send(mailMessage);
    await sender.send(phoneMessage);
    expect(sent).toHaveLength(1);
    const mail = JSON.parse(sent[0]!) as {
      to: { address: string }[];
      from: { address: string };
      subject: string;
      text: string;
    };
    expect(mail.to[0]!.address).toBe('ops@example.com');
    expect(mail.from.address).toBe('no-reply@example.com');
    expect(mail.subject).toMatch(/binding/);
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('2026-01-05 08:10 UTC');
    expect(lines).toEqual(['verification code for 13800000000 (register): 123456']);
  });

  it('is configured by SMTP_URL and SMTP_FROM', () => {
    const log = () => {};
    expect(codeSenderFromEnv({}, log)).toBeInstanceOf(LogCodeSender);
    expect(codeSenderFromEnv({ SMTP_URL: ' ' }, log)).toBeInstanceOf(LogCodeSender);
    expect(
      codeSenderFromEnv({ SMTP_URL: 'smtp://mail.example.com:587', SMTP_FROM: 'no-reply@example.com' }, log),
    ).toBeInstanceOf(MailCodeSender);
    expect(() => codeSenderFromEnv({ SMTP_URL: 'smtp://mail.example.com' }, log)).toThrow(/SMTP_FROM/);
    expect(() => codeSenderFromEnv({ SMTP_URL: 'http://x', SMTP_FROM: 'a@b.c' }, log)).toThrow(/SMTP_URL/);
  });
});
