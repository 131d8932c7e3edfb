/**
 * Social sign-in providers (QQ, WeChat, DingTalk, …). A provider turns the one-time code its own
 * sign-in page handed the browser into the provider's stable id for that person; the accounts
 * domain keeps which account each such identity is linked to. None is wired by default: each one
 * is an implementation of `SocialProvider` passed in `AppOptions.socialProviders`.
 */

/** Provider ids, as they appear in paths: lower-case letters first, then letters, digits or `-`. */
export const PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/;

/** Who the provider says signed in. */
export interface SocialIdentity {
  /** The provider's stable id for the person (an openid, unionid or user id), never reassigned. */
  readonly externalId: string;
  /** The name the provider shows for the person, when it gives one. */
  readonly displayName?: string;
}

export interface SocialProvider {
  /** The path segment and stored key: 'qq', 'wechat', 'dingtalk', …; see PROVIDER_ID. */
  readonly id: string;
  /** What the sign-in page shows on the provider's button. */
  readonly name: string;
  /**
   * Exchanges the code from the provider's sign-in page for the person's identity, using the
   * provider's code-for-token and user-info calls. Throws when the provider refuses the code (bad,
   * used or expired) or cannot be reached; it should not wait on the provider for long.
   */
  exchange(code: string): Promise<SocialIdentity>;
}

/** The wired providers, by id. */
export class SocialProviders {
  readonly #byId = new Map<string, SocialProvider>();

  constructor(providers: Iterable<SocialProvider> = []) {
    for (const provider of providers) this.add(provider);
  }

  /** Adds a provider; throws for a malformed id or an id already taken. */
  add(provider: SocialProvider): void {
    if (!PROVIDER_ID.test(provider.id)) {
      throw new Error(`social provider id ${JSON.stringify(provider.id)} does not match ${PROVIDER_ID}`);
    }
    if (this.#byId.has(provider.id)) {
      throw new Error(`social provider id ${JSON.stringify(provider.id)} is used twice`);
    }
    this.#byId.set(provider.id, provider);
  }

  get(id: string): SocialProvider | undefined {
    return this.#byId.get(id);
  }

  /** In the order they were added. */
  list(): SocialProvider[] {
    return [...this.#byId.values()];
  }

  get size(): number {
    return this.#byId.size;
  }
}
