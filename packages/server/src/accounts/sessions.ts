/**
 * Refresh-token sessions. Each sign-in starts a family; each refresh replaces the family's current
 * token by a new one. Presenting a token that was already replaced or revoked means two parties
 * hold it, so the whole family is revoked and both must sign in again. A login link's session joins
 * the family of the access token it was made from, so it ends when that family is signed out.
 * A disabled account gets no new family and no refresh (403 `account_disabled`).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import { ACCOUNT_DISABLED } from './access.js';
import type { Database } from '../storage/schema.js';
import { hashToken, newRefreshToken, REFRESH_TOKEN_MS, signAccessToken } from './tokens.js';

export interface TokenPair {
  readonly accessToken: string;
  readonly refreshToken: string;
}

export const BAD_REFRESH_TOKEN = 'refresh token invalid, expired or revoked';

/** What every sign-in and refresh answers: the token pair and when the account was registered. */
export interface SessionGrant extends TokenPair {
  readonly registeredAt: string;
}

export async function sessionReply(
  db: Kysely<Database>,
  userId: number,
  pair: TokenPair,
): Promise<SessionGrant> {
  const user = await db
    .selectFrom('users')
    .select('registered_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    registeredAt: new Date(user.registered_at).toISOString(),
  };
}

export class Sessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly now: () => number,
  ) {}

  /** Starts a new family for the user; 403 `account_disabled` when the account is disabled. */
  async start(userId: number): Promise<TokenPair> {
    await this.#requireEnabled(userId);
    const familyId = randomUUID();
    const { refreshToken } = await this.#insert(this.db, userId, familyId);
    return { accessToken: await this.#access(userId, familyId), refreshToken };
  }

  /**
   * A further refresh token in an existing family (a login link's session), so signing the family
   * out ends it too; 401 when the family is already signed out.
   */
  async join(userId: number, familyId: string): Promise<TokenPair> {
    const { id, refreshToken } = await this.#insert(this.db, userId, familyId);
    // Checked after the insert, so a sign-out committed before the row is seen here. One racing
    // it so closely that it misses the row is caught at the row's first refresh (see rotate).
    if (await this.#familyRevoked(familyId)) {
      await this.db.updateTable('sessions').set({ revoked_at: this.now() }).where('id', '=', id).execute();
      throw new ApiError('unauthorized', BAD_REFRESH_TOKEN);
    }
    return { accessToken: await this.#access(userId, familyId), refreshToken };
  }

  /** Replaces a current refresh token by a new pair; any other token ends in 401. */
  async rotate(refreshToken: string): Promise<TokenPair & { userId: number }> {
    const now = this.now();
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (!session) throw new ApiError('unauthorized', BAD_REFRESH_TOKEN);
    // Said before anything else: disabling revoked the token, and "revoked" would not say why.
    await this.#requireEnabled(session.user_id);
    // A family is signed out as a whole; a row joined to it during the sign-out goes with it.
    if (
      session.revoked_at !== null ||
      session.replaced_by !== null ||
      (await this.#familyRevoked(session.family_id))
    ) {
      await this.revokeFamily(session.family_id);
      throw new ApiError('unauthorized', BAD_REFRESH_TOKEN);
    }
    if (session.expires_at <= now) throw new ApiError('unauthorized', BAD_REFRESH_TOKEN);

    const next = await this.db.transaction().execute(async (trx) => {
      const inserted = await this.#insert(trx, session.user_id, session.family_id);
      const taken = await trx
        .updateTable('sessions')
        .set({ replaced_by: inserted.id })
        .where('id', '=', session.id)
        .where('replaced_by', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // A concurrent refresh with the same token got there first: that is reuse too.
      return taken.numUpdatedRows === 1n ? inserted : null;
    });
    if (!next) {
      await this.revokeFamily(session.family_id);
      throw new ApiError('unauthorized', BAD_REFRESH_TOKEN);
    }
    return {
      userId: session.user_id,
      accessToken: await this.#access(session.user_id, session.family_id),
      refreshToken: next.refreshToken,
    };
  }

  /** The family of a refresh token, whatever its state, or null when unknown. */
  async familyOf(refreshToken: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sessions')
      .select('family_id')
      .where('token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    return row?.family_id ?? null;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every session of the user, except those of `keepFamilyId` when given. */
  async revokeUser(db: Kysely<Database>, userId: number, keepFamilyId?: string): Promise<void> {
    let query = db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamilyId !== undefined) query = query.where('family_id', '!=', keepFamilyId);
    await query.execute();
  }

  async #requireEnabled(userId: number): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select('disabled_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user && user.disabled_at !== null) throw new ApiError('account_disabled', ACCOUNT_DISABLED);
  }

  async #familyRevoked(familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async #insert(
    db: Kysely<Database>,
    userId: number,
    familyId: string,
  ): Promise<{ id: number; refreshToken: string }> {
    const now = this.now();
    const refreshToken = newRefreshToken();
    const row = await db
      .insertInto('sessions')
      .values({
        user_id: userId,
        family_id: familyId,
        token_hash: hashToken(refreshToken),
        expires_at: now + REFRESH_TOKEN_MS,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, refreshToken };
  }

  #access(userId: number, familyId: string): Promise<string> {
    return signAccessToken(this.key, { userId, familyId }, this.now());
  }
}
