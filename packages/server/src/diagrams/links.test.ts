/**
 * Diagram share links on both databases: made, listed and revoked by the project's editors, the
 * token given once and stored hashed, expiry by the clock, and the sign-in-free routes serving
 * only what the document draws and the link's creator may still read, asked anew each time.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, expectError, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { multipart } from '../files/test-support.js';
import { storageCases } from '../storage/test-support.js';
import {
  documentDrawing,
  linksApp,
  newBoard,
  newLink,
  newProject,
  newUser,
  ok,
} from './links.test-support.js';

interface Values {
  full: boolean;
  equipment: {
    id: number;
    online: boolean;
    channels: { do: { on?: boolean; name: string }[]; ai: { value?: number; alarm: boolean }[] };
  }[];
}
interface Item {
  id: number;
  label: string;
  createdBy: { id: number; name: string } | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  expired: boolean;
}

describe.each(storageCases())('diagram links on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);
  const anonymous = (url: string) => sendAs(h.app, 'GET', url, null);
  const items = async (token: string, projectId: string) =>
    ok<{ items: Item[] }>(await sendAs(h.app, 'GET', `/diagrams/${projectId}/links`, token)).items;

  it('makes, lists and revokes links; the token is given once and stored only as its hash', async () => {
    const a = await newUser(h, 'editor');
    const board = await newBoard(h, a);
    const project = await newProject(h, a, [board.id]);
    const link = await newLink(h, a, project.id, { label: 'Lobby screen' });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`^http://[^/]+/#/wall\\?link=${link.token}$`));

    const listed = await sendAs(h.app, 'GET', `/diagrams/${project.id}/links`, a.token);
    expect(listed.body).not.toContain(link.token);
    const [item] = (listed.json() as { items: Item[] }).items;
    expect(item).toMatchObject({ id: link.id, label: 'Lobby screen', expiresAt: null, lastUsedAt: null });
    expect(item?.createdBy).toEqual({ id: a.id, name: expect.stringContaining('link-editor') });
    const row = await h.storage.db.selectFrom('diagram_links').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const wall = ok<{ name: string; kind: string; document: { widgets: unknown[] }; sceneFile: boolean }>(
      await anonymous(`/diagram-links/${link.token}`),
    );
    expect(wall).toMatchObject({ name: 'Pump house', kind: 'svg', sceneFile: false });
    expect(wall.document.widgets).toHaveLength(2);
    expect((await items(a.token, project.id))[0]?.lastUsedAt).not.toBeNull();

    // Someone outside the project's space neither sees nor touches its links.
    const b = await newUser(h, 'stranger');
    expectError(await sendAs(h.app, 'GET', `/diagrams/${project.id}/links`, b.token), 404, 'not_found');
    expectError(
      await sendAs(h.app, 'POST', `/diagrams/${project.id}/links`, b.token, { label: 'x' }),
      404,
      'not_found',
    );
    expectError(
      await sendAs(h.app, 'DELETE', `/diagrams/${project.id}/links/${link.id}`, b.token),
      404,
      'not_found',
    );
    expectError(await sendAs(h.app, 'GET', `/diagrams/${project.id}/links`, null), 401, 'unauthorized');

    ok(await sendAs(h.app, 'DELETE', `/diagrams/${project.id}/links/${link.id}`, a.token), 204);
    expect(await items(a.token, project.id)).toEqual([]);
    for (const path of ['', '/values', '/scene', '/events']) {
      expect(expectError(await anonymous(`/diagram-links/${link.token}${path}`), 410, 'link_revoked')).toBe(
        'this diagram link was revoked',
      );
    }
    expectError(
      await sendAs(h.app, 'DELETE', `/diagrams/${project.id}/links/${link.id}`, a.token),
      404,
      'not_found',
    );
    expectError(await anonymous(`/diagram-links/${'A'.repeat(43)}`), 404, 'not_found');
    expectError(await anonymous('/diagram-links/short'), 400, 'bad_request');
  });

  it('expires at its time, by the server’s clock, and refuses an expiry already past', async () => {
    const a = await newUser(h, 'clock');
    const project = await newProject(h, a, [(await newBoard(h, a)).id]);
    const past = new Date(h.clock.ms - 1000).toISOString();
    expectError(
      await sendAs(h.app, 'POST', `/diagrams/${project.id}/links`, a.token, {
        label: 'Old',
        expiresAt: past,
      }),
      400,
      'bad_request',
    );
    const link = await newLink(h, a, project.id, {
      expiresAt: new Date(h.clock.ms + 300_000).toISOString(),
    });
    ok(await anonymous(`/diagram-links/${link.token}/values`));
    h.clock.advance(300_000);
    expect(expectError(await anonymous(`/diagram-links/${link.token}`), 410, 'link_expired')).toBe(
      'this diagram link has expired',
    );
    expect(await items(a.token, project.id)).toEqual([
      expect.objectContaining({ id: link.id, expired: true }),
    ]);
  });

  it('serves the values of the equipment drawn that its creator may still read, asked on every request', async () => {
    const owner = await newUser(h, 'owner');
    const creator = await newUser(h, 'creator');
    const shared = await newBoard(h, owner);
    const own = await newBoard(h, creator);
    const code = ok<{ code: string }>(
      await sendAs(h.app, 'POST', `/equipment/${shared.id}/share-codes`, owner.token, {
        level: 'read',
        validity: '1w',
      }),
      201,
    ).code;
    const grant = ok<{ grantId: number }>(
      await sendAs(h.app, 'POST', '/share-codes/redeem', creator.token, { code }),
    );
    const project = await newProject(h, creator, [shared.id, own.id]);
    const link = await newLink(h, creator, project.id);
    await h.storage.db
      .insertInto('telemetry')
      .values([
        { equipment_id: shared.id, kind: 'do', channel: 4, value: 0, at: h.clock.ms - 60_000 },
        { equipment_id: shared.id, kind: 'do', channel: 4, value: 1, at: h.clock.ms - 1000 },
        { equipment_id: shared.id, kind: 'ai', channel: 0, value: 12.5, at: h.clock.ms - 1000 },
      ])
      .execute();
    const values = async () => ok<Values>(await anonymous(`/diagram-links/${link.token}/values`));

    const first = await values();
    expect(first.full).toBe(true);
    expect(first.equipment.map((e) => e.id).sort()).toEqual([shared.id, own.id].sort());
    const board = first.equipment.find((e) => e.id === shared.id)!;
    expect(board.channels.do).toHaveLength(8);
    expect(board.channels.do[4]).toMatchObject({ on: true, name: 'DO5' });
    expect(board.channels.do[0]?.on).toBeUndefined();
    expect(board.channels.ai[0]).toMatchObject({ value: 12.5, alarm: false });
    expect(first.equipment.find((e) => e.id === own.id)?.channels.do[4]?.on).toBeUndefined();

    // The document no longer draws its own board: no longer served.
    ok(
      await sendAs(h.app, 'PUT', `/diagrams/${project.id}/document`, creator.token, {
        revision: project.revision,
        document: documentDrawing(shared.id),
      }),
    );
    expect((await values()).equipment.map((e) => e.id)).toEqual([shared.id]);
    expect(ok<{ revision: number }>(await anonymous(`/diagram-links/${link.token}`)).revision).toBe(
      project.revision + 1,
    );

    // The owner takes the share back: the creator may no longer read it, nor may the link.
    ok(await sendAs(h.app, 'DELETE', `/equipment/${shared.id}/grants/${grant.grantId}`, owner.token), 204);
    expect((await values()).equipment).toEqual([]);
    // The document itself is still served.
    ok(await anonymous(`/diagram-links/${link.token}`));
  });

  it('serves nothing of a creator who is removed, and answers 410 once the project is deleted', async () => {
    const owner = await newUser(h, 'lender');
    const creator = await newUser(h, 'leaving');
    const board = await newBoard(h, owner);
    const code = ok<{ code: string }>(
      await sendAs(h.app, 'POST', `/equipment/${board.id}/share-codes`, owner.token, {
        level: 'read',
        validity: '1w',
      }),
      201,
    ).code;
    ok(await sendAs(h.app, 'POST', '/share-codes/redeem', creator.token, { code }));
    const project = await newProject(h, creator, [board.id]);
    const link = await newLink(h, creator, project.id);
    expect(ok<Values>(await anonymous(`/diagram-links/${link.token}/values`)).equipment).toHaveLength(1);
    // The creator's account goes (its grants with it); the board stays with its owner.
    await h.storage.db.deleteFrom('users').where('id', '=', creator.id).execute();
    expect(ok<Values>(await anonymous(`/diagram-links/${link.token}/values`)).equipment).toEqual([]);
    await h.storage.db.deleteFrom('diagram_projects').where('id', '=', project.id).execute();
    expectError(await anonymous(`/diagram-links/${link.token}`), 410, 'diagram_deleted');
  });

  it('serves a 3D scene that is a file of the project’s space, and nothing else', async () => {
    const a = await newUser(h, 'scene');
    const made = ok<{ id: string; revision: number }>(
      await sendAs(h.app, 'POST', '/diagrams', a.token, { name: 'Plant', kind: '3d' }),
      201,
    );
    const withScene = (src: string) => ({ ...documentDrawing(), scene: { src, bindings: [] } });
    ok(
      await sendAs(h.app, 'PUT', `/diagrams/${made.id}/document`, a.token, {
        revision: made.revision,
        document: withScene('scenes/plant.glb'),
      }),
    );
    const bytes = Buffer.from('glTF\u0002\u0000\u0000\u0000 a scene');
    const body = multipart([{ name: 'plant.glb', bytes }]);
    const uploaded = await h.app.inject({
      method: 'POST',
      url: `/api/v1/files/project?dir=${made.id}/scenes`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(a.token) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const link = await newLink(h, a, made.id);
    expect(ok<{ sceneFile: boolean }>(await anonymous(`/diagram-links/${link.token}`)).sceneFile).toBe(true);
    const scene = await anonymous(`/diagram-links/${link.token}/scene`);
    expect(scene.statusCode).toBe(200);
    expect(scene.headers['content-type']).toBe('model/gltf-binary');
    expect(scene.rawPayload.equals(bytes)).toBe(true);

    // A scene is a file of the project's files: an address of another site is refused at saving.
    expectError(
      await sendAs(h.app, 'PUT', `/diagrams/${made.id}/document`, a.token, {
        revision: made.revision + 1,
        document: withScene('https://cdn.example/plant.glb'),
      }),
      400,
      'bad_request',
    );
    // The file gone, the link answers 404 rather than serving something else.
    ok(
      await sendAs(h.app, 'POST', '/files/project/delete', a.token, {
        dir: `${made.id}/scenes`,
        names: ['plant.glb'],
      }),
    );
    expectError(await anonymous(`/diagram-links/${link.token}/scene`), 404, 'not_found');
  });

  it('keeps the token out of the log: requests are logged with its hash’s start', async () => {
    const a = await newUser(h, 'logged');
    const project = await newProject(h, a, [(await newBoard(h, a)).id]);
    const link = await newLink(h, a, project.id);
    const { app, lines } = await linksApp(h);
    try {
      for (const path of ['', '/values', '/scene']) {
        await app.inject({ method: 'GET', url: `/api/v1/diagram-links/${link.token}${path}` });
      }
      ok(
        await app.inject({
          method: 'GET',
          url: `/api/v1/diagrams/${project.id}/links`,
          headers: { authorization: `Bearer ${a.token}` },
        }),
      );
    } finally {
      await app.close();
    }
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((r) => r.url)).toEqual([
      expect.stringMatching(/^\/api\/v1\/diagram-links\/h:[0-9a-f]{12}$/),
      expect.stringMatching(/^\/api\/v1\/diagram-links\/h:[0-9a-f]{12}\/values$/),
      expect.stringMatching(/^\/api\/v1\/diagram-links\/h:[0-9a-f]{12}\/scene$/),
      `/api/v1/diagrams/${project.id}/links`,
    ]);
    expect(JSON.stringify(lines)).not.toContain(link.token);
  });

  it('bounds the requests of one address', async () => {
    const a = await newUser(h, 'busy');
    const link = await newLink(h, a, (await newProject(h, a, [])).id);
    const { app } = await linksApp(h, {
      limits: { requestsPerWindow: 3, windowMs: 60_000, streamsPerLink: 1, streamsPerAddress: 1 },
    });
    try {
      const get = () => app.inject({ method: 'GET', url: `/api/v1/diagram-links/${link.token}` });
      for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
      const refused = await get();
      expectError(refused, 429, 'rate_limited');
      expect(refused.headers['retry-after']).toBe('60');
      h.clock.advance(60_000);
      expect((await get()).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
