/**
 * A report as a spreadsheet (history/xlsx.ts): one row per device and channel (a device without
 * channels has one row), the device's columns repeated so the sheet filters and sorts, then the
 * total, the period and its zone, and what the limits left out. Headers in the user's language.
 */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import type { Report } from '@fieldlink/protocol';
import type { ZonedTime } from '../history/time.js';
import { xlsxChunks } from '../history/xlsx.js';
import type { Cell } from '../history/xlsx.js';
import type { MailLanguage } from '../notices/mail-text.js';
import { fill, REPORT_WORDS } from './words.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const HOUR_MS = 3_600_000;
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** Online hours to two decimals. */
export const hoursOf = (ms: number): number => round(ms / HOUR_MS, 2);
/** Uptime in percent, to one decimal. */
export const percentOf = (ratio: number): number => round(ratio * 100, 1);

/** 'yyyy-MM-dd HH:mm' in the zone. */
export const minuteText = (ms: number, zone: ZonedTime): string => zone.format(ms).slice(0, 16);
/** 'yyyy-MM-dd' in the zone. */
export const dateText = (ms: number, zone: ZonedTime): string => zone.format(ms).slice(0, 10);

/** The header and rows of the report's sheet. */
export function reportSheet(
  report: Report,
  language: MailLanguage,
  zone: ZonedTime,
): { header: string[]; rows: Cell[][] } {
  const words = REPORT_WORDS[language];
  const c = words.columns;
  const header = [
    c.device,
    c.serial,
    c.onlineHours,
    c.uptime,
    c.alarms,
    c.channel,
    c.name,
    c.unit,
    c.min,
    c.max,
    c.avg,
    c.samples,
  ];
  const pad = (cells: Cell[]): Cell[] => [...cells, ...Array<Cell>(header.length - cells.length).fill(null)];
  const rows: Cell[][] = [];
  for (const d of report.devices) {
    const device: Cell[] = [d.name, d.unid, hoursOf(d.onlineMs), percentOf(d.uptime), d.alarms];
    if (d.channels.length === 0) rows.push(pad(device));
    for (const ch of d.channels) {
      rows.push([...device, ch.channel, ch.name, ch.unit, ch.min, ch.max, ch.avg, ch.samples]);
    }
  }
  const t = report.totals;
  rows.push(pad([words.total, null, hoursOf(t.onlineMs), percentOf(t.uptime), t.alarms]));
  rows.push(pad([]));
  const from = Date.parse(report.from);
  const to = Date.parse(report.to);
  rows.push(pad([words.period, `${minuteText(from, zone)} – ${minuteText(to, zone)}`]));
  rows.push(pad([words.zone, report.timeZone]));
  const { devices, channels } = report.omitted;
  if (devices > 0)
    rows.push(
      pad([words.leftOut, fill(words.omittedDevices, { count: devices, limit: REPORT_LIMITS.devices })]),
    );
  if (channels > 0)
    rows.push(
      pad([
        words.leftOut,
        fill(words.omittedChannels, { count: channels, limit: REPORT_LIMITS.channelsPerDevice }),
      ]),
    );
  return { header, rows };
}

/** The workbook's bytes. Reports are small (200 devices × 8 channels at most): built whole. */
export async function reportWorkbook(
  report: Report,
  language: MailLanguage,
  zone: ZonedTime,
): Promise<Buffer> {
  const { header, rows } = reportSheet(report, language, zone);
  const chunks: Uint8Array[] = [];
  const source = (async function* () {
    yield* rows;
  })();
  for await (const chunk of xlsxChunks(header, source, REPORT_WORDS[language].sheetName)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The file's name, ASCII only: `fieldlink-report-daily-2026-01-04.xlsx`,
 * `fieldlink-report-weekly-2025-12-29-to-2026-01-04.xlsx`, and `…-so-far` for a period not over.
 */
export function reportFileName(report: Report, zone: ZonedTime): string {
  const from = Date.parse(report.from);
  const to = Date.parse(report.to);
  const first = dateText(from, zone);
  if (report.partial) return `fieldlink-report-${report.period}-${first}-so-far.xlsx`;
  const last = dateText(to - 1, zone);
  return report.period === 'daily'
    ? `fieldlink-report-daily-${first}.xlsx`
    : `fieldlink-report-weekly-${first}-to-${last}.xlsx`;
}
