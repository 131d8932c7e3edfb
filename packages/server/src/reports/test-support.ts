/** What the report tests share: a transport that keeps mails, and reading a report's spreadsheet. */
import { strFromU8, unzipSync } from 'fflate';
import type { MailAttachment, MailOutlet, MailTransport } from '../mail/outlet.js';

export interface KeptMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: MailAttachment[];
}

/** A transport that keeps every mail it is given, or refuses them while `failing`. */
export class Outbox implements MailTransport {
  readonly mails: KeptMail[] = [];
  failing = false;

  async sendMail(mail: KeptMail): Promise<unknown> {
    if (this.failing) throw new Error('the mail server is down');
    this.mails.push(mail);
    return {};
  }

  get outlet(): MailOutlet {
    return { kind: 'smtp', transport: this, from: 'Fieldlink <reports@fieldlink.test>' };
  }
}

/**
 * The cells of a report workbook's sheet, row by row: text as text, numbers as numbers, empty
 * cells left out (so a row is its cells in order).
 */
export function sheetRows(file: Uint8Array): (string | number)[][] {
  const files = unzipSync(file);
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  return [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((row) =>
    [
      ...row[1]!.matchAll(
        /<c r="[A-Z]+\d+"(?: t="inlineStr")?>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g,
      ),
    ].map((cell) => (cell[2] === undefined ? unescape(cell[1]!) : Number(cell[2]))),
  );
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The sheet's name in the workbook. */
export function sheetName(file: Uint8Array): string {
  const workbook = strFromU8(unzipSync(file)['xl/workbook.xml']!);
  return /<sheet name="([^"]*)"/.exec(workbook)?.[1] ?? '';
}
