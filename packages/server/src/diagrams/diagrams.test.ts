/** Diagram projects on both databases: spaces, documents checked and upgraded, revisions, import/export. */
import type { LightMyRequestResponse } from 'fastify';
import { DIAGRAM_FORMAT, DIAGRAM_VERSION } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { expectError, login, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { multipart, picture } from '../files/test-support.js';
import { STALE_REVISION } from './routes.js';

interface Project {
  id: string;
  name: string;
  kind: string;
  revision: number;
  equipment: number[];
  document: { widgets: { id: string }[]; canvas: { width: number }; palette: string[] };
}

describe.each(storageCases())('diagrams on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  let users = 0;
  async function user(role: string): Promise<{ id: number; token: string }> {
    users += 1;
    const name = `diagram-${role}-${users}`;
    const { id } = await register(h, name);
    return { id, token: (await login(h, name)).accessToken };
  }
  function ok<T>(res: LightMyRequestResponse, status = 200): T {
    expect(res.statusCode, res.body).toBe(status);
    return (status === 204 ? null : res.json()) as T;
  }
  async function board(token: string, sn: string): Promise<number> {
    return ok<{ id: number }>(
      await sendAs(h.app, 'POST', '/equipment', token, { sn, type: 'FL-R8', name: sn }),
      201,
    ).id;
  }
  const documentWith = (equipmentId: number) => ({
    format: DIAGRAM_FORMAT,
    version: DIAGRAM_VERSION,
    canvas: { width: 800, height: 600, background: {}, grid: {} },
    widgets: [
      {
        id: 'pump',
        kind: 'switch',
        x: 10,
        y: 10,
        width: 80,
        height: 40,
        binding: { equipmentId, channel: { kind: 'do', index: 1 } },
      },
      {
        id: 'lamp',
        kind: 'lamp',
        x: 100,
        y: 10,
        width: 40,
        height: 40,
        binding: { equipmentId, channel: { kind: 'do', index: 1 } },
      },
    ],
  });

  it('creates, lists, saves with a revision check, renames, copies and deletes', async () => {
    const a = await user('owner');
    const relay = await board(a.token, 'DG000001');
    const made = ok<Project>(await sendAs(h.app, 'POST', '/diagrams', a.token, { name: 'Pump house' }), 201);
    expect(made).toMatchObject({ name: 'Pump house', kind: 'svg', revision: 1, equipment: [] });
    expect(made.id).toMatch(/^[0-9a-f]{32}$/);
    expect(made.document.canvas.width).toBe(1920);

    const saved = ok<{ revision: number; equipment: number[] }>(
      await sendAs(h.app, 'PUT', `/diagrams/${made.id}/document`, a.token, {
        revision: 1,
        document: documentWith(relay),
      }),
    );
    expect(saved).toMatchObject({ revision: 2, equipment: [relay] });
    // A second editor who read revision 1 cannot overwrite the change unawares.
    const stale = await sendAs(h.app, 'PUT', `/diagrams/${made.id}/document`, a.token, {
      revision: 1,
      document: documentWith(relay),
    });
    expect(expectError(stale, 409, 'conflict')).toBe(STALE_REVISION);
    const read = ok<Project>(await sendAs(h.app, 'GET', `/diagrams/${made.id}`, a.token));
    expect(read.document.widgets.map((w) => w.id)).toEqual(['pump', 'lamp']);

    ok(
      await sendAs(h.app, 'PATCH', `/diagrams/${made.id}`, a.token, {
        name: 'Pump house 2',
        cover: '/api/v1/pictures/x/y.png',
      }),
    );
    expectError(
      await sendAs(h.app, 'PATCH', `/diagrams/${made.id}`, a.token, { cover: 'javascript:alert(1)' }),
      400,
      'bad_request',
    );
    const copy = ok<Project>(await sendAs(h.app, 'POST', `/diagrams/${made.id}/copy`, a.token, {}), 201);
    expect(copy.name).toBe('Pump house 2 (copy)');
    expect(copy.document.widgets).toHaveLength(2);
    const list = ok<{ items: Project[] }>(await sendAs(h.app, 'GET', '/diagrams', a.token));
    expect(list.items.map((p) => p.name).sort()).toEqual(['Pump house 2', 'Pump house 2 (copy)']);

    ok(await sendAs(h.app, 'DELETE', `/diagrams/${copy.id}`, a.token), 204);
    expectError(await sendAs(h.app, 'GET', `/diagrams/${copy.id}`, a.token), 404, 'not_found');
  });

  it('copies the project’s own files with it, so deleting the original leaves the copy whole', async () => {
    const a = await user('copier');
    const made = ok<Project>(
      await sendAs(h.app, 'POST', '/diagrams', a.token, { name: 'Plant', kind: '3d' }),
      201,
    );
    const body = multipart([
      { name: 'back.png', bytes: await picture('png') },
      { name: 'plant.glb', bytes: 'glTF-bytes' },
    ]);
    const uploaded = await h.app.inject({
      method: 'POST',
      url: `/api/v1/files/project?dir=${made.id}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${a.token}` },
    });
    const [back] = ok<{ items: { url: string }[] }>(uploaded, 201).items;
    const pictureUrl = back?.url ?? '';
    expect(pictureUrl).toMatch(/^\/api\/v1\/pictures\//);
    const document = {
      format: DIAGRAM_FORMAT,
      version: DIAGRAM_VERSION,
      canvas: { width: 800, height: 600, background: { image: pictureUrl }, grid: {} },
      scene: { src: `${made.id}/plant.glb`, bindings: [] },
    };
    ok(await sendAs(h.app, 'PUT', `/diagrams/${made.id}/document`, a.token, { revision: 1, document }));
    ok(await sendAs(h.app, 'PATCH', `/diagrams/${made.id}`, a.token, { preview: pictureUrl }));

    const copy = ok<Project & { preview: string; document: { scene: { src: string } } }>(
      await sendAs(h.app, 'POST', `/diagrams/${made.id}/copy`, a.token, {}),
      201,
    );
    const copied = (copy.document as unknown as { canvas: { background: { image: string } } }).canvas
      .background.image;
    expect(copy.document.scene.src).toBe(`${copy.id}/plant.glb`);
    expect(copied).toMatch(/^\/api\/v1\/pictures\//);
    expect(copied).not.toBe(pictureUrl);
    expect(copy.preview).toBe(copied);
    ok(await sendAs(h.app, 'DELETE', `/diagrams/${made.id}`, a.token), 204);
    expect((await h.app.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: copied })).statusCode).toBe(200);
    const scene = await sendAs(h.app, 'GET', `/files/project/content?path=${copy.id}/plant.glb`, a.token);
    expect(scene.statusCode).toBe(200);
    expect(scene.body).toBe('glTF-bytes');
  });

  it('refuses invalid documents, newer versions and equipment the saver cannot see', async () => {
    const a = await user('strict');
    const b = await user('stranger');
    const theirs = await board(b.token, 'DG000002');
    const made = ok<Project>(await sendAs(h.app, 'POST', '/diagrams', a.token, { name: 'Strict' }), 201);
    const save = (document: unknown) =>
      sendAs(h.app, 'PUT', `/diagrams/${made.id}/document`, a.token, { revision: 1, document });
    const mine = await board(a.token, 'DG000003');
    const wrongKind = documentWith(mine);
    wrongKind.widgets[0]!.binding.channel.kind = 'ai';
    expect(expectError(await save(wrongKind), 400, 'bad_request')).toContain(
      'widgets.0.binding: bind it to a DO channel',
    );
    expect(expectError(await save({ ...documentWith(mine), version: 99 }), 400, 'bad_request')).toContain(
      'newer console',
    );
    expect(expectError(await save(documentWith(theirs)), 400, 'bad_request')).toContain(
      `equipment you cannot see: ${theirs}`,
    );
    expect(expectError(await save(documentWith(987654)), 400, 'bad_request')).toContain(
      'equipment you cannot see: 987654',
    );
    expect(ok<Project>(await sendAs(h.app, 'GET', `/diagrams/${made.id}`, a.token)).revision).toBe(1);
    // Another user's project is not there for them.
    expectError(await sendAs(h.app, 'GET', `/diagrams/${made.id}`, b.token), 404, 'not_found');
    expectError(await sendAs(h.app, 'DELETE', `/diagrams/${made.id}`, b.token), 404, 'not_found');
  });

  it('keeps projects in the tenant’s space when the user has a tenant', async () => {
    const [a, b, c] = [await user('t1'), await user('t2'), await user('solo')];
    const tenant = await h.storage.db
      .insertInto('tenants')
      .values({ key: `diag${users}`, name: 'Diagram Co', created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.storage.db
      .updateTable('users')
      .set({ tenant_id: tenant.id })
      .where('id', 'in', [a.id, b.id])
      .execute();
    const made = ok<Project>(
      await sendAs(h.app, 'POST', '/diagrams', a.token, { name: 'Shared plant' }),
      201,
    );
    expect(
      ok<{ items: Project[] }>(await sendAs(h.app, 'GET', '/diagrams', b.token)).items.map((p) => p.id),
    ).toEqual([made.id]);
    expect(ok<{ items: Project[] }>(await sendAs(h.app, 'GET', '/diagrams', c.token)).items).toEqual([]);
  });

  it('exports a project as a file that import takes back, and imports the spec’s project entry', async () => {
    const a = await user('porter');
    const relay = await board(a.token, 'DG000004');
    const made = ok<Project>(
      await sendAs(h.app, 'POST', '/diagrams', a.token, {
        name: 'Export me',
        kind: '3d',
        document: documentWith(relay),
      }),
      201,
    );
    const exported = await sendAs(h.app, 'GET', `/diagrams/${made.id}/export`, a.token);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="diagram-/);
    const file = exported.json() as { format: string; project: { name: string } };
    expect(file).toMatchObject({
      format: 'fieldlink-diagram-project',
      project: { name: 'Export me', kind: '3d' },
    });
    const imported = ok<Project>(await sendAs(h.app, 'POST', '/diagrams/import', a.token, file), 201);
    expect(imported).toMatchObject({ name: 'Export me', kind: '3d', equipment: [relay] });
    expect(imported.id).not.toBe(made.id);

    const legacy = {
      projectName: 'Old farm',
      canvasConfig: '{"width":1600,"height":900}',
      globalColorArr: ['#123456'],
      PageRemarks: 'from the old console',
    };
    const upgraded = ok<Project>(await sendAs(h.app, 'POST', '/diagrams/import', a.token, legacy), 201);
    expect(upgraded).toMatchObject({
      name: 'Old farm',
      document: { canvas: { width: 1600 }, palette: ['#123456'] },
    });
    expectError(
      await sendAs(h.app, 'POST', '/diagrams/import', a.token, { hello: 'world' }),
      400,
      'bad_request',
    );
    expectError(
      await sendAs(h.app, 'POST', '/diagrams/import', a.token, {
        format: 'fieldlink-diagram-project',
        version: 1,
      }),
      400,
      'bad_request',
    );
  });
});
