/** Social sign-in: the provider registry, and the routes with providers wired, on both databases. */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt } from 'vitest';
import { buildApp } from '../app.js';
import { storageCases } from '../storage/test-support.js';
import type { StorageCase } from '../storage/test-support.js';
import { ACCOUNT_DISABLED } from './access.js';
import { SocialProviders } from './social.js';
import type { SocialIdentity, SocialProvider } from './social.js';
import {
  IDENTITY_NOT_LINKED,
  LINKED_TO_ANOTHER,
  NO_SUCH_PROVIDER,
  NOT_LINKED,
  PROVIDER_ALREADY_LINKED,
  SOCIAL_SIGN_IN_FAILED,
} from './social-routes.js';
import { bearer, expectError, login, post, register, useAccountsApp } from './test-support.js';
import type { AccountsHarness, SessionBody } from './test-support.js';

/** Accepts `good:<id>` as the code of the person `<id>`; refuses anything else. */
class TestProvider implements SocialProvider {
  readonly codes: string[] = [];
  constructor(
    readonly id: string,
    readonly name: string,
  ) {}

  async exchange(code: string): Promise<SocialIdentity> {
    this.codes.push(code);
    const match = /^good:(.+)$/.exec(code);
    if (!match?.[1]) throw new Error('code refused by the provider');
    return { externalId: match[1], displayName: `person ${match[1]}` };
  }
}

/** A provider that accepts every code but answers without a usable id. */
const broken: SocialProvider = {
  id: 'broken',
  name: 'Broken',
  exchange: async () => ({ externalId: '' }),
};

describe('SocialProviders', () => {
  const provider = (id: string): SocialProvider => new TestProvider(id, id.toUpperCase());

  baseIt('keeps providers by id, in the order given', () => {
    const registry = new SocialProviders([provider('qq'), provider('wechat'), provider('ding-talk2')]);
    expect(registry.list().map((p) => p.id)).toEqual(['qq', 'wechat', 'ding-talk2']);
    expect(registry.get('wechat')?.name).toBe('WECHAT');
    expect(registry.get('weibo')).toBeUndefined();
    expect(registry.size).toBe(3);
    expect(new SocialProviders().size).toBe(0);
  });

  baseIt('refuses a duplicate id', () => {
    expect(() => new SocialProviders([provider('qq'), provider('qq')])).toThrow(/"qq" is used twice/);
  });

  baseIt('refuses malformed ids', () => {
    for (const id of ['', 'QQ', '1qq', '-qq', 'we chat', 'we_chat', 'a'.repeat(33), 'qq/login']) {
      expect(() => new SocialProviders([provider(id)]), id).toThrow(/does not match/);
    }
    expect(() => new SocialProviders([provider('a'.repeat(32))])).not.toThrow();
  });
});

/** An accounts app with QQ, WeChat and the broken provider wired, on the case's database. */
function useSocialApp(store: StorageCase): AccountsHarness & { qq: TestProvider } {
  const qq = new TestProvider('qq', 'QQ');
  const wechat = new TestProvider('wechat', 'WeChat');
  const harness = useAccountsApp(store, { socialProviders: [qq, wechat, broken] });
  // defineProperty keeps the harness's getters (Object.assign would read them before the suite runs).
  return Object.defineProperty(harness, 'qq', { value: qq }) as AccountsHarness & { qq: TestProvider };
}

describe.each(storageCases())('social sign-in on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useSocialApp(store);

  const socialLogin = (provider: string, payload: unknown) =>
    post(h.app, `/auth/social/${provider}/login`, payload);
  const link = (token: string | null, provider: string, payload: unknown) =>
    post(h.app, `/me/social/${provider}`, payload, token === null ? {} : bearer(token));
  const links = (token: string) =>
    h.app.inject({ method: 'GET', url: '/api/v1/me/social', headers: bearer(token) });
  const unlink = (token: string | null, provider: string) =>
    h.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/social/${provider}`,
      headers: token === null ? {} : bearer(token),
    });
  const me = (token: string) => h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

  /** Registers and signs in `userName`, returning the account id and its access token. */
  async function account(userName: string): Promise<{ id: number; token: string }> {
    const { id } = await register(h, userName);
    return { id, token: (await login(h, userName)).accessToken };
  }

  function expectLinked(res: LightMyRequestResponse, provider: string, externalId: string, at: number): void {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ provider, externalId, linkedAt: new Date(at).toISOString() });
  }

  it('refuses a disabled account through its linked identity too', async () => {
    const dora = await account('social-disabled');
    expectLinked(await link(dora.token, 'qq', { code: 'good:dora-qq' }), 'qq', 'dora-qq', h.clock.ms);
    await h.storage.db
      .updateTable('users')
      .set({ disabled_at: h.clock.ms })
      .where('id', '=', dora.id)
      .execute();
    const refused = await socialLogin('qq', { code: 'good:dora-qq' });
    expect(expectError(refused, 403, 'account_disabled')).toBe(ACCOUNT_DISABLED);
  });

  it('lists the wired providers, without needing a bearer', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/social-providers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: 'qq', name: 'QQ' },
        { id: 'wechat', name: 'WeChat' },
        { id: 'broken', name: 'Broken' },
      ],
      total: 3,
    });
  });

  it('links an identity and signs in through it as that account', async () => {
    const alice = await account('social-alice');
    const linked = await link(alice.token, 'qq', { code: 'good:alice-qq' });
    expectLinked(linked, 'qq', 'alice-qq', h.clock.ms);
    expect(h.qq.codes.at(-1)).toBe('good:alice-qq');

    h.clock.advance(60_000);
    const res = await socialLogin('qq', { code: 'good:alice-qq' });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as SessionBody;
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'refreshToken', 'registeredAt']);
    expect(session.registeredAt).toBe((await login(h, 'social-alice')).registeredAt);
    const who = await me(session.accessToken);
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json()).toMatchObject({ id: alice.id, userName: 'social-alice' });

    // A session like any other: its refresh token works and ends with a logout.
    const refreshed = await post(h.app, '/auth/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const out = await post(h.app, '/auth/logout', {}, bearer(session.accessToken));
    expect(out.statusCode, out.body).toBe(204);
    expectError(await me(session.accessToken), 401, 'unauthorized');
    expect((await me(alice.token)).statusCode).toBe(200);
  });

  it('does not sign in with the same id at another provider', async () => {
    const carol = await account('social-carol');
    expect((await link(carol.token, 'qq', { code: 'good:carol' })).statusCode).toBe(200);
    expect(expectError(await socialLogin('wechat', { code: 'good:carol' }), 404, 'not_found')).toBe(
      IDENTITY_NOT_LINKED,
    );
  });

  it('answers 404 for an identity no account is linked to', async () => {
    const message = expectError(await socialLogin('wechat', { code: 'good:nobody' }), 404, 'not_found');
    expect(message).toBe(IDENTITY_NOT_LINKED);
  });

  it('answers 404 for a provider that is not wired, and 400 for a malformed one', async () => {
    expect(expectError(await socialLogin('weibo', { code: 'good:x' }), 404, 'not_found')).toBe(
      NO_SUCH_PROVIDER,
    );
    for (const bad of ['QQ', '1qq', 'we_chat', 'a'.repeat(33)]) {
      expectError(await socialLogin(bad, { code: 'good:x' }), 400, 'bad_request');
    }
    const dave = await account('social-dave');
    expect(expectError(await link(dave.token, 'weibo', { code: 'good:dave' }), 404, 'not_found')).toBe(
      NO_SUCH_PROVIDER,
    );
    expectError(await unlink(dave.token, 'We-Chat'), 400, 'bad_request');
  });

  it('answers 401 when the provider refuses the code or gives no usable id', async () => {
    const before = h.qq.codes.length;
    expect(expectError(await socialLogin('qq', { code: 'expired' }), 401, 'unauthorized')).toBe(
      SOCIAL_SIGN_IN_FAILED,
    );
    expect(h.qq.codes.length).toBe(before + 1);
    expect(expectError(await socialLogin('broken', { code: 'good:x' }), 401, 'unauthorized')).toBe(
      SOCIAL_SIGN_IN_FAILED,
    );
  });

  it('refuses a missing, empty or oversized code and unknown fields', async () => {
    for (const body of [{}, { code: '' }, { code: 'x'.repeat(2049) }, { code: 'good:x', extra: 1 }]) {
      expectError(await socialLogin('qq', body), 400, 'bad_request');
    }
    const erin = await account('social-erin');
    expectError(await link(erin.token, 'qq', { code: 'good:erin', userId: 1 }), 400, 'bad_request');
  });

  it('needs a bearer to link, list and unlink', async () => {
    expectError(await link(null, 'qq', { code: 'good:anyone' }), 401, 'unauthorized');
    expectError(await h.app.inject({ method: 'GET', url: '/api/v1/me/social' }), 401, 'unauthorized');
    expectError(await unlink(null, 'qq'), 401, 'unauthorized');
  });

  it('answers 400 to a link whose code the provider refuses, and links nothing', async () => {
    const frank = await account('social-frank');
    expect(expectError(await link(frank.token, 'qq', { code: 'bad' }), 400, 'bad_request')).toBe(
      SOCIAL_SIGN_IN_FAILED,
    );
    expect((await links(frank.token)).json()).toEqual({ items: [], total: 0 });
  });

  it('refuses an identity linked to another account, and a second identity of a provider', async () => {
    const grace = await account('social-grace');
    const heidi = await account('social-heidi');
    const at = h.clock.ms;
    expectLinked(await link(grace.token, 'qq', { code: 'good:grace' }), 'qq', 'grace', at);

    expect(expectError(await link(heidi.token, 'qq', { code: 'good:grace' }), 409, 'conflict')).toBe(
      LINKED_TO_ANOTHER,
    );
    expect(expectError(await link(grace.token, 'qq', { code: 'good:grace-2' }), 409, 'conflict')).toBe(
      PROVIDER_ALREADY_LINKED,
    );
    // Linking the same identity again changes nothing.
    h.clock.advance(1000);
    expectLinked(await link(grace.token, 'qq', { code: 'good:grace' }), 'qq', 'grace', at);
    // The same id at another provider is another identity.
    expectLinked(await link(heidi.token, 'wechat', { code: 'good:grace' }), 'wechat', 'grace', h.clock.ms);

    const res = await socialLogin('qq', { code: 'good:grace' });
    expect((await me((res.json() as SessionBody).accessToken)).json()).toMatchObject({ id: grace.id });
  });

  it('lets exactly one of two accounts linking one identity at once win', async () => {
    const ivan = await account('social-ivan');
    const judy = await account('social-judy');
    const replies = await Promise.all([
      link(ivan.token, 'qq', { code: 'good:contested' }),
      link(judy.token, 'qq', { code: 'good:contested' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await h.storage.db
      .selectFrom('social_identities')
      .select('user_id')
      .where('provider', '=', 'qq')
      .where('external_id', '=', 'contested')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("lists the caller's own links, oldest first", async () => {
    const kim = await account('social-kim');
    const other = await account('social-kim-other');
    const first = h.clock.ms;
    await link(kim.token, 'wechat', { code: 'good:kim-wx' });
    h.clock.advance(5000);
    await link(kim.token, 'qq', { code: 'good:kim-qq' });
    await link(other.token, 'qq', { code: 'good:kim-other' });

    const res = await links(kim.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { provider: 'wechat', externalId: 'kim-wx', linkedAt: new Date(first).toISOString() },
        { provider: 'qq', externalId: 'kim-qq', linkedAt: new Date(first + 5000).toISOString() },
      ],
      total: 2,
    });
  });

  it('unlinks: the identity no longer signs in and may be linked elsewhere', async () => {
    const leo = await account('social-leo');
    const mia = await account('social-mia');
    await link(leo.token, 'qq', { code: 'good:leo' });
    await link(leo.token, 'wechat', { code: 'good:leo' });

    const res = await unlink(leo.token, 'qq');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(expectError(await socialLogin('qq', { code: 'good:leo' }), 404, 'not_found')).toBe(
      IDENTITY_NOT_LINKED,
    );
    expect(expectError(await unlink(leo.token, 'qq'), 404, 'not_found')).toBe(NOT_LINKED);
    expect((await links(leo.token)).json()).toMatchObject({ items: [{ provider: 'wechat' }], total: 1 });
    // The other provider's link still signs in.
    expect((await socialLogin('wechat', { code: 'good:leo' })).statusCode).toBe(200);

    // Another account's link is not the caller's to remove.
    expect(expectError(await unlink(mia.token, 'wechat'), 404, 'not_found')).toBe(NOT_LINKED);
    expectLinked(await link(mia.token, 'qq', { code: 'good:leo' }), 'qq', 'leo', h.clock.ms);
    // A provider no longer wired can still be unlinked, so stale links can be cleaned up.
    expect(expectError(await unlink(mia.token, 'weibo'), 404, 'not_found')).toBe(NOT_LINKED);
  });

  it("removes an account's identities with the account", async () => {
    const nina = await account('social-nina');
    await link(nina.token, 'qq', { code: 'good:nina' });
    await h.storage.db.deleteFrom('users').where('id', '=', nina.id).execute();
    const rows = await h.storage.db
      .selectFrom('social_identities')
      .select('id')
      .where('user_id', '=', nina.id)
      .execute();
    expect(rows).toEqual([]);
    expectError(await socialLogin('qq', { code: 'good:nina' }), 404, 'not_found');
  });

  it('refuses to build an app with two providers of one id', async () => {
    await expect(
      buildApp({
        storage: h.storage,
        secrets: { jwtKey: h.jwtKey },
        socialProviders: [h.qq, new TestProvider('qq', 'QQ again')],
        logLevel: false,
      }),
    ).rejects.toThrow(/"qq" is used twice/);
  });
});

describe.each(storageCases())('social sign-in by default on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  it('offers no provider and signs in through none', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/social-providers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0 });
    expect(
      expectError(await post(h.app, '/auth/social/qq/login', { code: 'good:x' }), 404, 'not_found'),
    ).toBe(NO_SUCH_PROVIDER);
  });
});
