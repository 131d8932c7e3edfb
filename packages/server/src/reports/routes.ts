/**
 * Automatic reports (docs/api.md § Reports) under /api/v1: the caller's report settings, the
 * report of a day or week as JSON or as an XLSX file, mailing it now to the caller's bound
 * address (at most REPORT_LIMITS.sendsPerHour an hour), and the scheduled reports made for them.
 * A report holds only equipment the caller may read, as their equipment list does.
 */
import {
  Report,
  REPORT_LIMITS,
  ReportDownloadQuery,
  ReportQuery,
  ReportRunList,
  ReportSendBody,
  ReportSendReply,
  ReportSettings,
  ReportSettingsInput,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AttemptCounter, RetryLater } from '../accounts/attempts.js';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { DEFAULT_TIME_ZONE, ZonedTime } from '../history/time.js';
import { ApiError } from '../http/errors.js';
import { iso } from '../http/iso.js';
import { retryAfterOnError } from '../http/retry-after.js';
import type { MailOutlet } from '../mail/outlet.js';
import { mailLanguage } from '../notices/mail-text.js';
import type { MailLanguage } from '../notices/mail-text.js';
import type { Database } from '../storage/schema.js';
import { buildReport } from './compute.js';
import { deliverReport, reportMail } from './mail.js';
import { nextDue, reportRange } from './periods.js';
import { listRuns, reportSettingsOf, saveReportSettings } from './store.js';
import type { StoredSettings } from './store.js';
import { reportFileName, reportWorkbook, XLSX_TYPE } from './workbook.js';

export interface ReportsRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  /** The zone of periods and hours (TIME_ZONE). */
  readonly timeZone?: string;
  /** Where POST /reports/send mails go; the log by default. */
  readonly mailOutlet?: MailOutlet;
}

const HOUR_MS = 3_600_000;

/** The end a query names, as the periods read it; 400 before 1970, where history has nothing. */
function endOf(query: { readonly end?: string | undefined }): number | 'now' | undefined {
  if (query.end === undefined || query.end === 'now') return query.end;
  const end = Date.parse(query.end);
  if (!(end > 0)) throw new ApiError('bad_request', 'end: a time after 1970-01-01');
  return end;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const zone = new ZonedTime(timeZone);
  const outlet: MailOutlet = options.mailOutlet ?? { kind: 'log' };
  const attempts = new AttemptCounter(db);
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply };
  const tags = ['reports'];
  retryAfterOnError(app);

  const account = async (userId: number): Promise<{ email: string | null; language: MailLanguage }> => {
    const row = await db
      .selectFrom('users')
      .select(['email', 'language'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { email: row.email, language: mailLanguage(row.language) };
  };

  const settingsReply = async (userId: number, stored: StoredSettings): Promise<ReportSettings> => {
    const { updatedAt: _updatedAt, ...settings } = stored;
    const { email } = await account(userId);
    return {
      ...settings,
      timeZone,
      emailAddress: email,
      nextAt: settings.enabled ? iso(nextDue(settings, now(), zone)) : null,
    };
  };

  const reportOf = async (user: AuthUser, query: z.output<typeof ReportQuery>) => {
    const t = now();
    const settings = await reportSettingsOf(db, user.id);
    const range = reportRange(query.period, endOf(query), t, zone);
    return buildReport(db, { user, settings }, range, timeZone, t);
  };

  app.get(
    '/reports/settings',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The caller’s report settings, the zone they are read in and the next scheduled report',
        security,
        response: { 200: ReportSettings, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return settingsReply(user.id, await reportSettingsOf(db, user.id));
    },
  );

  app.put(
    '/reports/settings',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Set the caller’s report settings: period, hour, equipment, channels, e-mail',
        security,
        body: ReportSettingsInput,
        response: { 200: ReportSettings, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return settingsReply(user.id, await saveReportSettings(db, user.id, request.body, now()));
    },
  );

  app.get(
    '/reports/preview',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The report of a day or week (default: the last complete day) as JSON',
        security,
        querystring: ReportQuery,
        response: { 200: Report, ...errors },
      },
    },
    async (request) => reportOf(requireUser(request), request.query),
  );

  app.get(
    '/reports/download',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The report of a day or week as an XLSX file',
        security,
        querystring: ReportDownloadQuery,
        produces: [XLSX_TYPE],
        response: { 200: z.string().describe('The file (Content-Disposition names it)'), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const report = await reportOf(user, request.query);
      const { language } = await account(user.id);
      const file = await reportWorkbook(report, language, zone);
      void reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${reportFileName(report, zone)}"`)
        .header('cache-control', 'no-store');
      // The 200 schema describes the file for OpenAPI; Fastify sends a buffer as it is.
      return reply.send(file as unknown as string);
    },
  );

  app.post(
    '/reports/send',
    {
      ...guarded,
      schema: {
        tags,
        summary: `Mail the report of a day or week now to the caller’s bound address (${REPORT_LIMITS.sendsPerHour} an hour)`,
        security,
        body: ReportSendBody,
        response: { 200: ReportSendReply, ...errors, 409: ErrorReply, 429: ErrorReply, 503: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { email, language } = await account(user.id);
      if (email === null) {
        throw new ApiError(
          'conflict',
          'no e-mail address is bound to this account: bind one in the personal center first',
        );
      }
      const t = now();
      const taken = await attempts.take(
        [
          {
            kind: 'report-send',
            key: String(user.id),
            limit: { limit: REPORT_LIMITS.sendsPerHour, windowMs: HOUR_MS },
          },
        ],
        t,
      );
      if (!taken.granted) {
        throw new RetryLater(`at most ${REPORT_LIMITS.sendsPerHour} report mails an hour`, taken.retryAt, t);
      }
      const report = await reportOf(user, request.body);
      const name = reportFileName(report, zone);
      const mail = reportMail(report, language, zone, name);
      try {
        await deliverReport(outlet, request.log, email, mail, {
          name,
          content: await reportWorkbook(report, language, zone),
        });
      } catch (error) {
        // The mail did not go: it does not count against the hour.
        await attempts.giveBack(taken.slots);
        request.log.warn({ err: error, userId: user.id }, 'report mail not sent');
        throw new ApiError('unavailable', 'the mail server did not take the report; try again later');
      }
      return { sentTo: email, subject: mail.subject, from: report.from, to: report.to };
    },
  );

  app.get(
    '/reports/runs',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The scheduled reports made for the caller, newest period first (30 at most)',
        security,
        response: { 200: ReportRunList, ...errors },
      },
    },
    async (request) => ({ items: await listRuns(db, requireUser(request).id) }),
  );
};
