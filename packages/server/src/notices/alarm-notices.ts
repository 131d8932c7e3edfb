/**
 * Alarm notices: for each alarm the recorder raises (its Notiface), every user who may read the
 * equipment (its owner and the users holding a running read grant on it, or on its host with its
 * sub-devices, as the live channel decides) gets a notice, their consoles on this node are told
 * (`Notice`), and the alarm goes to their e-mail when they have an address bound and e-mail alarms
 * on, outside their quiet hours (the basic param's Sleep_Enable, Sleep_begin and Sleep_end, read in
 * the server's time zone). A notice whose mail is pending is claimed for this node (`mailNode`) with
 * a lease, so that another node mails it should this one stop (mail-recovery.ts).
 *
 * The recorder is never held up: `enqueue` only appends to a bounded queue, which is written in
 * batches off its path; when the queue is full (the store far behind), alarms are dropped from the
 * notices (never from the history) and a warning is logged.
 */
import type { Notiface } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { readParam } from '../accounts/stored-param.js';
import { ZonedTime } from '../history/time.js';
import type { Publish } from '../history/recorder.js';
import type { LiveHub } from '../live/hub.js';
import type { Database } from '../storage/schema.js';
import type { AlarmMailer } from './alarm-mailer.js';
import { MAIL_LEASE_MS } from './mail-claims.js';
import { alarmLine, mailLanguage } from './mail-text.js';
import type { MailLanguage } from './mail-text.js';
import { pushToUsers } from './push.js';
import type { AlarmMailColumn } from './schema.js';

/** An alarm as the recorder raised it. */
export interface RaisedAlarm {
  readonly equipmentId: number;
  readonly info: Notiface['info'];
  /** Epoch ms. */
  readonly at: number;
}

export interface NoticesLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AlarmNoticesOptions {
  readonly db: Kysely<Database>;
  /** Where the users' consoles are told; none in tests that do not look. */
  readonly hub?: LiveHub;
  readonly mailer: AlarmMailer;
  /** This node's name in the claims on pending mails (mail-claims.ts mailNodeId). */
  readonly mailNode: string;
  readonly timeZone: string;
  readonly log: NoticesLog;
  readonly now?: () => number;
  /** How long alarms gather before they are written (one batch); default 500 ms. */
  readonly batchMs?: number;
  /** Alarms waiting to be written at most; default 10 000. */
  readonly maxQueued?: number;
  /** Alarm notices are kept this many days (default 30), pruned as new ones are written. */
  readonly retentionDays?: number;
}

export const DEFAULT_NOTICE_RETENTION_DAYS = 30;
/** How often the writes prune old notices at most. */
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const IN_CHUNK = 500;

function* chunks<T>(items: readonly T[], size = IN_CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Whether `at` falls in the quiet hours (minutes of the day in `zone`; they may run over midnight). */
export function inQuietHours(
  quiet: { readonly enabled: boolean; readonly start: number; readonly end: number },
  at: number,
  zone: ZonedTime,
): boolean {
  if (!quiet.enabled || quiet.start === quiet.end) return false;
  const day = 24 * 60 * 60 * 1000;
  const minute = Math.floor(((((at + zone.offset(at)) % day) + day) % day) / 60_000);
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/** When an alarm was raised, as its Notiface says (`at`), else now. */
function alarmInstant(info: Notiface['info']): number | undefined {
  const at = info.at === undefined ? Number.NaN : Date.parse(info.at);
  return Number.isFinite(at) ? at : undefined;
}

/** A user who may be told of an alarm, with what their mail needs. */
export interface Reader {
  readonly id: number;
  readonly email: string | null;
  readonly language: MailLanguage;
  readonly quiet: { enabled: boolean; start: number; end: number };
  readonly emailAlarms: boolean;
}

interface EquipmentFacts {
  readonly name: string;
  readonly unid: string;
  readonly readers: Set<number>;
}

export class AlarmNotices {
  readonly #db: Kysely<Database>;
  readonly #hub: LiveHub | undefined;
  readonly #mailer: AlarmMailer;
  readonly #mailNode: string;
  readonly #zone: ZonedTime;
  readonly #log: NoticesLog;
  readonly #now: () => number;
  readonly #batchMs: number;
  readonly #maxQueued: number;
  #queue: RaisedAlarm[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #dropped = 0;
  #closed = false;
  readonly #retentionMs: number;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: AlarmNoticesOptions) {
    this.#db = options.db;
    this.#hub = options.hub;
    this.#mailer = options.mailer;
    this.#mailNode = options.mailNode;
    this.#zone = new ZonedTime(options.timeZone);
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#batchMs = options.batchMs ?? 500;
    this.#maxQueued = options.maxQueued ?? 10_000;
    this.#retentionMs = (options.retentionDays ?? DEFAULT_NOTICE_RETENTION_DAYS) * DAY_MS;
  }

  /** The recorder's publish, with each raised alarm (Notiface) also queued for its notices. */
  publisher(publish: Publish): Publish {
    return (equipmentId, message) => {
      publish(equipmentId, message);
      // Stamped with the alarm's own instant, so the notice reads the alarm's time to the second.
      if (message.infotype === 'Notiface')
        this.enqueue(equipmentId, message.info, alarmInstant(message.info));
    };
  }

  /** Queues an alarm for its notices; returns at once. */
  enqueue(equipmentId: number, info: Notiface['info'], at = this.#now()): void {
    if (this.#closed) return;
    if (this.#queue.length >= this.#maxQueued) {
      if (this.#dropped++ === 0)
        this.#log.warn({ queued: this.#queue.length }, 'alarm notices behind: alarms dropped');
      return;
    }
    this.#queue.push({ equipmentId, info, at });
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, this.#batchMs);
  }

  /** Writes what is queued now (and waits for a batch already being written). */
  async flush(): Promise<void> {
    while (this.#running) await this.#running;
    if (this.#queue.length === 0) return;
    const batch = this.#queue;
    this.#queue = [];
    if (this.#dropped > 0) {
      this.#log.warn(
        { dropped: this.#dropped },
        'alarm notices: alarms were dropped while the queue was full',
      );
      this.#dropped = 0;
    }
    this.#running = this.#write(batch)
      .catch((err: unknown) => this.#log.error({ err, alarms: batch.length }, 'alarm notices not written'))
      .finally(() => {
        this.#running = null;
      });
    await this.#running;
  }

  /** Writes what is queued, then sends the mails held (caps allowing). */
  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.flush();
    this.#closed = true;
    await this.#mailer.close();
  }

  async #write(batch: readonly RaisedAlarm[]): Promise<void> {
    const now = this.#now();
    const equipment = await this.#equipment([...new Set(batch.map((a) => a.equipmentId))], now);
    const userIds = new Set<number>();
    for (const e of equipment.values()) for (const id of e.readers) userIds.add(id);
    const readers = await readersOf(this.#db, [...userIds]);
    const rows = [];
    for (const alarm of batch) {
      const facts = equipment.get(alarm.equipmentId);
      if (!facts) continue;
      for (const userId of facts.readers) {
        const reader = readers.get(userId);
        if (reader) rows.push(this.#row(alarm, facts, reader, now));
      }
    }
    const newest = new Map<number, { id: number; title: string; count: number }>();
    for (const part of chunks(rows, 100)) {
      const ids = await this.#db
        .insertInto('alarm_notices')
        .values(part.map((r) => r.values))
        .returning('id')
        .execute();
      part.forEach((row, i) => {
        const id = ids[i]!.id;
        const user = row.reader;
        const seen = newest.get(user.id);
        newest.set(user.id, { id, title: row.title, count: (seen?.count ?? 0) + 1 });
        if (row.values.mail === 'pending' && user.email) {
          this.#mailer.add({ userId: user.id, address: user.email, language: user.language }, id, {
            at: row.values.at,
            equipmentName: row.values.equipment_name,
            unid: row.values.unid,
            channel: row.values.channel,
            line: row.values.email_text,
          });
        }
      });
    }
    const hub = this.#hub;
    if (hub) {
      for (const [userId, last] of newest) {
        pushToUsers(hub, [userId], {
          infotype: 'Notice',
          info: { kind: 'alarm', id: last.id, title: last.title.slice(0, 256), count: last.count },
        });
      }
    }
    await this.#pruneWhenDue(now);
  }

  /**
   * Deletes alarm notices past the retention, at most every 6 hours. Notices are only added here,
   * so while none are written none need pruning.
   */
  async #pruneWhenDue(now: number): Promise<void> {
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    const result = await this.#db
      .deleteFrom('alarm_notices')
      .where('created_at', '<', now - this.#retentionMs)
      .executeTakeFirst();
    const pruned = Number(result.numDeletedRows);
    if (pruned > 0) this.#log.info({ pruned }, 'alarm notices past their retention deleted');
  }

  #row(alarm: RaisedAlarm, facts: EquipmentFacts, reader: Reader, now: number) {
    const { info } = alarm;
    const name = info.name ?? info.channel;
    const unit = info.unit ?? '';
    const limit = info.limit ?? null;
    const line = alarmLine(
      {
        equipmentName: facts.name,
        unid: facts.unid,
        channel: info.channel,
        name,
        unit,
        level: info.level,
        value: info.value,
        limit,
        text: info.text,
      },
      reader.language,
    );
    let mail: AlarmMailColumn = 'off';
    if (reader.emailAlarms && reader.email) {
      if (inQuietHours(reader.quiet, alarm.at, this.#zone)) mail = 'quiet';
      else mail = this.#mailer.hasRoom ? 'pending' : 'failed';
    }
    const title = `${facts.name} ${info.channel}`;
    return {
      reader,
      title,
      values: {
        user_id: reader.id,
        equipment_id: alarm.equipmentId,
        equipment_name: facts.name,
        unid: facts.unid,
        channel: info.channel,
        level: info.level,
        value: info.value,
        channel_name: name,
        unit,
        alarm_limit: limit,
        text: info.text,
        email_text: line,
        mail,
        mail_node: mail === 'pending' ? this.#mailNode : null,
        mail_lease_until: mail === 'pending' ? now + MAIL_LEASE_MS : null,
        at: alarm.at,
        created_at: now,
        read_at: null,
      },
    };
  }

  /** Each equipment's name, unit id and readers (owner, read grants, host grants with sub-devices). */
  async #equipment(ids: readonly number[], now: number): Promise<Map<number, EquipmentFacts>> {
    const found = new Map<number, EquipmentFacts>();
    for (const part of chunks(ids)) {
      const rows = await this.#db
        .selectFrom('equipment')
        .select(['id', 'name', 'unid', 'owner_id'])
        .where('id', 'in', part)
        .execute();
      for (const row of rows)
        found.set(row.id, { name: row.name, unid: row.unid, readers: new Set([row.owner_id]) });
      const grants = await this.#db
        .selectFrom('equipment_grants as g')
        .select(['g.equipment_id as equipmentId', 'g.user_id as userId'])
        .where('g.equipment_id', 'in', part)
        .where('g.can_read', '=', 1)
        .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', now)]))
        .unionAll(
          this.#db
            .selectFrom('equipment_grants as g')
            .innerJoin('equipment as child', 'child.parent_id', 'g.equipment_id')
            .select(['child.id as equipmentId', 'g.user_id as userId'])
            .where('child.id', 'in', part)
            .where('g.can_read', '=', 1)
            .where('g.slaves', '=', 1)
            .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', now)])),
        )
        .execute();
      for (const g of grants) found.get(g.equipmentId)?.readers.add(g.userId);
    }
    return found;
  }
}

/** The readers that may be told: enabled accounts, with their address, language and settings. */
export async function readersOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, Reader>> {
  const readers = new Map<number, Reader>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('users as u')
      .leftJoin('notice_settings as s', 's.user_id', 'u.id')
      .select(['u.id', 'u.email', 'u.language', 'u.param', 's.email_alarms'])
      .where('u.id', 'in', part)
      .where('u.disabled_at', 'is', null)
      .execute();
    for (const row of rows) {
      readers.set(row.id, {
        id: row.id,
        email: row.email,
        language: mailLanguage(row.language),
        quiet: readParam(row.param).quietHours,
        emailAlarms: row.email_alarms === 1,
      });
    }
  }
  return readers;
}
