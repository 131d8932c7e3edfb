/**
 * Delivery of verification codes. Without an SMTP server every code goes to the server log, which
 * is how a single node or a development set-up is used; with `SMTP_URL` e-mail codes are mailed.
 * There is no SMS gateway yet, so phone codes always go to the log.
 */
import { mailOutletFromEnv } from '../mail/outlet.js';
import type { MailOutlet, MailTransport } from '../mail/outlet.js';
import type { VerificationPurpose } from '../storage/schema.js';

export interface CodeMessage {
  readonly channel: 'phone' | 'email';
  /** The phone number or e-mail address. */
  readonly target: string;
  readonly purpose: VerificationPurpose;
  readonly code: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

/** The log line operators look for: it names the target, the purpose and the code. */
export function codeLogLine(message: CodeMessage): string {
  return `verification code for ${message.target} (${message.purpose}): ${message.code}`;
}

export class LogCodeSender implements CodeSender {
  constructor(private readonly log: (line: string) => void) {}

  async send(message: CodeMessage): Promise<void> {
    this.log(codeLogLine(message));
  }
}

const SUBJECTS: Readonly<Record<VerificationPurpose, string>> = {
  register: 'Your Fieldlink registration code',
  recover: 'Your Fieldlink password recovery code',
  bind: 'Your Fieldlink account binding code',
};

/** Mails e-mail codes; phone codes go to `fallback`. */
export class MailCodeSender implements CodeSender {
  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly fallback: CodeSender,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    if (message.channel !== 'email') return this.fallback.send(message);
    await this.transport.sendMail({
      from: this.from,
      to: message.target,
      subject: SUBJECTS[message.purpose],
      text:
        `Your verification code is ${message.code}. It can be used once, until ` +
        `${new Date(message.expiresAt).toISOString().replace('T', ' ').slice(0, 16)} UTC.\n`,
    });
  }
}

/** The sender of an outlet: its SMTP transport, falling back to the log, or the log alone. */
export function codeSenderFor(outlet: MailOutlet, log: (line: string) => void): CodeSender {
  const logSender = new LogCodeSender(log);
  return outlet.kind === 'log' ? logSender : new MailCodeSender(outlet.transport, outlet.from, logSender);
}

/** The sender configured by `SMTP_URL` and `SMTP_FROM`, or the log sender when SMTP_URL is unset. */
export function codeSenderFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  log: (line: string) => void,
): CodeSender {
  return codeSenderFor(mailOutletFromEnv(env), log);
}
