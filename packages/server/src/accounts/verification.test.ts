/**
 * Verification codes under concurrency and per client address, on SQLite and PostgreSQL: a code
 * is compared at most 5 times however many guesses arrive at once, and one client cannot have
 * codes sent to any number of targets.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import { expectError, freshPhone, register, requestCode, useAccountsApp } from './test-support.js';
import { MAX_CODE_ATTEMPTS } from './verification.js';

const BURST = 150;
const MINUTE = 60_000;

/** `BURST` different wrong codes, with the right one at the middle. */
function guesses(right: string): string[] {
  return Array.from({ length: BURST }, (_, i) =>
    i === BURST / 2 ? right : String((Number(right) + i + 1) % 1_000_000).padStart(6, '0'),
  );
}

/** How many guesses were compared with the code: a wrong one answers 400, the right one 2xx. */
function compared(replies: readonly LightMyRequestResponse[]): number {
  return replies.filter((r) => r.statusCode === 400 || r.statusCode < 300).length;
}

describe.each(storageCases())('verification codes on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  const codeFrom = (
    target: { phone: string } | { email: string },
    remoteAddress: string,
    purpose = 'register',
  ) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verification-codes',
      payload: { ...target, purpose },
      remoteAddress,
    });

  describe('concurrent guesses', () => {
    it(`compares a recovery code at most ${MAX_CODE_ATTEMPTS} times among ${BURST} guesses`, async () => {
      const { phone } = await register(h, 'guess-recover');
      const before = await h.storage.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_name', '=', 'guess-recover')
        .executeTakeFirstOrThrow();
      h.clock.advance(MINUTE);
      const code = await requestCode(h, { phone }, 'recover');
      const replies = await Promise.all(
        guesses(code).map((guess, i) =>
          h.app.inject({
            method: 'POST',
            url: '/api/v1/auth/recover',
            payload: { phone, code: guess, password: 'taken-over' },
            remoteAddress: `10.80.${i >> 8}.${i & 255}`,
          }),
        ),
      );
      const n = compared(replies);
      expect(n, `${n} of ${BURST} guesses compared`).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS);
      expect(replies.map((r) => r.statusCode)).not.toContain(204);
      const after = await h.storage.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_name', '=', 'guess-recover')
        .executeTakeFirstOrThrow();
      expect(after.password_hash).toBe(before.password_hash);
      expectError(replies[BURST / 2]!, 429, 'rate_limited');
    });

    it(`compares a registration code at most ${MAX_CODE_ATTEMPTS} times among ${BURST} guesses`, async () => {
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      const replies = await Promise.all(
        guesses(code).map((guess, i) =>
          h.app.inject({
            method: 'POST',
            url: '/api/v1/auth/register',
            payload: { userName: `guess-reg-${i}`, password: 'secret123', phone, code: guess },
            remoteAddress: `10.81.${i >> 8}.${i & 255}`,
          }),
        ),
      );
      const n = compared(replies);
      expect(n, `${n} of ${BURST} guesses compared`).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS);
      expect(replies.map((r) => r.statusCode)).not.toContain(201);
    });
  });

  describe('per client address', () => {
    it('sends at most 5 codes in 10 minutes and 20 a day from one address', async () => {
      const client = '10.90.0.1';
      for (let i = 0; i < 5; i += 1) {
        expect((await codeFrom({ phone: freshPhone() }, client)).statusCode).toBe(202);
      }
      const refused = await codeFrom({ phone: freshPhone() }, client);
      expectError(refused, 429, 'rate_limited');
      expect(refused.headers['retry-after']).toBe('600');
      expect((await codeFrom({ phone: freshPhone() }, '10.90.0.2')).statusCode).toBe(202);
      for (let window = 1; window < 4; window += 1) {
        h.clock.advance(10 * MINUTE);
        for (let i = 0; i < 5; i += 1) {
          expect((await codeFrom({ email: `bomb-${window}-${i}@example.com` }, client)).statusCode).toBe(202);
        }
      }
      h.clock.advance(10 * MINUTE);
      const daily = await codeFrom({ phone: freshPhone() }, client);
      expectError(daily, 429, 'rate_limited');
      expect(daily.headers['retry-after']).toBe(String(24 * 60 * 60 - 40 * 60));
    });

    it(`sends at most 5 of ${BURST} concurrent requests for different targets from one address`, async () => {
      const before = h.sender.messages.length;
      const replies = await Promise.all(
        Array.from({ length: BURST }, () => codeFrom({ phone: freshPhone() }, '10.91.0.1')),
      );
      const sent = h.sender.messages.length - before;
      expect(sent, `${sent} of ${BURST} codes sent`).toBeLessThanOrEqual(5);
      expect(replies.filter((r) => r.statusCode === 202)).toHaveLength(sent);
    });

    it(`sends one code of ${BURST} concurrent requests for one target`, async () => {
      const phone = freshPhone();
      const replies = await Promise.all(
        Array.from({ length: BURST }, (_, i) => codeFrom({ phone }, `10.92.${i >> 8}.${i & 255}`)),
      );
      const sent = h.sender.messages.filter((m) => m.target === phone).length;
      expect(sent, `${sent} of ${BURST} codes sent`).toBe(1);
      expect(replies.filter((r) => r.statusCode === 202)).toHaveLength(1);
    });
  });
});
