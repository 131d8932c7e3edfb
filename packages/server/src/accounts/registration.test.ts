/** Verification codes, registration and recovery over HTTP, on SQLite and PostgreSQL. */
import { describe, expect, it as baseIt } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import {
  useAccountsApp,
  expectError,
  freshPhone,
  login,
  post,
  register,
  requestCode,
} from './test-support.js';
import { CODE_TTL_MS } from './verification.js';

describe.each(storageCases())('sign-up on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  describe('verification codes', () => {
    it('sends a 6-digit code and stores only its hash', async () => {
      const phone = freshPhone();
      const res = await post(h.app, '/auth/verification-codes', { phone, purpose: 'register' });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sent: true, expiresAt: new Date(h.clock.ms + CODE_TTL_MS).toISOString() });
      const sent = h.sender.messages.at(-1)!;
      expect(sent).toMatchObject({ channel: 'phone', target: phone, purpose: 'register' });
      expect(sent.code).toMatch(/^\d{6}$/);
      const rows = await h.storage.db
        .selectFrom('verification_codes')
        .selectAll()
        .where('target', '=', phone)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.code_hash).not.toContain(sent.code);
    });

    it('sends to an e-mail address in lower case', async () => {
      const res = await post(h.app, '/auth/verification-codes', {
        email: 'Ops@Example.COM',
        purpose: 'bind',
      });
      expect(res.statusCode).toBe(202);
      expect(h.sender.messages.at(-1)).toMatchObject({ channel: 'email', target: 'ops@example.com' });
    });

    it('rejects bad targets and purposes', async () => {
      for (const payload of [
        { phone: '23800000000', purpose: 'register' },
        { phone: '1380000000', purpose: 'register' },
        { email: 'not-an-address', purpose: 'register' },
        { phone: '13800000000', purpose: 'login' },
        { phone: '13800000000', email: 'a@example.com', purpose: 'register' },
        { purpose: 'register' },
      ]) {
        expectError(await post(h.app, '/auth/verification-codes', payload), 400, 'bad_request');
      }
    });

    it('limits codes per target to one a minute and ten an hour', async () => {
      const phone = freshPhone();
      await requestCode(h, { phone }, 'register');
      expectError(
        await post(h.app, '/auth/verification-codes', { phone, purpose: 'bind' }),
        429,
        'rate_limited',
      );
      for (let i = 1; i < 10; i += 1) {
        h.clock.advance(61_000);
        await requestCode(h, { phone }, 'register');
      }
      h.clock.advance(61_000);
      expectError(
        await post(h.app, '/auth/verification-codes', { phone, purpose: 'register' }),
        429,
        'rate_limited',
      );
      h.clock.advance(60 * 60 * 1000);
      await requestCode(h, { phone }, 'register');
    });

    it('answers 503 and keeps nothing when the code cannot be delivered', async () => {
      const phone = freshPhone();
      h.sender.failing = true;
      try {
        expectError(
          await post(h.app, '/auth/verification-codes', { phone, purpose: 'register' }),
          503,
          'unavailable',
        );
      } finally {
        h.sender.failing = false;
      }
      await requestCode(h, { phone }, 'register');
    });

    it('does not send recovery codes to numbers no account uses, and does not say so', async () => {
      const phone = freshPhone();
      const before = h.sender.messages.length;
      const res = await post(h.app, '/auth/verification-codes', { phone, purpose: 'recover' });
      expect(res.statusCode).toBe(202);
      expect(h.sender.messages.length).toBe(before);
    });
  });

  describe('registration', () => {
    it('creates the account with a valid code', async () => {
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      const res = await post(h.app, '/auth/register', {
        userName: '张三_ops-1.x',
        password: 'secret123',
        phone,
        code,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        userName: '张三_ops-1.x',
        registeredAt: new Date(h.clock.ms).toISOString(),
      });
      const user = await h.storage.db
        .selectFrom('users')
        .selectAll()
        .where('user_name', '=', '张三_ops-1.x')
        .executeTakeFirstOrThrow();
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user).toMatchObject({ phone, authority: 4, tenant_id: null });
    });

    it("puts an account made on a tenant's sub-domain into the tenant, and none elsewhere", async () => {
      const tenant = await h.storage.db
        .insertInto('tenants')
        .values({ key: 'reg-acme', name: 'Acme', created_at: h.clock.ms, updated_at: h.clock.ms })
        .returning('id')
        .executeTakeFirstOrThrow();
      const made = async (userName: string, host: string) => {
        const phone = freshPhone();
        const code = await requestCode(h, { phone }, 'register');
        const res = await h.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          headers: { host },
          payload: { userName, password: 'secret123', phone, code },
        });
        expect(res.statusCode, res.body).toBe(201);
        const row = await h.storage.db
          .selectFrom('users')
          .select('tenant_id')
          .where('user_name', '=', userName)
          .executeTakeFirstOrThrow();
        return row.tenant_id;
      };
      expect(await made('reg_acme_1', 'REG-ACME.example.com:8080')).toBe(tenant.id);
      // The shared names, an unknown key, a bare host and an address: no tenant.
      expect(await made('reg_www_1', 'www.example.com')).toBeNull();
      expect(await made('reg_other_1', 'nobody.example.com')).toBeNull();
      expect(await made('reg_local_1', 'localhost:8080')).toBeNull();
      expect(await made('reg_ip_1', '10.0.0.5:8080')).toBeNull();
    });

    it('refuses a wrong code, then accepts the right one once', async () => {
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      const wrong = code === '000000' ? '000001' : '000000';
      const body = { userName: 'reg-once', password: 'secret123', phone };
      expectError(await post(h.app, '/auth/register', { ...body, code: wrong }), 400, 'bad_request');
      expect((await post(h.app, '/auth/register', { ...body, code })).statusCode).toBe(201);
      const again = await post(h.app, '/auth/register', { ...body, userName: 'reg-twice', code });
      expect(expectError(again, 400, 'bad_request')).toBe('verification code wrong or expired');
    });

    it('refuses an expired code', async () => {
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      h.clock.advance(CODE_TTL_MS);
      const res = await post(h.app, '/auth/register', {
        userName: 'reg-late',
        password: 'secret123',
        phone,
        code,
      });
      expectError(res, 400, 'bad_request');
    });

    it('refuses a code meant for another purpose or number', async () => {
      const phone = freshPhone();
      const other = freshPhone();
      const code = await requestCode(h, { phone }, 'bind');
      expectError(
        await post(h.app, '/auth/register', { userName: 'reg-bind', password: 'secret123', phone, code }),
        400,
        'bad_request',
      );
      const registerCode = await requestCode(h, { phone }, 'register').catch(() => null);
      h.clock.advance(61_000);
      const code2 = registerCode ?? (await requestCode(h, { phone }, 'register'));
      expectError(
        await post(h.app, '/auth/register', {
          userName: 'reg-other',
          password: 'secret123',
          phone: other,
          code: code2,
        }),
        400,
        'bad_request',
      );
    });

    it('gives up on a code after 5 wrong tries', async () => {
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      const wrong = code === '000000' ? '000001' : '000000';
      const body = { userName: 'reg-guess', password: 'secret123', phone };
      for (let i = 0; i < 5; i += 1) {
        expectError(await post(h.app, '/auth/register', { ...body, code: wrong }), 400, 'bad_request');
      }
      expectError(await post(h.app, '/auth/register', { ...body, code }), 429, 'rate_limited');
      h.clock.advance(61_000);
      const fresh = await requestCode(h, { phone }, 'register');
      expect((await post(h.app, '/auth/register', { ...body, code: fresh })).statusCode).toBe(201);
    });

    it('answers 409 for a taken name or phone and keeps the code', async () => {
      const taken = await register(h, 'reg-taken');
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      const byName = await post(h.app, '/auth/register', {
        userName: 'reg-taken',
        password: 'secret123',
        phone,
        code,
      });
      expect(expectError(byName, 409, 'conflict')).toMatch(/name/);
      h.clock.advance(61_000);
      const code2 = await requestCode(h, { phone: taken.phone }, 'register');
      const byPhone = await post(h.app, '/auth/register', {
        userName: 'reg-taken-2',
        password: 'secret123',
        phone: taken.phone,
        code: code2,
      });
      expect(expectError(byPhone, 409, 'conflict')).toMatch(/phone/);
      const later = await post(h.app, '/auth/register', {
        userName: 'reg-free',
        password: 'secret123',
        phone,
        code,
      });
      expect(later.statusCode).toBe(201);
    });

    it('validates name and password', async () => {
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      for (const fields of [
        { userName: '', password: 'secret123' },
        { userName: 'a'.repeat(33), password: 'secret123' },
        { userName: 'white space', password: 'secret123' },
        { userName: 'ok-name', password: '12345' },
      ]) {
        expectError(await post(h.app, '/auth/register', { ...fields, phone, code }), 400, 'bad_request');
      }
      expect(
        (await post(h.app, '/auth/register', { userName: 'a'.repeat(32), password: '123456', phone, code }))
          .statusCode,
      ).toBe(201);
    });
  });

  describe('recovery', () => {
    it('sets a new password with a recovery code and ends every session', async () => {
      const { phone } = await register(h, 'rec-user', 'old-secret');
      const session = await login(h, 'rec-user', 'old-secret');
      h.clock.advance(61_000);
      const code = await requestCode(h, { phone }, 'recover');
      const wrong = code === '000000' ? '000001' : '000000';
      expectError(
        await post(h.app, '/auth/recover', { phone, code: wrong, password: 'new-secret' }),
        400,
        'bad_request',
      );
      const res = await post(h.app, '/auth/recover', { phone, code, password: 'new-secret' });
      expect(res.statusCode).toBe(204);
      expectError(
        await post(h.app, '/auth/token-login', { token: session.accessToken }),
        401,
        'unauthorized',
      );
      expectError(
        await post(h.app, '/auth/refresh', { refreshToken: session.refreshToken }),
        401,
        'unauthorized',
      );
      expectError(
        await post(h.app, '/auth/login', { userName: 'rec-user', password: 'old-secret' }),
        401,
        'unauthorized',
      );
      await login(h, 'rec-user', 'new-secret');
      expectError(
        await post(h.app, '/auth/recover', { phone, code, password: 'third-secret' }),
        400,
        'bad_request',
      );
    });

    it('refuses a registration code for recovery', async () => {
      const phone = freshPhone();
      const code = await requestCode(h, { phone }, 'register');
      expectError(
        await post(h.app, '/auth/recover', { phone, code, password: 'new-secret' }),
        400,
        'bad_request',
      );
    });
  });
});
