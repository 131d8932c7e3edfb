/**
 * Feedback (docs/api.md § Feedback): a signed-in user sends a problem, a suggestion or another
 * remark, with the console's error log when they attach it (at most FEEDBACK_LIMITS.perHour an
 * hour); administrators (authority ≥ 1000) list them, newest first, and mark them read or unread.
 */
import {
  AdminFeedback,
  AdminFeedbackPage,
  AdminFeedbackQuery,
  FEEDBACK_LIMITS,
  FeedbackCreate,
  FeedbackCreated,
  FeedbackParams,
  FeedbackPatch,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { AttemptCounter, RetryLater } from '../accounts/attempts.js';
import { administratorsOnly, requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import { iso } from '../http/iso.js';
import { retryAfterOnError } from '../http/retry-after.js';
import type { Database } from '../storage/schema.js';
import { createFeedback, feedbackItem, listFeedback, setFeedbackRead, USER_AGENT_MAX } from './store.js';

export interface FeedbackRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * A full error log is 100 entries of a few thousand characters, each of which may take three
 * bytes in UTF-8 and more once escaped in JSON: more than the API's usual 1 MiB.
 */
const BODY_LIMIT = 2 * 1024 * 1024;

export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const attempts = new AttemptCounter(db);
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorReply, 401: ErrorReply };
  const tags = ['feedback'];
  retryAfterOnError(app);

  app.post(
    '/feedback',
    {
      preHandler: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: `Send feedback to the administrators, optionally with the console’s error log (${FEEDBACK_LIMITS.perHour} an hour)`,
        security,
        body: FeedbackCreate,
        response: { 201: FeedbackCreated, ...errors, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const t = now();
      const taken = await attempts.take(
        [
          {
            kind: 'feedback',
            key: String(user.id),
            limit: { limit: FEEDBACK_LIMITS.perHour, windowMs: HOUR_MS },
          },
        ],
        t,
      );
      if (!taken.granted) {
        throw new RetryLater(
          `at most ${FEEDBACK_LIMITS.perHour} feedback messages an hour`,
          taken.retryAt,
          t,
        );
      }
      const { category, text, contact, errorLog } = request.body;
      const agent = request.headers['user-agent']?.replaceAll('\u0000', '').slice(0, USER_AGENT_MAX);
      const created = await createFeedback(
        db,
        {
          userId: user.id,
          category,
          text: text.trim(),
          contact: contact?.trim() || null,
          userAgent: agent || null,
          errorLog,
        },
        t,
      );
      reply.code(201);
      return { id: created.id, at: iso(created.at) };
    },
  );

  const admins = (what: string) => administratorsOnly(app, what);
  const adminErrors = { ...errors, 403: ErrorReply };

  app.get(
    '/admin/feedback',
    {
      ...admins('read feedback'),
      schema: {
        tags,
        summary: 'Feedback sent by users, newest first, with the unread count (administrators)',
        security,
        querystring: AdminFeedbackQuery,
        response: { 200: AdminFeedbackPage, ...adminErrors },
      },
    },
    async (request) => {
      const { offset, limit, unread } = request.query;
      return listFeedback(db, {
        offset,
        limit,
        unread: unread === undefined ? undefined : unread === 'true',
      });
    },
  );

  app.patch(
    '/admin/feedback/:id',
    {
      ...admins('mark feedback read'),
      schema: {
        tags,
        summary: 'Mark a feedback read or unread (administrators)',
        security,
        params: FeedbackParams,
        body: FeedbackPatch,
        response: { 200: AdminFeedback, ...adminErrors, 404: ErrorReply },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await setFeedbackRead(db, id, request.body.read, now()))) {
        throw new ApiError('not_found', 'no such feedback');
      }
      const item = await feedbackItem(db, id);
      if (!item) throw new ApiError('not_found', 'no such feedback');
      return item;
    },
  );
};
