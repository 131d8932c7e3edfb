/**
 * Report calls (docs/api.md § Reports): the user's report settings, the report of a day or week
 * as JSON and as an XLSX file, mailing it now to the user's bound address, and the scheduled
 * reports made for them. Periods are read in the server's zone, which the replies name.
 */
import { Report, ReportRunList, ReportSendReply, ReportSettings } from '@fieldlink/protocol';
import type { ReportPeriod, ReportSettingsInput } from '@fieldlink/protocol';
import { get, post, request, send } from './http';
import { fileNameFromDisposition } from './history';
import { validated } from './validated';
import type { Reply } from './validated';

export type { ReportPeriod, ReportSettingsInput } from '@fieldlink/protocol';
export type ReportView = Reply<Report>;
export type ReportDeviceRow = ReportView['devices'][number];
export type ReportSettingsView = Reply<ReportSettings>;
export type ReportRunView = Reply<ReportRunList>['items'][number];
export type ReportSent = Reply<ReportSendReply>;

/**
 * Which report: `end` absent, the last complete period; `now`, the period so far; an instant
 * (ISO), the period that ends there (a scheduled report's `to`).
 */
export interface ReportRequest {
  readonly period: ReportPeriod;
  readonly end?: string;
}

export const reportKeys = {
  all: ['reports'] as const,
  settings: ['reports', 'settings'] as const,
  report: (q: ReportRequest) => ['reports', 'report', q.period, q.end ?? 'last'] as const,
  runs: ['reports', 'runs'] as const,
};

const query = (q: ReportRequest) => ({ period: q.period, end: q.end });

export function fetchReportSettings(signal?: AbortSignal): Promise<ReportSettingsView> {
  return get<unknown>('/reports/settings', { signal }).then(validated(ReportSettings));
}

export function saveReportSettings(input: ReportSettingsInput): Promise<ReportSettingsView> {
  return request<unknown>('PUT', '/reports/settings', { body: input }).then(validated(ReportSettings));
}

export function fetchReport(q: ReportRequest, signal?: AbortSignal): Promise<ReportView> {
  return get<unknown>('/reports/preview', { query: query(q), signal }).then(validated(Report));
}

export interface ReportFile {
  readonly bytes: ArrayBuffer;
  readonly fileName: string;
}

/** The report as an XLSX file, with the name the server gives it. */
export async function downloadReport(q: ReportRequest): Promise<ReportFile> {
  const response = await send('GET', '/reports/download', {
    query: { ...query(q), format: 'xlsx' },
    stream: true,
  });
  const fallback = `fieldlink-report-${q.period}.xlsx`;
  return {
    bytes: await response.arrayBuffer(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallback,
  };
}

/** Mails the report now to the user's bound address (409 without one, 429 past the hourly limit). */
export function sendReport(q: ReportRequest): Promise<ReportSent> {
  return post<unknown>('/reports/send', { period: q.period, ...(q.end ? { end: q.end } : {}) }).then(
    validated(ReportSendReply),
  );
}

export function fetchReportRuns(signal?: AbortSignal): Promise<readonly ReportRunView[]> {
  return get<unknown>('/reports/runs', { signal })
    .then(validated(ReportRunList))
    .then((r) => r.items);
}
