/** Share codes and grants: issuing, redeeming, limits, revoking and leaving, on both databases. */
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt } from 'vitest';
import { buildApp } from '../app.js';
import { bearer, expectError, login, register, useAccountsApp } from '../accounts/test-support.js';
import type { ShareLevel, ShareValidity } from '../storage/schema.js';
import { storageCases } from '../storage/test-support.js';
import { SHARE_CODE_ALPHABET, SHARE_CODE_LENGTH, canonicalShareCode } from '@fieldlink/protocol';
import { CODE_BITS, expiryOf, generateCode, hashCode, MAX_WRONG_CODES, REDEEM_WINDOW_MS } from './codes.js';
import { INVALID_CODE, NOT_MANAGER, TOO_MUCH } from './plugin.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{26}$/;

interface Created {
  id: number;
  code: string;
  url: string;
  expiresAt: string | null;
  level: ShareLevel;
  validity: ShareValidity;
  maxCount: number;
  camera: boolean;
  slaves: boolean;
}

interface Redeemed {
  equipmentId: number;
  grantId: number;
  level: ShareLevel;
  camera: boolean;
  slaves: boolean;
  expiresAt: string | null;
}

interface Permission {
  level: number;
  operate: number;
  camera: number;
  owner: boolean;
  until: string | null;
}

describe('share codes', () => {
  baseIt('are 26 Crockford base32 characters, at least 128 random bits, each one new', () => {
    expect(SHARE_CODE_ALPHABET).toHaveLength(32);
    expect(CODE_BITS).toBeGreaterThanOrEqual(128);
    const codes = new Set(Array.from({ length: 1000 }, generateCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    // Every character of the alphabet turns up: no bits are lost to a skewed mapping.
    expect(new Set([...codes].join('')).size).toBe(32);
  });

  baseIt('read case-insensitively, without spaces and dashes, with look-alikes mapped', () => {
    const code = '0123456789ABCDEFGHJKMNPQRS';
    expect(canonicalShareCode(code)).toBe(code);
    expect(canonicalShareCode('o123-4567 89ab-cdef ghjk-mnpq-rs')).toBe(code);
    expect(canonicalShareCode('OI23456789ABCDEFGHJKMNPQRS')).toBe(code);
    expect(canonicalShareCode(' O12345678 9abcdefghjkmnpqrs ')).toBe(code);
    expect(canonicalShareCode('0l23456789abcdefghjkmnpqrs')).toBe(code);
    expect(canonicalShareCode('0i23456789abcdefghjkmnpqrs')).toBe(code);
    for (const wrong of [
      '',
      '0123456789ABCDEFGHJKMNPQR',
      `${code}0`,
      '0123456789ABCDEFGHJKMNPQRU',
      '0123456789ABCDEFGHJKMNPQR!',
    ]) {
      expect(canonicalShareCode(wrong), wrong).toBeNull();
    }
    expect(hashCode(code)).toBe(createHash('sha256').update(code).digest('hex'));
  });

  baseIt('end after their validity, but never after the issuer’s own access', () => {
    const t = 1_000_000;
    expect(expiryOf('1h', t, null)).toBe(t + HOUR);
    expect(expiryOf('1d', t, null)).toBe(t + DAY);
    expect(expiryOf('1w', t, null)).toBe(t + 7 * DAY);
    expect(expiryOf('1m', t, null)).toBe(t + 30 * DAY);
    expect(expiryOf('permanent', t, null)).toBeNull();
    expect(expiryOf('1w', t, t + DAY)).toBe(t + DAY);
    expect(expiryOf('1h', t, t + DAY)).toBe(t + HOUR);
  });
});

describe.each(storageCases())('sharing on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  const send = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> =>
    h.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });

  function ok<T>(res: LightMyRequestResponse, status: number): T {
    expect(res.statusCode, res.body).toBe(status);
    return (status === 204 ? null : res.json()) as T;
  }

  let users = 0;
  /** A new user; `token()` signs in again, for after the clock has moved past the access token. */
  async function user(role: string): Promise<{ id: number; token: string; relogin: () => Promise<string> }> {
    users += 1;
    const name = `share-${role}-${users}`;
    const { id } = await register(h, name);
    const relogin = async () => (await login(h, name)).accessToken;
    return { id, token: await relogin(), relogin };
  }

  let serial = 0;
  async function device(token: string, type = 'FL-R8'): Promise<number> {
    serial += 1;
    const sn = `SHARE${String(serial).padStart(5, '0')}`;
    return ok<{ id: number }>(
      await send(token, 'POST', '/equipment', { sn, type, name: `Device ${serial}` }),
      201,
    ).id;
  }

  async function issue(token: string, id: number, body: Record<string, unknown>): Promise<Created> {
    return ok<Created>(await send(token, 'POST', `/equipment/${id}/share-codes`, body), 201);
  }

  async function redeem(token: string, code: string): Promise<Redeemed> {
    return ok<Redeemed>(await send(token, 'POST', '/share-codes/redeem', { code }), 200);
  }

  async function permission(token: string, id: number): Promise<Permission> {
    return ok<{ permission: Permission }>(await send(token, 'GET', `/equipment/${id}`), 200).permission;
  }

  const iso = (ms: number) => new Date(ms).toISOString();

  it('gives each level its rights, as the console reads them', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const expected: Record<ShareLevel, { level: number; operate: number }> = {
      read: { level: 1, operate: 0 },
      readwrite: { level: 3, operate: 0 },
      operate: { level: 2, operate: 1 },
      edit: { level: 3, operate: 1 },
      delete: { level: 4, operate: 1 },
    };
    for (const [level, want] of Object.entries(expected) as [
      ShareLevel,
      { level: number; operate: number },
    ][]) {
      const grantee = await user(level);
      const created = await issue(owner.token, id, { level, validity: '1w' });
      expect(created).toMatchObject({
        level,
        validity: '1w',
        maxCount: 1,
        camera: false,
        slaves: false,
        expiresAt: iso(h.clock.ms + 7 * DAY),
      });
      expect(created.code).toMatch(CODE_SHAPE);
      expect(created.url).toMatch(/^http:\/\/localhost(:80)?\/#\/share\?code=[0-9A-Z]{26}$/);
      expect(created.url.endsWith(`=${created.code}`)).toBe(true);
      expect(await send(grantee.token, 'GET', `/equipment/${id}`).then((r) => r.statusCode)).toBe(404);
      const redeemed = await redeem(grantee.token, created.code);
      expect(redeemed).toEqual({
        equipmentId: id,
        grantId: expect.any(Number) as number,
        level,
        camera: false,
        slaves: false,
        expiresAt: created.expiresAt,
      });
      expect(await permission(grantee.token, id)).toMatchObject({
        ...want,
        camera: 0,
        owner: false,
        until: created.expiresAt,
      });
    }
    // With the camera option, the camera flag too.
    const viewer = await user('camera');
    await redeem(
      viewer.token,
      (await issue(owner.token, id, { level: 'read', validity: '1d', camera: true })).code,
    );
    expect(await permission(viewer.token, id)).toMatchObject({ level: 1, operate: 0, camera: 1 });
  });

  it('stores only the hash of a code', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const created = await issue(owner.token, id, { level: 'read', validity: '1h' });
    const row = await h.storage.db
      .selectFrom('share_codes')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(createHash('sha256').update(created.code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.code);
    const other = await issue(owner.token, id, { level: 'read', validity: '1h' });
    expect(other.code).not.toBe(created.code);
  });

  it('builds the share URL on the configured public origin', async () => {
    const app = await buildApp({
      storage: h.storage,
      secrets: { jwtKey: h.jwtKey },
      now: h.clock.now,
      logLevel: false,
      publicUrl: 'https://console.example.com/',
    });
    try {
      const owner = await user('owner');
      const id = await device(owner.token);
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/equipment/${id}/share-codes`,
        headers: bearer(owner.token),
        payload: { level: 'read', validity: '1h' },
      });
      const created = ok<Created>(res, 201);
      expect(created.url).toBe(`https://console.example.com/#/share?code=${created.code}`);
    } finally {
      await app.close();
    }
  });

  it('allows permanent codes for read-only sharing only', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    for (const level of ['readwrite', 'operate', 'edit', 'delete']) {
      const res = await send(owner.token, 'POST', `/equipment/${id}/share-codes`, {
        level,
        validity: 'permanent',
      });
      expectError(res, 400, 'bad_request');
    }
    const created = await issue(owner.token, id, { level: 'read', validity: 'permanent' });
    expect(created.expiresAt).toBeNull();
    const grantee = await user('grantee');
    expect((await redeem(grantee.token, created.code)).expiresAt).toBeNull();
    expect(await permission(grantee.token, id)).toMatchObject({ level: 1, until: null });
  });

  it('refuses bodies out of range', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    for (const body of [
      {},
      { level: 'read' },
      { level: 'admin', validity: '1h' },
      { level: 'read', validity: '2h' },
      { level: 'read', validity: '1h', maxCount: 0 },
      { level: 'read', validity: '1h', maxCount: 1001 },
      { level: 'read', validity: '1h', maxCount: 1.5 },
      { level: 'read', validity: '1h', camera: 'yes' },
      { level: 'read', validity: '1h', extra: 1 },
    ]) {
      expectError(await send(owner.token, 'POST', `/equipment/${id}/share-codes`, body), 400, 'bad_request');
    }
    const many = await issue(owner.token, id, { level: 'read', validity: '1h', maxCount: 1000 });
    expect(many.maxCount).toBe(1000);
  });

  it('never lets a grantee share more than they hold, or for longer', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const editor = await user('editor');
    const writer = await user('writer');
    const editGrant = await redeem(
      editor.token,
      (await issue(owner.token, id, { level: 'edit', validity: '1d' })).code,
    );
    await redeem(writer.token, (await issue(owner.token, id, { level: 'readwrite', validity: '1w' })).code);

    // edit covers operate: allowed, and capped at the editor's own end.
    const passed = await issue(editor.token, id, { level: 'operate', validity: '1w' });
    expect(passed.expiresAt).toBe(editGrant.expiresAt);
    const short = await issue(editor.token, id, { level: 'read', validity: '1h' });
    expect(short.expiresAt).toBe(iso(h.clock.ms + HOUR));
    const third = await user('third');
    await redeem(third.token, passed.code);
    expect(await permission(third.token, id)).toMatchObject({
      level: 2,
      operate: 1,
      until: editGrant.expiresAt,
    });

    // readwrite has no operate right; nobody here holds delete or camera.
    for (const [who, body] of [
      [writer, { level: 'operate', validity: '1h' }],
      [writer, { level: 'edit', validity: '1h' }],
      [editor, { level: 'delete', validity: '1h' }],
      [editor, { level: 'read', validity: '1h', camera: true }],
    ] as const) {
      const message = expectError(
        await send(who.token, 'POST', `/equipment/${id}/share-codes`, body),
        403,
        'forbidden',
      );
      expect(message).toBe(TOO_MUCH);
    }
    // Access that ends cannot be passed on for ever.
    expectError(
      await send(editor.token, 'POST', `/equipment/${id}/share-codes`, {
        level: 'read',
        validity: 'permanent',
      }),
      400,
      'bad_request',
    );
    // Without the edit right, no codes at all.
    expectError(
      await send(third.token, 'POST', `/equipment/${id}/share-codes`, { level: 'read', validity: '1h' }),
      403,
      'forbidden',
    );
  });

  it("stops a grantee's codes when the grantee loses the rights", async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const editor = await user('editor');
    const grant = await redeem(
      editor.token,
      (await issue(owner.token, id, { level: 'edit', validity: '1w' })).code,
    );
    const code = (await issue(editor.token, id, { level: 'read', validity: '1d', maxCount: 2 })).code;
    const first = await user('first');
    await redeem(first.token, code);
    ok(await send(owner.token, 'DELETE', `/equipment/${id}/grants/${grant.grantId}`), 204);
    const second = await user('second');
    const message = expectError(
      await send(second.token, 'POST', '/share-codes/redeem', { code }),
      404,
      'not_found',
    );
    expect(message).toBe(INVALID_CODE);
    // The grant already made stays.
    expect(await permission(first.token, id)).toMatchObject({ level: 1 });
  });

  it('ends access when the grant expires, and refuses expired codes', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const grantee = await user('grantee');
    const late = await user('late');
    await redeem(grantee.token, (await issue(owner.token, id, { level: 'edit', validity: '1h' })).code);
    const unused = await issue(owner.token, id, { level: 'read', validity: '1h' });
    expect(await permission(grantee.token, id)).toMatchObject({ level: 3 });

    h.clock.advance(HOUR - 1);
    const grantee2 = await grantee.relogin();
    expect(await permission(grantee2, id)).toMatchObject({ level: 3 });
    h.clock.advance(1);
    const [granteeToken, lateToken, ownerToken] = await Promise.all([
      grantee.relogin(),
      late.relogin(),
      owner.relogin(),
    ]);
    expectError(await send(granteeToken, 'GET', `/equipment/${id}`), 404, 'not_found');
    expectError(
      await send(granteeToken, 'POST', `/equipment/${id}/share-codes`, { level: 'read', validity: '1h' }),
      404,
      'not_found',
    );
    const message = expectError(
      await send(lateToken, 'POST', '/share-codes/redeem', { code: unused.code }),
      404,
      'not_found',
    );
    expect(message).toBe(INVALID_CODE);

    // The owner still sees the expired grant, flagged.
    const grants = ok<{ items: { userId: number; expired: boolean }[]; total: number }>(
      await send(ownerToken, 'GET', `/equipment/${id}/grants`),
      200,
    );
    expect(grants.items).toEqual([expect.objectContaining({ userId: grantee.id, expired: true })]);
  });

  it('counts redemptions down to maxCount', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const created = await issue(owner.token, id, { level: 'read', validity: '1d', maxCount: 2 });
    const [a, b, c] = [await user('a'), await user('b'), await user('c')];
    await redeem(a.token, created.code);
    await redeem(b.token, created.code);
    const message = expectError(
      await send(c.token, 'POST', '/share-codes/redeem', { code: created.code }),
      404,
      'not_found',
    );
    expect(message).toBe(INVALID_CODE);
    const codes = ok<{ items: { id: number; usedCount: number; maxCount: number }[]; total: number }>(
      await send(owner.token, 'GET', `/equipment/${id}/share-codes`),
      200,
    );
    expect(codes.items).toEqual([expect.objectContaining({ id: created.id, usedCount: 2, maxCount: 2 })]);
  });

  it('never lets concurrent redemptions pass maxCount', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const created = await issue(owner.token, id, { level: 'read', validity: '1d', maxCount: 3 });
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => user(`crowd${i}`)));
    const results = await Promise.all(
      crowd.map((u) => send(u.token, 'POST', '/share-codes/redeem', { code: created.code })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 404, 404, 404, 404, 404]);
    const grants = await h.storage.db
      .selectFrom('equipment_grants')
      .select('id')
      .where('share_code_id', '=', created.id)
      .execute();
    expect(grants).toHaveLength(3);
  });

  it('gives a second grant for a second code, and the union of both', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const grantee = await user('grantee');
    await redeem(grantee.token, (await issue(owner.token, id, { level: 'readwrite', validity: '1h' })).code);
    await redeem(
      grantee.token,
      (await issue(owner.token, id, { level: 'operate', validity: '1w', camera: true })).code,
    );
    expect(await permission(grantee.token, id)).toMatchObject({
      level: 3,
      operate: 1,
      camera: 1,
      until: iso(h.clock.ms + 7 * DAY),
    });
    const grants = ok<{ items: { level: string }[]; total: number }>(
      await send(owner.token, 'GET', `/equipment/${id}/grants`),
      200,
    );
    expect(grants.total).toBe(2);
    expect(grants.items.map((g) => g.level)).toEqual(['readwrite', 'operate']);
  });

  it('refuses to redeem a code for your own equipment', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const created = await issue(owner.token, id, { level: 'read', validity: '1h' });
    expectError(
      await send(owner.token, 'POST', '/share-codes/redeem', { code: created.code }),
      409,
      'conflict',
    );
    // The refusal did not use the code up.
    const grantee = await user('grantee');
    await redeem(grantee.token, created.code);
  });

  it('stops a revoked code, but keeps the grants already made from it', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const created = await issue(owner.token, id, { level: 'read', validity: '1d', maxCount: 5 });
    const early = await user('early');
    const late = await user('late');
    await redeem(early.token, created.code);
    ok(await send(owner.token, 'DELETE', `/equipment/${id}/share-codes/${created.id}`), 204);
    ok(await send(owner.token, 'DELETE', `/equipment/${id}/share-codes/${created.id}`), 204);
    const message = expectError(
      await send(late.token, 'POST', '/share-codes/redeem', { code: created.code }),
      404,
      'not_found',
    );
    expect(message).toBe(INVALID_CODE);
    expect(await permission(early.token, id)).toMatchObject({ level: 1 });
    const codes = ok<{ items: { revokedAt: string | null; usedCount: number }[] }>(
      await send(owner.token, 'GET', `/equipment/${id}/share-codes`),
      200,
    );
    expect(codes.items).toEqual([expect.objectContaining({ revokedAt: iso(h.clock.ms), usedCount: 1 })]);
    // A code of other equipment is not found under this one.
    const other = await device(owner.token);
    const elsewhere = await issue(owner.token, other, { level: 'read', validity: '1h' });
    expectError(
      await send(owner.token, 'DELETE', `/equipment/${id}/share-codes/${elsewhere.id}`),
      404,
      'not_found',
    );
  });

  it('ends a removed grant at once', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const grantee = await user('grantee');
    const keeper = await user('keeper');
    const created = await issue(owner.token, id, { level: 'edit', validity: '1w', maxCount: 2 });
    const grant = await redeem(grantee.token, created.code);
    await redeem(keeper.token, created.code);
    ok(await send(owner.token, 'DELETE', `/equipment/${id}/grants/${grant.grantId}`), 204);
    expectError(await send(grantee.token, 'GET', `/equipment/${id}`), 404, 'not_found');
    expect(await permission(keeper.token, id)).toMatchObject({ level: 3 });
    expectError(
      await send(owner.token, 'DELETE', `/equipment/${id}/grants/${grant.grantId}`),
      404,
      'not_found',
    );
  });

  it("changes a grant's level, camera, sub-devices and end", async () => {
    const owner = await user('owner');
    const id = await device(owner.token, 'FL-JYTeam001');
    const plain = await device(owner.token);
    const grantee = await user('grantee');
    const stranger = await user('stranger');
    const grant = await redeem(
      grantee.token,
      (await issue(owner.token, id, { level: 'read', validity: '1d' })).code,
    );
    const url = `/equipment/${id}/grants/${grant.grantId}`;
    const until = iso(h.clock.now() + 3 * 86_400_000);
    const changed = ok<Record<string, unknown>>(
      await send(owner.token, 'PATCH', url, {
        level: 'operate',
        camera: true,
        slaves: true,
        expiresAt: until,
      }),
      200,
    );
    expect(changed).toMatchObject({
      level: 'operate',
      read: true,
      operate: true,
      edit: false,
      camera: true,
      slaves: true,
      expiresAt: until,
    });
    expect(await permission(grantee.token, id)).toMatchObject({ level: 2, operate: 1, camera: 1, until });
    // Only read access may be permanent; the end must lie ahead.
    expectError(await send(owner.token, 'PATCH', url, { expiresAt: null }), 400, 'bad_request');
    expectError(
      await send(owner.token, 'PATCH', url, { expiresAt: iso(h.clock.now() - 1) }),
      400,
      'bad_request',
    );
    ok(await send(owner.token, 'PATCH', url, { level: 'read', expiresAt: null }), 200);
    expect(await permission(grantee.token, id)).toMatchObject({ level: 1, operate: 0, until: null });
    // Sub-devices only on a host; only the owner (or an admin) changes grants; the grant must be this equipment's.
    const other = await redeem(
      grantee.token,
      (await issue(owner.token, plain, { level: 'read', validity: '1d' })).code,
    );
    expectError(
      await send(owner.token, 'PATCH', `/equipment/${plain}/grants/${other.grantId}`, { slaves: true }),
      400,
      'bad_request',
    );
    expectError(await send(grantee.token, 'PATCH', url, { level: 'delete' }), 403, 'forbidden');
    expectError(await send(stranger.token, 'PATCH', url, { level: 'delete' }), 404, 'not_found');
    expectError(
      await send(owner.token, 'PATCH', `/equipment/${plain}/grants/${grant.grantId}`, {}),
      404,
      'not_found',
    );
    expectError(await send(owner.token, 'PATCH', url, { level: 'owner' }), 400, 'bad_request');
  });

  it('lets a grantee give up their access, but not the owner', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const grantee = await user('grantee');
    await redeem(grantee.token, (await issue(owner.token, id, { level: 'read', validity: '1d' })).code);
    await redeem(grantee.token, (await issue(owner.token, id, { level: 'operate', validity: '1d' })).code);
    const message = expectError(
      await send(owner.token, 'DELETE', `/equipment/${id}/access`),
      409,
      'conflict',
    );
    expect(message).toBe('owners delete the equipment instead');
    ok(await send(grantee.token, 'DELETE', `/equipment/${id}/access`), 204);
    expectError(await send(grantee.token, 'GET', `/equipment/${id}`), 404, 'not_found');
    expectError(await send(grantee.token, 'DELETE', `/equipment/${id}/access`), 404, 'not_found');
    const grants = ok<{ total: number }>(await send(owner.token, 'GET', `/equipment/${id}/grants`), 200);
    expect(grants.total).toBe(0);
  });

  it('shares sub-devices with a host only when asked', async () => {
    const owner = await user('owner');
    const host = await device(owner.token, 'FL-JYTeam001');
    const sub = ok<{ id: number }>(
      await send(owner.token, 'POST', `/equipment/${host}/sub-devices`, {
        address: 1,
        type: 'FL-LR4',
        name: 'S1',
      }),
      201,
    ).id;
    const withSlaves = await user('with');
    const without = await user('without');
    const created = await issue(owner.token, host, { level: 'operate', validity: '1d', slaves: true });
    expect(created.slaves).toBe(true);
    expect((await redeem(withSlaves.token, created.code)).slaves).toBe(true);
    await redeem(without.token, (await issue(owner.token, host, { level: 'operate', validity: '1d' })).code);
    expect(await permission(withSlaves.token, sub)).toMatchObject({ level: 2, operate: 1 });
    expectError(await send(without.token, 'GET', `/equipment/${sub}`), 404, 'not_found');
    expect(await permission(without.token, host)).toMatchObject({ level: 2 });

    // Only hosts have sub-devices; a grantee without them cannot pass them on.
    const plain = await device(owner.token);
    const res = await send(owner.token, 'POST', `/equipment/${plain}/share-codes`, {
      level: 'read',
      validity: '1h',
      slaves: true,
    });
    expectError(res, 400, 'bad_request');
    const editor = await user('editor');
    await redeem(editor.token, (await issue(owner.token, host, { level: 'edit', validity: '1d' })).code);
    const refused = await send(editor.token, 'POST', `/equipment/${host}/share-codes`, {
      level: 'read',
      validity: '1h',
      slaves: true,
    });
    expect(expectError(refused, 403, 'forbidden')).toBe(TOO_MUCH);
    await issue(editor.token, host, { level: 'read', validity: '1h' });
  });

  it('accepts codes typed in lower case, with dashes, spaces and look-alikes', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    for (let i = 0; i < 3; i += 1) {
      const created = await issue(owner.token, id, { level: 'read', validity: '1h' });
      const typed = created.code
        .toLowerCase()
        .replace(/0/g, 'o')
        .replace(/1/g, i % 2 === 0 ? 'l' : 'I')
        .replace(/(.{4})/g, '$1-')
        .replace(/-(.)/, ' $1');
      const grantee = await user(`typist${i}`);
      expect((await redeem(grantee.token, typed)).equipmentId).toBe(id);
    }
    const grantee = await user('malformed');
    for (const code of ['short', 'U'.repeat(SHARE_CODE_LENGTH), '!'.repeat(SHARE_CODE_LENGTH)]) {
      expectError(await send(grantee.token, 'POST', '/share-codes/redeem', { code }), 400, 'bad_request');
    }
  });

  it('limits wrong codes per user', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const guesser = await user('guesser');
    const bystander = await user('bystander');
    const created = await issue(owner.token, id, { level: 'read', validity: '1d', maxCount: 2 });
    for (let i = 0; i < MAX_WRONG_CODES; i += 1) {
      const res = await send(guesser.token, 'POST', '/share-codes/redeem', { code: generateCode() });
      expect(expectError(res, 404, 'not_found')).toBe(INVALID_CODE);
    }
    // Even the right code is refused now, so a hit cannot be told from a miss.
    const refused = await send(guesser.token, 'POST', '/share-codes/redeem', { code: created.code });
    // The window began with the first wrong code: the wait is the whole window, said both ways.
    expect(expectError(refused, 429, 'rate_limited')).toBe(
      'too many wrong share codes; try again in 10 minutes',
    );
    expect(refused.headers['retry-after']).toBe(String(REDEEM_WINDOW_MS / 1000));
    await redeem(bystander.token, created.code);
    h.clock.advance(REDEEM_WINDOW_MS);
    await redeem(await guesser.relogin(), created.code);
  });

  it('limits wrong codes per user however many arrive at once', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const guesser = await user('guesser');
    const created = await issue(owner.token, id, { level: 'read', validity: '1d', maxCount: 2 });
    const guesses = Array.from({ length: 150 }, (_, i) => (i === 75 ? created.code : generateCode()));
    const replies = await Promise.all(
      guesses.map((code) => send(guesser.token, 'POST', '/share-codes/redeem', { code })),
    );
    const looked = replies.filter((r) => r.statusCode !== 429).length;
    expect(looked, `${looked} of 150 codes looked up`).toBeLessThanOrEqual(MAX_WRONG_CODES);
    expectError(replies[75]!, 429, 'rate_limited');
  });

  it('lists codes and grants to the owner and administrators only', async () => {
    const owner = await user('owner');
    const admin = await user('admin');
    await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
    const adminToken = await admin.relogin();
    const id = await device(owner.token);
    const grantee = await user('grantee');
    const stranger = await user('stranger');
    const created = await issue(owner.token, id, {
      level: 'delete',
      validity: '1m',
      camera: true,
      maxCount: 3,
    });
    const grant = await redeem(grantee.token, created.code);
    const adminCode = await issue(adminToken, id, { level: 'read', validity: 'permanent' });

    for (const path of ['share-codes', 'grants']) {
      expect(
        expectError(await send(grantee.token, 'GET', `/equipment/${id}/${path}`), 403, 'forbidden'),
      ).toBe(NOT_MANAGER);
      expectError(await send(stranger.token, 'GET', `/equipment/${id}/${path}`), 404, 'not_found');
    }
    const codes = ok<{ items: unknown[]; total: number }>(
      await send(adminToken, 'GET', `/equipment/${id}/share-codes`),
      200,
    );
    expect(codes).toEqual({
      items: [
        {
          id: created.id,
          level: 'delete',
          validity: '1m',
          maxCount: 3,
          usedCount: 1,
          camera: true,
          slaves: false,
          expiresAt: iso(h.clock.ms + 30 * DAY),
          revokedAt: null,
          createdAt: iso(h.clock.ms),
          createdBy: owner.id,
        },
        expect.objectContaining({ id: adminCode.id, createdBy: admin.id, expiresAt: null, usedCount: 0 }),
      ],
      total: 2,
    });
    const page = ok<{ items: { id: number }[]; total: number }>(
      await send(owner.token, 'GET', `/equipment/${id}/share-codes?offset=1&limit=1`),
      200,
    );
    expect(page).toEqual({ items: [expect.objectContaining({ id: adminCode.id })], total: 2 });
    const grants = ok<{ items: unknown[]; total: number }>(
      await send(owner.token, 'GET', `/equipment/${id}/grants`),
      200,
    );
    expect(grants).toEqual({
      items: [
        {
          id: grant.grantId,
          userId: grantee.id,
          userName: expect.stringMatching(/^share-grantee-/) as string,
          level: 'delete',
          read: true,
          operate: true,
          edit: true,
          delete: true,
          camera: true,
          slaves: false,
          expiresAt: iso(h.clock.ms + 30 * DAY),
          expired: false,
          createdAt: iso(h.clock.ms),
          shareCodeId: created.id,
        },
      ],
      total: 1,
    });
    // A grantee with every right still does not manage sharing.
    expectError(
      await send(grantee.token, 'DELETE', `/equipment/${id}/grants/${grant.grantId}`),
      403,
      'forbidden',
    );
    expectError(
      await send(grantee.token, 'DELETE', `/equipment/${id}/share-codes/${created.id}`),
      403,
      'forbidden',
    );
    ok(await send(adminToken, 'DELETE', `/equipment/${id}/share-codes/${created.id}`), 204);
  });

  it('removes the codes and grants of deleted equipment', async () => {
    const owner = await user('owner');
    const id = await device(owner.token);
    const grantee = await user('grantee');
    const created = await issue(owner.token, id, { level: 'read', validity: '1d', maxCount: 2 });
    await redeem(grantee.token, created.code);
    ok(await send(owner.token, 'DELETE', `/equipment/${id}`), 204);
    const db = h.storage.db;
    expect(await db.selectFrom('share_codes').select('id').where('equipment_id', '=', id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('equipment_grants').select('id').where('equipment_id', '=', id).execute(),
    ).toEqual([]);
    const late = await user('late');
    expectError(
      await send(late.token, 'POST', '/share-codes/redeem', { code: created.code }),
      404,
      'not_found',
    );
  });

  it('needs a signed-in user', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/v1/equipment/1/share-codes', { level: 'read', validity: '1h' }],
      ['POST', '/api/v1/share-codes/redeem', { code: generateCode() }],
      ['GET', '/api/v1/equipment/1/share-codes', undefined],
      ['GET', '/api/v1/equipment/1/grants', undefined],
      ['DELETE', '/api/v1/equipment/1/share-codes/1', undefined],
      ['DELETE', '/api/v1/equipment/1/grants/1', undefined],
      ['DELETE', '/api/v1/equipment/1/access', undefined],
    ] as const) {
      const res = await h.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
      expectError(res, 401, 'unauthorized');
    }
  });
});
