/**
 * When the account first confirmed the console's welcome (spec §4: "on the very first login a
 * sign-in call with Authority and token is made and the first-login flag clears"). Null while the
 * welcome is still due. Accounts that exist when this runs have signed in before, so they get their
 * registration time: an upgrade must not greet every existing user as new.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const firstSignIn: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('first_sign_in_at', 'bigint').execute();
    await sql`UPDATE users SET first_sign_in_at = registered_at`.execute(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').dropColumn('first_sign_in_at').execute();
  },
};
