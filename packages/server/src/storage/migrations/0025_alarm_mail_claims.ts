/**
 * Alarm mails survive their node (docs/operations.md § Alarm e-mails): a pending alarm notice names
 * the node that holds its mail and until when (epoch ms). The holder renews that lease while it
 * holds the mail; once the lease has run out, or when it is null (released at a clean shutdown),
 * any node's sweep takes the notice over. The partial index holds only pending notices, so the
 * sweep's "pending and lease run out" never walks the sent ones.
 */
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export const alarmMailClaims: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('alarm_notices').addColumn('mail_node', 'text').execute();
    await db.schema.alterTable('alarm_notices').addColumn('mail_lease_until', 'bigint').execute();
    await db.schema
      .createIndex('alarm_notices_mail_pending')
      .on('alarm_notices')
      .column('mail_lease_until')
      .where(sql.ref('mail'), '=', 'pending')
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('alarm_notices_mail_pending').execute();
    await db.schema.alterTable('alarm_notices').dropColumn('mail_lease_until').execute();
    await db.schema.alterTable('alarm_notices').dropColumn('mail_node').execute();
  },
};
