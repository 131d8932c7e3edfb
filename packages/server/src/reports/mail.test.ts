/** A report's mail in each language, its limits, and the attachment as nodemailer writes it. */
import type { Report } from '@fieldlink/protocol';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { ZonedTime } from '../history/time.js';
import { deliverReport, MAIL_DEVICES, reportMail } from './mail.js';
import { sheetRows } from './test-support.js';
import { reportFileName, reportWorkbook } from './workbook.js';

const ZONE = new ZonedTime('Asia/Shanghai');
const HOUR = 3_600_000;

function report(over: Partial<Report> = {}): Report {
  return {
    period: 'daily',
    from: '2026-01-03T16:00:00.000Z',
    to: '2026-01-04T16:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    partial: false,
    generatedAt: '2026-01-05T00:00:00.000Z',
    devices: [
      {
        id: 1,
        name: 'Pump house',
        unid: 'R8000001',
        onlineMs: 18 * HOUR,
        uptime: 0.75,
        alarms: 3,
        channels: [
          { channel: 'AI1', name: 'Level', unit: 'm', min: 0.5, max: 4.25, avg: 2.123456, samples: 40 },
          { channel: 'AI2', name: 'AI2', unit: '', min: null, max: null, avg: null, samples: 0 },
        ],
      },
    ],
    totals: { devices: 1, onlineMs: 18 * HOUR, uptime: 0.75, alarms: 3, samples: 40 },
    omitted: { devices: 0, channels: 0 },
    ...over,
  };
}

describe('report mails', () => {
  it('sum up the period, each device and its channels in the user’s language', () => {
    const en = reportMail(report(), 'en', ZONE, 'fieldlink-report-daily-2026-01-04.xlsx');
    expect(en.subject).toBe('Daily report 2026-01-04: 1 devices, 3 alarms');
    expect(en.text.split('\n')).toEqual([
      'Report of your devices from 2026-01-04 00:00 to 2026-01-05 00:00 (Asia/Shanghai)',
      'Devices: 1   Average uptime: 75%   Alarms: 3',
      '',
      'Pump house (R8000001): online 18 h (75%), 3 alarms',
      '    AI1 Level: min 0.5 m, max 4.25 m, average 2.123 m',
      '    AI2: min no value, max no value, average no value',
      '',
      'The whole report is attached as a spreadsheet (fieldlink-report-daily-2026-01-04.xlsx).',
      '',
      expect.stringMatching(/^You get this mail because automatic reports are on/),
      '',
    ]);
    const zh = reportMail(report(), 'zh', ZONE, 'f.xlsx');
    expect(zh.subject).toBe('日报 2026-01-04：1 台设备，3 条报警');
    expect(zh.text).toContain('Pump house（R8000001）：在线 18 小时（75%），报警 3 条');
    expect(zh.text).toContain('    AI1 Level：最小 0.5 m，最大 4.25 m，平均 2.123 m');
    const tc = reportMail(report({ period: 'weekly', to: '2026-01-10T16:00:00.000Z' }), 'tc', ZONE, 'f.xlsx');
    expect(tc.subject).toBe('週報 2026-01-04 至 2026-01-10：1 台設備，3 條報警');
    expect(tc.text).toContain('AI2：最小 無數據');
  });

  it('list at most thirty devices, note what the limits left out, and mark a period not over', () => {
    const many = report({
      devices: Array.from({ length: MAIL_DEVICES + 2 }, (_, i) => ({
        ...report().devices[0]!,
        id: i + 1,
        name: `D${i}`,
      })),
      omitted: { devices: 5, channels: 2 },
      partial: true,
      to: '2026-01-04T08:00:00.000Z',
    });
    const mail = reportMail(many, 'en', ZONE, 'f.xlsx');
    expect(mail.subject).toBe('Daily report 2026-01-04: 1 devices, 3 alarms (so far)');
    expect(mail.text).toContain(`D${MAIL_DEVICES - 1} (R8000001)`);
    expect(mail.text).not.toContain(`D${MAIL_DEVICES} (R8000001)`);
    expect(mail.text).toContain('… and 2 more devices: see the attached spreadsheet');
    expect(mail.text).toContain('5 devices were left out (a report holds at most 200).');
    expect(mail.text).toContain('2 channels were left out (at most 8 per device, or no longer on it).');
    expect(reportFileName(many, ZONE)).toBe('fieldlink-report-daily-2026-01-04-so-far.xlsx');
  });

  it('go through nodemailer with the spreadsheet as an attachment', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    let message = '';
    const recording = {
      async sendMail(mail: Parameters<typeof transport.sendMail>[0]) {
        const info = (await transport.sendMail(mail)) as { message: Buffer };
        message = info.message.toString('utf8').replace(/\r\n/g, '\n');
        return info;
      },
    };
    const content = await reportWorkbook(report(), 'en', ZONE);
    expect(sheetRows(new Uint8Array(content))[1]).toEqual([
      'Pump house',
      'R8000001',
      18,
      75,
      3,
      'AI1',
      'Level',
      'm',
      0.5,
      4.25,
      2.123456,
      40,
    ]);
    await deliverReport(
      { kind: 'smtp', transport: recording, from: 'reports@fieldlink.test' },
      { info() {} },
      'ops@example.com',
      reportMail(report(), 'en', ZONE, 'r.xlsx'),
      { name: 'r.xlsx', content },
    );
    expect(message).toMatch(/^Subject: Daily report 2026-01-04: 1 devices, 3 alarms$/m);
    expect(message).toMatch(/^Content-Type: multipart\/mixed;/m);
    // Long headers are folded.
    expect(message).toMatch(
      /^Content-Type:\s+application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet;\s+name=r\.xlsx$/m,
    );
    expect(message).toMatch(/^Content-Disposition: attachment; filename=r\.xlsx$/m);
    expect(message).toMatch(/^Content-Transfer-Encoding: base64$/m);
    const part = message.slice(message.indexOf('filename=r.xlsx'));
    const base64 = part.slice(part.indexOf('\n\n') + 2, part.indexOf('\n----'));
    expect(Buffer.from(base64.replace(/\n/g, ''), 'base64').equals(content)).toBe(true);
  });
});
