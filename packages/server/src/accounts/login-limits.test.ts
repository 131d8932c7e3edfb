/**
 * The sign-in limits over HTTP, on SQLite and PostgreSQL: per account and address pair, the
 * growing delay per account, the looser limit per address, bursts of concurrent sign-ins, and the
 * client address taken from a trusted proxy only. Password verifications are counted by wrapping
 * argon2's `verify`, so a test sees how many hashes a burst really checked.
 */
import type * as Argon2 from '@node-rs/argon2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt, vi } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import { LOGIN_POLICY } from './login-limits.js';
import { expectError, register, useAccountsApp } from './test-support.js';
import type { AccountsHarness } from './test-support.js';

const argon = vi.hoisted(() => ({ verifies: 0 }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifies += 1;
      return real.verify(...args);
    },
  };
});

const MINUTE = 60_000;
const BURST = 150;

function loginFrom(
  app: FastifyInstance,
  userName: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userName, password },
    remoteAddress,
    headers,
  });
}

/** The Retry-After of a 429, in whole seconds. */
function retryAfter(res: LightMyRequestResponse): number {
  expectError(res, 429, 'rate_limited');
  const header = res.headers['retry-after'];
  expect(header, 'Retry-After').toMatch(/^\d+$/);
  return Number(header);
}

/** Runs `count` sign-ins at once; the one at `rightAt` carries the right password. */
async function burst(
  h: AccountsHarness,
  userName: string,
  address: (i: number) => string,
  rightAt: number,
): Promise<{ verified: number; statuses: number[]; right: LightMyRequestResponse }> {
  const before = argon.verifies;
  const replies = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      loginFrom(h.app, userName, i === rightAt ? 'secret123' : `wrong-${i}`, address(i)),
    ),
  );
  return {
    verified: argon.verifies - before,
    statuses: replies.map((r) => r.statusCode),
    right: replies[rightAt]!,
  };
}

describe.each(storageCases())('sign-in limits on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  describe('bursts of concurrent sign-ins', () => {
    it(`checks at most 5 passwords of ${BURST} concurrent ones from one address`, async () => {
      await register(h, 'burst-pair');
      const seen = await burst(h, 'burst-pair', () => '10.20.0.1', BURST / 2);
      expect(seen.statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(seen.verified, `${seen.verified} of ${BURST} passwords checked`).toBeLessThanOrEqual(5);
      expect(seen.statuses).not.toContain(200);
      retryAfter(seen.right);
    });

    it(`checks at most 5 passwords of ${BURST} concurrent ones from as many addresses`, async () => {
      await register(h, 'burst-spread');
      const seen = await burst(h, 'burst-spread', (i) => `10.21.${i >> 8}.${i & 255}`, BURST / 2);
      expect(seen.verified, `${seen.verified} of ${BURST} passwords checked`).toBeLessThanOrEqual(5);
      expect(seen.statuses).not.toContain(200);
      retryAfter(seen.right);
    });
  });

  describe('per account and address pair', () => {
    it('refuses a 6th try from the same address for 15 minutes, with Retry-After', async () => {
      await register(h, 'pair-user');
      // The owner signs in from elsewhere first, so the account's delay never applies to them.
      expect((await loginFrom(h.app, 'pair-user', 'secret123', '10.30.0.9')).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        h.clock.advance(MINUTE);
        expectError(await loginFrom(h.app, 'pair-user', 'wrong-one', '10.30.0.1'), 401, 'unauthorized');
      }
      const refused = await loginFrom(h.app, 'pair-user', 'secret123', '10.30.0.1');
      expect(retryAfter(refused)).toBe(11 * 60);
      expect(refused.json()).toMatchObject({ error: { message: expect.stringMatching(/11 minutes/) } });
      // The owner's own address is not held back by the stranger's failures.
      expect((await loginFrom(h.app, 'pair-user', 'secret123', '10.30.0.9')).statusCode).toBe(200);
      h.clock.advance(11 * MINUTE);
      expect((await loginFrom(h.app, 'pair-user', 'secret123', '10.30.0.1')).statusCode).toBe(200);
    });
  });

  describe('per account', () => {
    it('lets 5 failures through, then asks for a wait that doubles up to 15 minutes', async () => {
      await register(h, 'delay-user');
      let n = 0;
      const stranger = () => `10.40.0.${(n += 1)}`;
      for (let i = 0; i < 5; i += 1) {
        expectError(await loginFrom(h.app, 'delay-user', 'wrong-one', stranger()), 401, 'unauthorized');
      }
      const waits: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const wait = retryAfter(await loginFrom(h.app, 'delay-user', 'secret123', stranger()));
        waits.push(wait);
        h.clock.advance(wait * 1000 - 1);
        expect(retryAfter(await loginFrom(h.app, 'delay-user', 'wrong-one', stranger()))).toBe(1);
        h.clock.advance(1);
        expectError(await loginFrom(h.app, 'delay-user', 'wrong-one', stranger()), 401, 'unauthorized');
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
      const last = await loginFrom(h.app, 'delay-user', 'secret123', stranger());
      expect(last.json()).toMatchObject({ error: { message: expect.stringMatching(/15 minutes/) } });
      // A quiet day starts the count afresh.
      h.clock.advance(24 * 60 * MINUTE);
      expect((await loginFrom(h.app, 'delay-user', 'secret123', stranger())).statusCode).toBe(200);
    });

    it('lets the owner in from a usual address while strangers hammer the account', async () => {
      await register(h, 'owner-user');
      expect((await loginFrom(h.app, 'owner-user', 'secret123', '10.50.0.1')).statusCode).toBe(200);
      for (let i = 0; i < 40; i += 1) {
        await loginFrom(h.app, 'owner-user', `guess-${i}`, `10.51.0.${i}`);
        h.clock.advance(1000);
      }
      expect((await loginFrom(h.app, 'owner-user', 'secret123', '10.50.0.1')).statusCode).toBe(200);
      // From an address it has not signed in from, the owner waits like everyone else.
      retryAfter(await loginFrom(h.app, 'owner-user', 'secret123', '10.50.0.2'));
    });
  });

  describe('per address', () => {
    it('limits untried accounts from a busy address, not those already signed in from it', async () => {
      await register(h, 'addr-regular');
      await register(h, 'addr-newcomer');
      const office = '10.60.0.1';
      expect((await loginFrom(h.app, 'addr-regular', 'secret123', office)).statusCode).toBe(200);
      for (let i = 0; i < LOGIN_POLICY.address.limit; i += 1) {
        expectError(await loginFrom(h.app, `addr-nobody-${i}`, 'nope-nope', office), 401, 'unauthorized');
      }
      const refused = await loginFrom(h.app, 'addr-newcomer', 'secret123', office);
      expect(retryAfter(refused)).toBe(15 * 60);
      expect((await loginFrom(h.app, 'addr-regular', 'secret123', office)).statusCode).toBe(200);
      expect((await loginFrom(h.app, 'addr-newcomer', 'secret123', '10.60.0.2')).statusCode).toBe(200);
    });
  });
});

describe.each(storageCases())('client address on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const proxy = '10.70.0.1';

  /** 5 failures through the proxy as client A, then the right password as client B. */
  async function spoofed(h: AccountsHarness, userName: string): Promise<LightMyRequestResponse> {
    await register(h, userName);
    for (let i = 0; i < 5; i += 1) {
      const res = await loginFrom(h.app, userName, 'wrong-one', proxy, { 'x-forwarded-for': '203.0.113.7' });
      expectError(res, 401, 'unauthorized');
    }
    h.clock.advance(MINUTE);
    return loginFrom(h.app, userName, 'secret123', proxy, { 'x-forwarded-for': '198.51.100.8' });
  }

  describe('without TRUST_PROXY', () => {
    const h = useAccountsApp(store);
    it('ignores X-Forwarded-For: every client is the socket address', async () => {
      retryAfter(await spoofed(h, 'xff-ignored'));
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    const h = useAccountsApp(store, { trustProxy: [proxy] });
    it('counts the client named by X-Forwarded-For', async () => {
      expect((await spoofed(h, 'xff-honoured')).statusCode).toBe(200);
      // A client that is not the proxy cannot pick its address.
      await register(h, 'xff-direct');
      for (let i = 0; i < 5; i += 1) {
        const res = await loginFrom(h.app, 'xff-direct', 'wrong-one', '10.70.0.2', {
          'x-forwarded-for': `203.0.113.${i}`,
        });
        expectError(res, 401, 'unauthorized');
      }
      h.clock.advance(MINUTE);
      retryAfter(
        await loginFrom(h.app, 'xff-direct', 'secret123', '10.70.0.2', { 'x-forwarded-for': '1.1.1.1' }),
      );
    });
  });
});
