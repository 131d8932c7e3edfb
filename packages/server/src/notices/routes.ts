/**
 * Notices (docs/api.md § Notices): each user's announcements and alarm notices with their read
 * state, the popover's feed and unread counts, marking read, the e-mail alarm setting; and for
 * administrators (authority ≥ 1000) posting, listing and deleting announcements. A new
 * announcement is pushed (`Notice`) to the consoles of the users it is for on this node.
 */
import {
  AdminAnnouncement,
  AdminAnnouncementPage,
  AdminAnnouncementQuery,
  AlarmNoticePage,
  AnnouncementCreate,
  AnnouncementPage,
  AnnouncementParams,
  NoticeFeed,
  NoticeListQuery,
  NoticeReadAllBody,
  NoticeReadBody,
  NoticeReadReply,
  NoticeSettings,
  NoticeSettingsPatch,
  UnreadCounts,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { administratorsOnly, requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { readParam } from '../accounts/stored-param.js';
import { DEFAULT_TIME_ZONE } from '../history/time.js';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { pushToEveryone, pushToUsers } from './push.js';
import {
  adminAnnouncement,
  createAnnouncement,
  deleteAnnouncement,
  emailAlarmsOn,
  feed,
  listAdminAnnouncements,
  listAlarmNotices,
  listAnnouncements,
  markRead,
  readerOf,
  setEmailAlarms,
  tenantExists,
  tenantUserIds,
  unreadCounts,
} from './store.js';

export interface NoticesRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  /** The zone quiet hours are read in (TIME_ZONE). */
  readonly timeZone?: string;
}

const unreadOf = (value: 'true' | 'false' | undefined): boolean | undefined =>
  value === undefined ? undefined : value === 'true';

export const noticesRoutes: FastifyPluginAsyncZod<NoticesRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply };
  const tags = ['notices'];

  app.get(
    '/notices/feed',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The popover’s notices: unread ones of the last 24 hours (2000 at most) and unread counts',
        security,
        response: { 200: NoticeFeed, ...errors },
      },
    },
    async (request) => {
      const reader = await readerOf(db, requireUser(request).id);
      const [list, unread] = await Promise.all([feed(db, reader, now()), unreadCounts(db, reader)]);
      return { ...list, unread };
    },
  );

  app.get(
    '/notices/unread-count',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Unread notices of each kind',
        security,
        response: { 200: UnreadCounts, ...errors },
      },
    },
    async (request) => unreadCounts(db, await readerOf(db, requireUser(request).id)),
  );

  app.get(
    '/notices/announcements',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Announcements for the caller, newest first, with their read state',
        security,
        querystring: NoticeListQuery,
        response: { 200: AnnouncementPage, ...errors },
      },
    },
    async (request) => {
      const { offset, limit, unread } = request.query;
      const reader = await readerOf(db, requireUser(request).id);
      return listAnnouncements(db, reader, { offset, limit, unread: unreadOf(unread) });
    },
  );

  app.get(
    '/notices/alarms',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The caller’s alarm notices, newest first, with their read and mail state',
        security,
        querystring: NoticeListQuery,
        response: { 200: AlarmNoticePage, ...errors },
      },
    },
    async (request) => {
      const { offset, limit, unread } = request.query;
      return listAlarmNotices(db, requireUser(request).id, { offset, limit, unread: unreadOf(unread) });
    },
  );

  app.post(
    '/notices/read',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Mark notices of one kind read (ids the caller cannot see are left alone)',
        security,
        body: NoticeReadBody,
        response: { 200: NoticeReadReply, ...errors },
      },
    },
    async (request) => {
      const reader = await readerOf(db, requireUser(request).id);
      return { marked: await markRead(db, reader, request.body.kind, request.body.ids, now()) };
    },
  );

  app.post(
    '/notices/read-all',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Mark every notice of a kind (or of both) read',
        security,
        body: NoticeReadAllBody,
        response: { 200: NoticeReadReply, ...errors },
      },
    },
    async (request) => {
      const reader = await readerOf(db, requireUser(request).id);
      return { marked: await markRead(db, reader, request.body.kind, undefined, now()) };
    },
  );

  async function settingsOf(userId: number): Promise<NoticeSettings> {
    const user = await db
      .selectFrom('users')
      .select(['email', 'param'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      emailAlarms: await emailAlarmsOn(db, userId),
      email: user.email,
      quietHours: readParam(user.param).quietHours,
      timeZone,
    };
  }

  app.get(
    '/notices/settings',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Whether alarms are mailed to the caller, to which address, and the quiet hours',
        security,
        response: { 200: NoticeSettings, ...errors },
      },
    },
    async (request) => settingsOf(requireUser(request).id),
  );

  app.patch(
    '/notices/settings',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Turn alarm e-mails on or off',
        security,
        body: NoticeSettingsPatch,
        response: { 200: NoticeSettings, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await setEmailAlarms(db, user.id, request.body.emailAlarms, now());
      return settingsOf(user.id);
    },
  );

  const admins = (what: string) => administratorsOnly(app, what);
  const adminErrors = { ...errors, 403: ErrorReply };

  app.get(
    '/admin/announcements',
    {
      ...admins('list announcements'),
      schema: {
        tags,
        summary: 'Every announcement, newest first, with its audience and how many read it (administrators)',
        security,
        querystring: AdminAnnouncementQuery,
        response: { 200: AdminAnnouncementPage, ...adminErrors },
      },
    },
    async (request) => listAdminAnnouncements(db, request.query),
  );

  app.post(
    '/admin/announcements',
    {
      ...admins('post announcements'),
      schema: {
        tags,
        summary: 'Post an announcement to everyone or to one tenant’s users (administrators)',
        security,
        body: AnnouncementCreate,
        response: { 201: AdminAnnouncement, ...adminErrors, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { title, text, image, tenantId } = request.body;
      if (tenantId !== null && !(await tenantExists(db, tenantId))) {
        throw new ApiError('not_found', 'no such tenant');
      }
      const row = await createAnnouncement(db, { title, text, image, tenantId, createdBy: user.id }, now());
      const message = {
        infotype: 'Notice' as const,
        info: { kind: 'announcement' as const, id: row.id, title: row.title, count: 1 },
      };
      if (tenantId === null) pushToEveryone(app.live, message);
      else pushToUsers(app.live, await tenantUserIds(db, tenantId), message);
      const item = await adminAnnouncement(db, row.id);
      if (!item) throw new ApiError('not_found', 'no such announcement');
      reply.code(201);
      return item;
    },
  );

  app.delete(
    '/admin/announcements/:id',
    {
      ...admins('delete announcements'),
      schema: {
        tags,
        summary: 'Delete an announcement (administrators)',
        security,
        params: AnnouncementParams,
        response: { 204: z.null(), ...adminErrors, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      if (!(await deleteAnnouncement(db, request.params.id))) {
        throw new ApiError('not_found', 'no such announcement');
      }
      reply.code(204);
      return null;
    },
  );
};
