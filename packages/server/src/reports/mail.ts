/**
 * A report's mail: a subject naming the period, devices and alarms; a plain-text summary in the
 * user's language (the totals, then each device with its channels, at most MAIL_DEVICES of them);
 * and the spreadsheet attached. Sent through the server's mail outlet (mail/outlet.ts), or written
 * to the log when SMTP is not configured.
 */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import type { Report, ReportChannelStats } from '@fieldlink/protocol';
import type { ZonedTime } from '../history/time.js';
import type { MailOutlet } from '../mail/outlet.js';
import { formatNumber } from '../notices/mail-text.js';
import type { MailLanguage } from '../notices/mail-text.js';
import { dateText, hoursOf, minuteText, percentOf, XLSX_TYPE } from './workbook.js';
import { fill, REPORT_WORDS } from './words.js';

/** Devices listed in the mail's text; the spreadsheet holds them all. */
export const MAIL_DEVICES = 30;

export interface ReportMail {
  readonly subject: string;
  readonly text: string;
}

function valueText(value: number | null, unit: string, none: string): string {
  if (value === null) return none;
  return unit === '' ? formatNumber(value) : `${formatNumber(value)} ${unit}`;
}

function channelLine(ch: ReportChannelStats, template: string, none: string): string {
  const name = ch.name.trim();
  const channel = name === '' || name === ch.channel ? ch.channel : `${ch.channel} ${name}`;
  return fill(template, {
    channel,
    min: valueText(ch.min, ch.unit, none),
    max: valueText(ch.max, ch.unit, none),
    avg: valueText(ch.avg, ch.unit, none),
  });
}

const percentText = (ratio: number): string => `${percentOf(ratio)}%`;

export function reportMail(
  report: Report,
  language: MailLanguage,
  zone: ZonedTime,
  fileName: string,
): ReportMail {
  const words = REPORT_WORDS[language];
  const from = Date.parse(report.from);
  const to = Date.parse(report.to);
  const { devices, alarms } = report.totals;
  const counts = { devices, alarms };
  const subject =
    report.period === 'daily'
      ? fill(words.subjectDaily, { ...counts, date: dateText(from, zone) })
      : fill(words.subjectWeekly, {
          ...counts,
          from: dateText(from, zone),
          to: dateText(report.partial ? to : to - 1, zone),
        });
  const lines = [
    fill(words.heading, { from: minuteText(from, zone), to: minuteText(to, zone), zone: report.timeZone }),
    fill(words.totals, { devices, alarms, uptime: percentText(report.totals.uptime) }),
    '',
  ];
  for (const d of report.devices.slice(0, MAIL_DEVICES)) {
    lines.push(
      fill(words.device, {
        name: d.name,
        unid: d.unid,
        hours: formatNumber(hoursOf(d.onlineMs)),
        uptime: percentText(d.uptime),
        alarms: d.alarms,
      }),
    );
    for (const ch of d.channels) lines.push(channelLine(ch, words.channel, words.noValue));
  }
  const more = report.devices.length - MAIL_DEVICES;
  if (more > 0) lines.push(fill(words.more, { count: more }));
  if (report.omitted.devices > 0) {
    lines.push(fill(words.omittedDevices, { count: report.omitted.devices, limit: REPORT_LIMITS.devices }));
  }
  if (report.omitted.channels > 0) {
    lines.push(
      fill(words.omittedChannels, {
        count: report.omitted.channels,
        limit: REPORT_LIMITS.channelsPerDevice,
      }),
    );
  }
  lines.push('', fill(words.attached, { file: fileName }), '', words.why, '');
  return { subject: `${subject}${report.partial ? words.soFar : ''}`.slice(0, 200), text: lines.join('\n') };
}

export interface ReportMailLog {
  info(details: object, message: string): void;
}

/** Mails the report with its spreadsheet; with the log outlet, a line in the log instead. */
export async function deliverReport(
  outlet: MailOutlet,
  log: ReportMailLog,
  to: string,
  mail: ReportMail,
  file: { readonly name: string; readonly content: Buffer },
): Promise<void> {
  if (outlet.kind === 'log') {
    log.info(
      { to, subject: mail.subject, attachment: file.name, bytes: file.content.length },
      `report mail to ${to}: ${mail.subject} (${file.name}, ${file.content.length} bytes)`,
    );
    return;
  }
  await outlet.transport.sendMail({
    from: outlet.from,
    to,
    subject: mail.subject,
    text: mail.text,
    attachments: [{ filename: file.name, content: file.content, contentType: XLSX_TYPE }],
  });
}
