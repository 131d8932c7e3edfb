/**
 * The authorization matrix: every equipment-scoped route × every kind of caller, with the exact
 * status each must get. Strangers (and shares that expired or were revoked) get 404, so ids
 * cannot be probed; callers who may read but lack the right get 403.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, login, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import type { ShareLevel } from '../storage/schema.js';

const ROLES = [
  'owner',
  'read',
  'readwrite',
  'operate',
  'edit',
  'delete',
  'expired',
  'revoked',
  'stranger',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

const LEVELS: readonly ShareLevel[] = ['read', 'readwrite', 'operate', 'edit', 'delete'];

/**
 * One equipment (a team host) with a share code, a spare grant and a sub-device, and the role's
 * access to it; for the routes that need one, an analog output module shared the same way.
 */
interface Fixture {
  readonly id: number;
  readonly subId: number;
  readonly codeId: number;
  readonly spareGrantId: number;
  /** The FL-AO4 (4 AO registers from 400), or 0 when the route needs none. */
  readonly aoId: number;
}

type Call = (
  f: Fixture,
  role: Role,
) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown };

let address = 0;

/** Link settings: the owner's and administrators' alone, whatever the grantee's level. */
const OWNER_ONLY = (ok: number): Record<Role, number> =>
  row(ok, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 403 }, ok);

/** A register write (waohex) to `aoinfos` on the fixture's AO module, or on its team host. */
const registerWrite =
  (aoinfos: string, on: 'ao' | 'host'): Call =>
  (f) => ({
    method: 'POST',
    url: `/equipment/${on === 'ao' ? f.aoId : f.id}/operations`,
    body: { opr: 'waohex', aoinfos },
  });

/** Configuration (edit), not operation: readwrite may, operate may not. */
const CONFIGURATION = row(503, { read: 403, readwrite: 503, operate: 403, edit: 503, delete: 503 }, 503);

const ROUTES: Record<string, { call: Call; expect: Record<Role, number>; ao?: boolean }> = {
  'GET /equipment/:id': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.id}` }),
    expect: row(200, { read: 200, readwrite: 200, operate: 200, edit: 200, delete: 200 }, 200),
  },
  'GET /equipment/:id?format=wire': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.id}?format=wire` }),
    expect: row(200, { read: 200, readwrite: 200, operate: 200, edit: 200, delete: 200 }, 200),
  },
  'GET /equipment/:id/permission': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.id}/permission` }),
    expect: row(200, { read: 200, readwrite: 200, operate: 200, edit: 200, delete: 200 }, 200),
  },
  'PATCH /equipment/:id': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { name: 'renamed' } }),
    expect: row(200, { read: 403, readwrite: 200, operate: 403, edit: 200, delete: 200 }, 200),
  },
  'DELETE /equipment/:id': {
    call: (f) => ({ method: 'DELETE', url: `/equipment/${f.id}` }),
    expect: row(204, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 204 }, 204),
  },
  // The harness runs no device link, so whoever passes the checks gets 503 from the link itself.
  'POST /equipment/:id/operations (switch)': {
    call: (f) => ({ method: 'POST', url: `/equipment/${f.id}/operations`, body: { opr: 'openone', io: 1 } }),
    expect: row(503, { read: 403, readwrite: 403, operate: 503, edit: 503, delete: 503 }, 503),
  },
  'POST /equipment/:id/operations (read)': {
    call: (f) => ({
      method: 'POST',
      url: `/equipment/${f.id}/operations`,
      body: { opr: 'rdo', regstart: 0, regnum: 1 },
    }),
    expect: row(503, { read: 503, readwrite: 503, operate: 503, edit: 503, delete: 503 }, 503),
  },
  'POST /equipment/:id/operations (waohex to an AO register)': {
    call: registerWrite('400_0190', 'ao'),
    expect: row(503, { read: 403, readwrite: 403, operate: 503, edit: 503, delete: 503 }, 503),
    ao: true,
  },
  'POST /equipment/:id/operations (waohex to every AO register)': {
    call: registerWrite('400_0001000200030004', 'ao'),
    expect: row(503, { read: 403, readwrite: 403, operate: 503, edit: 503, delete: 503 }, 503),
    ao: true,
  },
  'POST /equipment/:id/operations (waohex past the AO registers)': {
    call: registerWrite('403_00010002', 'ao'),
    expect: CONFIGURATION,
    ao: true,
  },
  'POST /equipment/:id/operations (waohex to the clock, 1100)': {
    call: registerWrite('1100_0001', 'ao'),
    expect: CONFIGURATION,
    ao: true,
  },
  'POST /equipment/:id/operations (waohex clearing the slave table, 1200)': {
    call: registerWrite('1200_0001', 'host'),
    expect: CONFIGURATION,
  },
  'POST /equipment/:id/operations (waohex to the LoRa parameters, 1210)': {
    call: registerWrite('1210_0001', 'host'),
    expect: CONFIGURATION,
  },
  'PATCH /equipment/:id (modbusTcp)': {
    call: (f) => ({
      method: 'PATCH',
      url: `/equipment/${f.id}`,
      body: { modbusTcp: { host: '10.0.0.9', port: 502 } },
    }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (modbusTcp: null)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { modbusTcp: null } }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (slaveAddress)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { slaveAddress: 1 } }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (slaveAddress: null)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { slaveAddress: null } }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (clockSync)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { clockSync: false } }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (linkSecret)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { linkSecret: 'matrix secret' } }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (linkSecret: null)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { linkSecret: null } }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (openLink)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { openLink: true } }),
    expect: OWNER_ONLY(200),
  },
  'PATCH /equipment/:id (name and openLink together)': {
    call: (f) => ({ method: 'PATCH', url: `/equipment/${f.id}`, body: { name: 'renamed', openLink: false } }),
    expect: OWNER_ONLY(200),
  },
  'GET /equipment/:id/link-secret': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.id}/link-secret` }),
    expect: OWNER_ONLY(200),
  },
  'POST /equipment/:id/link-secret': {
    call: (f) => ({ method: 'POST', url: `/equipment/${f.id}/link-secret` }),
    expect: OWNER_ONLY(200),
  },
  'GET /equipment/:id/sub-devices': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.id}/sub-devices` }),
    expect: row(200, { read: 200, readwrite: 200, operate: 200, edit: 200, delete: 200 }, 200),
  },
  'GET /equipment/:subId (a sub-device, shared with the host without slaves)': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.subId}` }),
    expect: row(200, { read: 404, readwrite: 404, operate: 404, edit: 404, delete: 404 }, 200),
  },
  'POST /equipment/:id/sub-devices': {
    call: (f) => ({
      method: 'POST',
      url: `/equipment/${f.id}/sub-devices`,
      body: { address: (address = (address + 1) % 200) + 20, type: 'FL-LR4', name: 'slave' },
    }),
    // The shares of the matrix do not include sub-devices, so none may add one.
    expect: row(201, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 403 }, 201),
  },
  'POST /equipment/:id/share-codes': {
    call: (f) => ({
      method: 'POST',
      url: `/equipment/${f.id}/share-codes`,
      body: { level: 'read', validity: '1h' },
    }),
    expect: row(201, { read: 403, readwrite: 201, operate: 403, edit: 201, delete: 201 }, 201),
  },
  'GET /equipment/:id/share-codes': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.id}/share-codes` }),
    expect: row(200, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 403 }, 200),
  },
  'DELETE /equipment/:id/share-codes/:codeId': {
    call: (f) => ({ method: 'DELETE', url: `/equipment/${f.id}/share-codes/${f.codeId}` }),
    expect: row(204, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 403 }, 204),
  },
  'GET /equipment/:id/grants': {
    call: (f) => ({ method: 'GET', url: `/equipment/${f.id}/grants` }),
    expect: row(200, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 403 }, 200),
  },
  'PATCH /equipment/:id/grants/:grantId': {
    call: (f) => ({
      method: 'PATCH',
      url: `/equipment/${f.id}/grants/${f.spareGrantId}`,
      body: { camera: true },
    }),
    expect: row(200, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 403 }, 200),
  },
  'DELETE /equipment/:id/grants/:grantId': {
    call: (f) => ({ method: 'DELETE', url: `/equipment/${f.id}/grants/${f.spareGrantId}` }),
    expect: row(204, { read: 403, readwrite: 403, operate: 403, edit: 403, delete: 403 }, 204),
  },
  'DELETE /equipment/:id/access': {
    call: (f) => ({ method: 'DELETE', url: `/equipment/${f.id}/access` }),
    expect: row(409, { read: 204, readwrite: 204, operate: 204, edit: 204, delete: 204 }, 409),
  },
};

/** A row of the matrix: owner, the five share levels, then expired/revoked/stranger (always 404), admin. */
function row(owner: number, levels: Record<ShareLevel, number>, admin: number): Record<Role, number> {
  return { owner, ...levels, expired: 404, revoked: 404, stranger: 404, admin };
}

describe.each(storageCases())('authorization matrix on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);
  const tokens = new Map<Role | 'spare', string>();

  const send = (
    token: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> =>
    h.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });

  function token(role: Role | 'spare'): string {
    const t = tokens.get(role);
    if (t === undefined) throw new Error(`no token for ${role}`);
    return t;
  }

  async function ok(res: LightMyRequestResponse, status: number): Promise<unknown> {
    expect(res.statusCode, res.body).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  }

  /** A user redeems a fresh code of `level` for the equipment; returns the grant id. */
  async function share(id: number, level: ShareLevel, who: Role | 'spare'): Promise<number> {
    const code = (await ok(
      await send(token('owner'), 'POST', `/equipment/${id}/share-codes`, { level, validity: '1w' }),
      201,
    )) as { code: string };
    const redeemed = (await ok(
      await send(token(who), 'POST', '/share-codes/redeem', { code: code.code }),
      200,
    )) as {
      grantId: number;
    };
    return redeemed.grantId;
  }

  /** Gives `role` its access to equipment `id`: a share of its level, an expired or a revoked one. */
  async function grant(id: number, role: Role): Promise<void> {
    if ((LEVELS as readonly string[]).includes(role)) await share(id, role as ShareLevel, role);
    if (role === 'expired') {
      const grantId = await share(id, 'edit', role);
      await h.storage.db
        .updateTable('equipment_grants')
        .set({ expires_at: h.clock.now() - 1 })
        .where('id', '=', grantId)
        .execute();
    }
    if (role === 'revoked') {
      const grantId = await share(id, 'edit', role);
      await ok(await send(token('owner'), 'DELETE', `/equipment/${id}/grants/${grantId}`), 204);
    }
  }

  let serial = 0;
  /** Link secrets of the fixtures' hosts, as their POST replies gave them. */
  const secrets = new Map<number, string>();
  async function fixture(role: Role, withAo = false): Promise<Fixture> {
    serial += 1;
    const host = (await ok(
      await send(token('owner'), 'POST', '/equipment', {
        sn: `MATRIX${String(serial).padStart(4, '0')}`,
        type: 'FL-JYTeam001',
        name: `Matrix ${serial}`,
      }),
      201,
    )) as { id: number; linkSecret: string };
    secrets.set(host.id, host.linkSecret);
    let aoId = 0;
    if (withAo) {
      aoId = (
        (await ok(
          await send(token('owner'), 'POST', '/equipment', {
            sn: `MATRIXAO${String(serial).padStart(4, '0')}`,
            type: 'FL-AO4',
            name: `Matrix AO ${serial}`,
          }),
          201,
        )) as { id: number }
      ).id;
      await grant(aoId, role);
    }
    const sub = (await ok(
      await send(token('owner'), 'POST', `/equipment/${host.id}/sub-devices`, {
        address: 1,
        type: 'FL-LR4',
        name: 'S1',
      }),
      201,
    )) as { id: number };
    const code = (await ok(
      await send(token('owner'), 'POST', `/equipment/${host.id}/share-codes`, {
        level: 'read',
        validity: '1d',
      }),
      201,
    )) as { id: number };
    const spareGrantId = await share(host.id, 'read', 'spare');
    await grant(host.id, role);
    return { id: host.id, subId: sub.id, codeId: code.id, spareGrantId, aoId };
  }

  it('gives every caller exactly the status of the matrix', async () => {
    for (const role of [...ROLES, 'spare'] as const) {
      const { id } = await register(h, `matrix-${role}`);
      if (role === 'admin') {
        await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', id).execute();
      }
      tokens.set(role, (await login(h, `matrix-${role}`)).accessToken);
    }
    const seen: string[] = [];
    for (const [name, route] of Object.entries(ROUTES)) {
      for (const role of ROLES) {
        const f = await fixture(role, route.ao === true);
        const { method, url, body } = route.call(f, role);
        const res = await send(token(role), method, url, body);
        seen.push(`${name} as ${role}: ${res.statusCode}`);
        expect(res.statusCode, `${name} as ${role}: ${res.body}`).toBe(route.expect[role]);
        if (res.statusCode >= 400) {
          const error = (res.json() as { error: { code: string } }).error;
          expect(error.code).toBe(
            { 403: 'forbidden', 404: 'not_found', 409: 'conflict', 503: 'unavailable' }[res.statusCode],
          );
        }
      }
    }
    expect(seen).toHaveLength(Object.keys(ROUTES).length * ROLES.length);
    // A fixture per route and role: well over the default limit on a busy machine.
  }, 120_000);

  it('lets a grantee with edit on a host and its sub-devices add and see sub-devices', async () => {
    const host = (await ok(
      await send(token('owner'), 'POST', '/equipment', {
        sn: 'MATRIXSUB',
        type: 'FL-JYTeam001',
        name: 'Host',
      }),
      201,
    )) as { id: number };
    const code = (await ok(
      await send(token('owner'), 'POST', `/equipment/${host.id}/share-codes`, {
        level: 'edit',
        validity: '1d',
        slaves: true,
      }),
      201,
    )) as { code: string };
    await ok(await send(token('spare'), 'POST', '/share-codes/redeem', { code: code.code }), 200);
    const sub = (await ok(
      await send(token('spare'), 'POST', `/equipment/${host.id}/sub-devices`, {
        address: 9,
        type: 'FL-LR4',
        name: 'S9',
      }),
      201,
    )) as { id: number; ownerId: number; permission: { level: number } };
    expect(sub.permission.level).toBe(3);
    await ok(await send(token('owner'), 'GET', `/equipment/${sub.id}`), 200);
  });

  it('never shows a device’s link secret to anyone but its owner and administrators', async () => {
    for (const role of ROLES) {
      const f = await fixture(role);
      const secret = secrets.get(f.id)!;
      expect(secret).toMatch(/^[A-Za-z0-9]{20}$/);
      const bodies = await Promise.all(
        [
          `/equipment/${f.id}`,
          `/equipment/${f.id}?format=wire`,
          '/equipment?limit=1000',
          '/equipment/tree',
        ].map(async (url) => (await send(token(role), 'GET', url)).body),
      );
      for (const body of bodies) {
        expect(body, role).not.toContain(secret);
        expect(body, role).not.toMatch(/"linkSecret"/);
      }
      const read = await send(token(role), 'GET', `/equipment/${f.id}/link-secret`);
      const mayRead = role === 'owner' || role === 'admin';
      expect(read.body.includes(secret), role).toBe(mayRead);
      if ((LEVELS as readonly string[]).includes(role)) {
        // A grantee sees that the device has a secret, and whether its link is open: not the secret.
        expect(JSON.parse(bodies[0]!)).toMatchObject({ hasLinkSecret: true, openLink: false });
      }
    }
  });

  it('lists shared equipment to its grantees only, while the share runs', async () => {
    const list = async (role: Role) =>
      (
        (await ok(await send(token(role), 'GET', '/equipment?limit=1000'), 200)) as {
          items: { id: number }[];
        }
      ).items.map((e) => e.id);
    for (const role of ROLES) {
      const f = await fixture(role);
      const visible = (await list(role)).includes(f.id);
      const expected = role === 'owner' || (LEVELS as readonly string[]).includes(role);
      expect(visible, role).toBe(expected);
      const tree = (await ok(await send(token(role), 'GET', '/equipment/tree'), 200)) as {
        devices: { id: number }[];
      };
      expect(
        tree.devices.some((d) => d.id === f.id),
        `tree as ${role}`,
      ).toBe(expected);
    }
  });
});
