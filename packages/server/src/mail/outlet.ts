/**
 * Where the server's e-mails go (verification codes, alarm mails, reports): an SMTP transport from
 * `SMTP_URL` with the sender `SMTP_FROM`, or the log when SMTP_URL is unset (a single node or a
 * development set-up; docs/operations.md § E-mail). One reading of the settings for every mail.
 */
import nodemailer from 'nodemailer';

/** A file sent with a mail (a report's spreadsheet), in nodemailer's terms. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What the mailers need of a nodemailer transport; mails without files leave `attachments` out. */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
}

/** An SMTP transport and its sender address, or the log. */
export type MailOutlet =
  | { readonly kind: 'smtp'; readonly transport: MailTransport; readonly from: string }
  | { readonly kind: 'log' };

/** The outlet SMTP_URL and SMTP_FROM configure, or the log without SMTP_URL; a bad setting throws. */
export function mailOutletFromEnv(env: Readonly<Record<string, string | undefined>>): MailOutlet {
  const url = env.SMTP_URL?.trim();
  if (!url) return { kind: 'log' };
  if (!/^smtps?:\/\//.test(url)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  const from = env.SMTP_FROM?.trim();
  if (!from) throw new Error('SMTP_FROM must be set when SMTP_URL is set (the sender address of e-mails)');
  return { kind: 'smtp', transport: nodemailer.createTransport(url), from };
}
