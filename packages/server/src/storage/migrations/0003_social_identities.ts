/**
 * Social sign-in identities: which account a person's id at a sign-in provider (QQ, WeChat,
 * DingTalk, …) is linked to. An identity belongs to one account, and an account links at most one
 * identity per provider.
 */
import type { Kysely, Migration } from 'kysely';
import { autoId } from './columns.js';

export const socialIdentities: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('social_identities')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('external_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('social_identities_provider_external_id_idx')
      .on('social_identities')
      .columns(['provider', 'external_id'])
      .unique()
      .execute();
    // Led by user_id, this one also serves listing an account's identities and the cascade when an
    // account is deleted, so user_id needs no index of its own.
    await db.schema
      .createIndex('social_identities_user_id_provider_idx')
      .on('social_identities')
      .columns(['user_id', 'provider'])
      .unique()
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('social_identities').execute();
  },
};
