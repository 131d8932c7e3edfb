/**
 * Alarm acknowledgement (docs/api.md § Alarm acknowledgement): a user who may operate an
 * equipment acknowledges one of its stored alarms (a history event of kind `alarm`); the first
 * acknowledgement stands, with who and when, and goes to every live session that may read the
 * equipment (`AlarmAck`). Each user clears acknowledged alarms from their own alarm list; the
 * clears are theirs alone.
 */
import { AlarmAckReply, ClearAlarmsBody, ClearAlarmsReply, grantsRight } from '@fieldlink/protocol';
import type { AlarmAck } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireAbility } from '../accounts/access.js';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { permissionOf, readableBy, requireAccess } from '../equipment/access.js';
import { ApiError } from '../http/errors.js';
import { iso } from '../http/iso.js';
import type { Database } from '../storage/schema.js';

const IN_CHUNK = 500;

/** An acknowledgement row as the API gives it. */
export function ackOf(row: { user_id: number; user_name: string; at: number | string }): AlarmAck {
  return { userId: row.user_id, userName: row.user_name, at: iso(Number(row.at)) };
}

export interface AckOutcome {
  readonly ack: AlarmAck;
  /** False when the alarm was acknowledged already (the first acknowledgement is given). */
  readonly created: boolean;
}

/**
 * Acknowledges the alarm event `eventId` of equipment `equipmentId` as `user` at `now`. Null when
 * there is no such alarm event. Rights are the caller's to check.
 */
export async function acknowledgeAlarm(
  db: Kysely<Database>,
  user: AuthUser,
  equipmentId: number,
  eventId: number,
  now: number,
): Promise<AckOutcome | null> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'at'])
    .where('id', '=', eventId)
    .where('equipment_id', '=', equipmentId)
    .where('kind', '=', 'alarm')
    .executeTakeFirst();
  if (!event) return null;
  const name = await db.selectFrom('users').select('user_name').where('id', '=', user.id).executeTakeFirst();
  const inserted = await db
    .insertInto('alarm_acks')
    .values({
      event_id: event.id,
      equipment_id: equipmentId,
      user_id: user.id,
      user_name: name?.user_name ?? '',
      at: now,
      event_at: Number(event.at),
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .execute();
  const row = await db
    .selectFrom('alarm_acks')
    .select(['user_id', 'user_name', 'at'])
    .where('event_id', '=', event.id)
    .executeTakeFirstOrThrow();
  return { ack: ackOf(row), created: inserted.length > 0 };
}

/**
 * Clears from `user`'s alarm list those of `ids` that are acknowledged alarm events of equipment
 * the user may read now; the others are left alone. How many were cleared now.
 */
export async function clearAlarms(
  db: Kysely<Database>,
  user: AuthUser,
  ids: readonly number[],
  now: number,
): Promise<number> {
  let cleared = 0;
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += IN_CHUNK) {
    const part = unique.slice(i, i + IN_CHUNK);
    const rows = await db
      .selectFrom('events')
      .innerJoin('alarm_acks', 'alarm_acks.event_id', 'events.id')
      .select(['events.id', 'events.at'])
      .where('events.id', 'in', part)
      .where('events.kind', '=', 'alarm')
      .where('events.equipment_id', 'in', readableBy(db, user, now).select('equipment.id'))
      .execute();
    if (rows.length === 0) continue;
    const inserted = await db
      .insertInto('alarm_clears')
      .values(rows.map((r) => ({ user_id: user.id, event_id: r.id, event_at: Number(r.at) })))
      .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
      .returning('event_id')
      .execute();
    cleared += inserted.length;
  }
  return cleared;
}

const AckParams = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  eventId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export interface AlarmAckOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
}

export const alarmAckRoutes: FastifyPluginAsyncZod<AlarmAckOptions> = async (app, options) => {
  const { db, now } = options;
  const security = [{ bearer: [] }];

  app.post(
    '/equipment/:id/events/:eventId/ack',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['history'],
        summary: 'Acknowledges an alarm (operate right); the first acknowledgement stands',
        security,
        params: AckParams,
        response: { 200: AlarmAckReply, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const t = now();
      const { equipment, access } = await requireAccess(db, user, request.params.id, 'read', t);
      // As for operations: the operate right, bounded by the account's OPR ability.
      if (!grantsRight(permissionOf(access.rights), 'operate')) {
        throw new ApiError('forbidden', 'you do not have the operate right on this equipment');
      }
      requireAbility(user, 'OPR', 'acknowledge alarms');
      const outcome = await acknowledgeAlarm(db, user, equipment.id, request.params.eventId, t);
      if (!outcome) throw new ApiError('not_found', 'no such alarm');
      if (outcome.created) {
        app.live.publish(equipment.id, {
          infotype: 'AlarmAck',
          info: {
            equipmentId: equipment.id,
            eventId: request.params.eventId,
            SN: equipment.unid,
            ...outcome.ack,
            userName: outcome.ack.userName.slice(0, 64),
          },
        });
      }
      return { eventId: request.params.eventId, ack: outcome.ack };
    },
  );

  app.post(
    '/me/alarms/clear',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['history'],
        summary: "Takes acknowledged alarms off the caller's alarm list",
        security,
        body: ClearAlarmsBody,
        response: { 200: ClearAlarmsReply, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) => ({ cleared: await clearAlarms(db, requireUser(request), request.body.ids, now()) }),
  );
};
