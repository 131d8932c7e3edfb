/** The file store's routes on both databases: uploads, pictures, scopes and rights, limits, copy. */
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, expectError, login, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { multipart, picture } from './test-support.js';
import type { Part } from './test-support.js';

interface Item {
  name: string;
  dir: string;
  size: number;
  kind: string;
  contentType: string;
  width: number | null;
  height: number | null;
  url: string;
  thumbnailUrl: string | null;
  createdBy: number | null;
}
interface Listing {
  items: Item[];
  dirs: string[];
  used: number;
  quota: number | null;
  writable: boolean;
}

const SVG_ATTACK =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
  '<script>alert(2)</script><rect width="10" height="10" fill="red"/>' +
  '<foreignObject><iframe src="https://evil.example"/></foreignObject>' +
  '<a xlink:href="javascript:alert(3)"><text>x</text></a></svg>';

describe.each(storageCases())('files on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  let users = 0;
  async function user(role: string): Promise<{ id: number; token: string }> {
    users += 1;
    const name = `files-${role}-${users}`;
    const { id } = await register(h, name);
    return { id, token: (await login(h, name)).accessToken };
  }

  function ok<T>(res: LightMyRequestResponse, status = 200): T {
    expect(res.statusCode, res.body).toBe(status);
    return (status === 204 ? null : res.json()) as T;
  }

  const upload = (token: string | null, space: string, parts: readonly Part[], query = '') => {
    const body = multipart(parts);
    return h.app.inject({
      method: 'POST',
      url: `/api/v1/files/${space}${query}`,
      payload: body.payload,
      headers: { ...body.headers, ...(token === null ? {} : bearer(token)) },
    });
  };
  const list = async (token: string, space: string, query = ''): Promise<Listing> =>
    ok<Listing>(await sendAs(h.app, 'GET', `/files/${space}${query}`, token));
  const fetchUrl = (url: string, token: string | null = null) =>
    h.app.inject({ method: 'GET', url, headers: token === null ? {} : bearer(token) });

  async function addEquipment(token: string, sn: string): Promise<number> {
    const res = await sendAs(h.app, 'POST', '/equipment', token, { sn, type: 'FL-R8', name: `Board ${sn}` });
    return ok<{ id: number }>(res, 201).id;
  }

  it('takes pictures by their content, whatever their names, and serves them at addresses without sign-in', async () => {
    const a = await user('pictures');
    const png = await picture('png');
    const made = ok<{ items: Item[] }>(
      await upload(a.token, 'me', [
        { name: 'photo.jpg', bytes: png },
        { name: 'cover.webp', bytes: await picture('webp') },
        { name: 'notes.png', bytes: 'just some text, not a picture' },
      ]),
      201,
    );
    const [photo, cover, notes] = made.items;
    expect(photo).toMatchObject({ kind: 'image', contentType: 'image/png', width: 64, height: 48 });
    expect(cover).toMatchObject({ kind: 'image', contentType: 'image/webp' });
    expect(notes).toMatchObject({
      kind: 'file',
      contentType: 'application/octet-stream',
      thumbnailUrl: null,
    });
    expect(notes?.url).toContain('/api/v1/files/me/content?path=notes.png');

    const shown = await fetchUrl(photo?.url ?? '');
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(shown.rawPayload, Buffer.from(png))).toBe(0);
    const again = await h.app.inject({
      method: 'GET',
      url: photo?.url ?? '',
      headers: { 'if-none-match': shown.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const thumb = await fetchUrl(photo?.thumbnailUrl ?? '');
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(256);

    // A file that is no picture is read only with the token, as a download.
    expectError(await fetchUrl(notes?.url ?? ''), 401, 'unauthorized');
    const download = await fetchUrl(notes?.url ?? '', a.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.body).toBe('just some text, not a picture');
    // An address that names no picture.
    expectError(await fetchUrl('/api/v1/pictures/AAAAAAAAAAAAAAAAAAAAAA/x.png'), 404, 'not_found');

    const listing = await list(a.token, 'me');
    expect(listing.items.map((i) => i.name)).toEqual(['cover.webp', 'notes.png', 'photo.jpg']);
    expect(listing.used).toBe(listing.items.reduce((n, i) => n + i.size, 0));
    expect(listing.writable).toBe(true);
  });

  it('refuses what is not a picture where only pictures are taken, and pictures that do not decode', async () => {
    const a = await user('refuse');
    const text = await upload(a.token, 'me', [{ name: 'fake.png', bytes: 'hello' }], '?pictures=true');
    expect(expectError(text, 415, 'unsupported_media_type')).toContain('fake.png');
    const png = await picture('png');
    const broken = png.slice(0, 40);
    expect(
      expectError(
        await upload(a.token, 'me', [{ name: 'broken.png', bytes: broken }]),
        415,
        'unsupported_media_type',
      ),
    ).toContain('broken.png');
    // Nothing of a refused upload is kept, not even the good files before the bad one.
    const mixed = await upload(
      a.token,
      'me',
      [
        { name: 'good.png', bytes: png },
        { name: 'bad.gif', bytes: 'GIF89a not really' },
      ],
      '?pictures=true',
    );
    expect(mixed.statusCode).toBe(415);
    expect((await list(a.token, 'me')).items).toEqual([]);
    expectError(await upload(a.token, 'me', [{ name: '..', bytes: png }]), 400, 'bad_request');
    expectError(
      await upload(a.token, 'me', [{ name: 'a.png', bytes: png }], '?dir=../up'),
      400,
      'bad_request',
    );
    expectError(await upload(null, 'me', [{ name: 'a.png', bytes: png }]), 401, 'unauthorized');
  });

  it('sanitises SVG drawings and serves them under a sandboxing policy', async () => {
    const a = await user('svg');
    const made = ok<{ items: Item[] }>(
      await upload(a.token, 'me', [{ name: 'plant.svg', bytes: SVG_ATTACK }]),
      201,
    );
    const svg = made.items[0];
    expect(svg).toMatchObject({ kind: 'svg', contentType: 'image/svg+xml' });
    const served = await fetchUrl(svg?.url ?? '');
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toContain('<rect');
    for (const bad of ['<script', 'onload', 'foreignObject', 'iframe', 'javascript:']) {
      expect(served.body).not.toContain(bad);
    }
  });

  it('resizes pictures on request, keeping their format', async () => {
    const a = await user('resize');
    const made = ok<{ items: Item[] }>(
      await upload(
        a.token,
        'me',
        [{ name: 'big.jpg', bytes: await picture('jpeg', 400, 200) }],
        '?width=100&height=100',
      ),
      201,
    );
    expect(made.items[0]).toMatchObject({ contentType: 'image/jpeg', width: 100, height: 50 });
    const meta = await sharp((await fetchUrl(made.items[0]?.url ?? '')).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 100, 50]);
    expectError(
      await upload(a.token, 'me', [{ name: 'x.png', bytes: await picture('png') }], '?width=0'),
      400,
      'bad_request',
    );
  });

  it('asks before replacing, and a replaced picture keeps its address', async () => {
    const a = await user('replace');
    const first = ok<{ items: Item[] }>(
      await upload(a.token, 'me', [{ name: 'logo.png', bytes: await picture('png') }]),
      201,
    );
    const blue = await picture('png', 64, 48, { r: 0, g: 0, b: 255 });
    const refused = await upload(a.token, 'me', [{ name: 'logo.png', bytes: blue }]);
    expect(expectError(refused, 409, 'conflict')).toContain('logo.png');
    const second = ok<{ items: Item[] }>(
      await upload(a.token, 'me', [{ name: 'logo.png', bytes: blue }], '?replace=true'),
      201,
    );
    expect(second.items[0]?.url).toBe(first.items[0]?.url);
    expect(Buffer.compare((await fetchUrl(second.items[0]?.url ?? '')).rawPayload, Buffer.from(blue))).toBe(
      0,
    );
    expect((await list(a.token, 'me')).items).toHaveLength(1);
  });

  it('deletes several, clears a directory, and lists directories', async () => {
    const a = await user('delete');
    const png = await picture('png');
    for (const dir of ['', 'cfg', 'cfg/old', 'other%_dir']) {
      ok(
        await upload(
          a.token,
          'me',
          [
            { name: 'a.png', bytes: png },
            { name: 'b.txt', bytes: 'b' },
          ],
          `?dir=${encodeURIComponent(dir)}`,
        ),
        201,
      );
    }
    const top = await list(a.token, 'me');
    expect(top.dirs).toEqual(['cfg', 'other%_dir']);
    expect((await list(a.token, 'me', '?dir=cfg')).dirs).toEqual(['old']);
    expect((await list(a.token, 'me', '?dir=cfg&recursive=true')).items).toHaveLength(4);

    const deleted = await sendAs(h.app, 'POST', '/files/me/delete', a.token, {
      dir: '',
      names: ['a.png', 'b.txt', 'none'],
    });
    expect(ok<{ count: number }>(deleted).count).toBe(2);
    expectError(
      await sendAs(h.app, 'POST', '/files/me/delete', a.token, { dir: '', names: ['a.png'] }),
      404,
      'not_found',
    );
    // Clearing `cfg` takes cfg/old with it, and leaves a directory whose name has LIKE wildcards.
    expect(ok<{ count: number }>(await sendAs(h.app, 'DELETE', '/files/me?dir=cfg', a.token)).count).toBe(4);
    expect((await list(a.token, 'me', '?recursive=true')).items.map((i) => i.dir)).toEqual([
      'other%_dir',
      'other%_dir',
    ]);
    expect(ok<{ count: number }>(await sendAs(h.app, 'DELETE', '/files/me', a.token)).count).toBe(2);
    expect((await list(a.token, 'me')).used).toBe(0);
  });

  it('keeps equipment files for whoever may read the equipment; only editors write them', async () => {
    const owner = await user('owner');
    const reader = await user('reader');
    const stranger = await user('stranger');
    const id = await addEquipment(owner.token, 'F11E0001');
    const space = `equipment-${id}`;
    ok(await upload(owner.token, space, [{ name: 'manual.pdf', bytes: '%PDF-1.4 …' }], '?dir=docs'), 201);

    // A read-only share: the grantee lists and downloads, but may not upload or delete.
    const code = ok<{ code: string }>(
      await sendAs(h.app, 'POST', `/equipment/${id}/share-codes`, owner.token, {
        level: 'read',
        validity: '1d',
      }),
      201,
    ).code;
    ok(await sendAs(h.app, 'POST', '/share-codes/redeem', reader.token, { code }));
    const seen = await list(reader.token, space, '?dir=docs');
    expect(seen.writable).toBe(false);
    expect(seen.items.map((i) => i.name)).toEqual(['manual.pdf']);
    expect((await fetchUrl(seen.items[0]?.url ?? '', reader.token)).statusCode).toBe(200);
    expectError(await upload(reader.token, space, [{ name: 'x.txt', bytes: 'x' }]), 403, 'forbidden');
    expectError(
      await sendAs(h.app, 'POST', `/files/${space}/delete`, reader.token, {
        dir: 'docs',
        names: ['manual.pdf'],
      }),
      403,
      'forbidden',
    );
    expectError(await sendAs(h.app, 'DELETE', `/files/${space}`, reader.token), 403, 'forbidden');

    // Someone without any right is told there is no such equipment, whatever they try.
    expectError(await sendAs(h.app, 'GET', `/files/${space}`, stranger.token), 404, 'not_found');
    expectError(
      await fetchUrl(`/api/v1/files/${space}/content?path=docs/manual.pdf`, stranger.token),
      404,
      'not_found',
    );
    expectError(await upload(stranger.token, space, [{ name: 'x.txt', bytes: 'x' }]), 404, 'not_found');
    expectError(await sendAs(h.app, 'GET', '/files/equipment-99999', owner.token), 404, 'not_found');
  });

  it('copies a directory between devices, never into itself, and not into what the caller only reads', async () => {
    const owner = await user('copier');
    const other = await user('other');
    const from = await addEquipment(owner.token, 'F11E0002');
    const to = await addEquipment(owner.token, 'F11E0003');
    const foreign = await addEquipment(other.token, 'F11E0004');
    const png = await picture('png');
    ok(
      await upload(
        owner.token,
        `equipment-${from}`,
        [{ name: 'cfg.json', bytes: '{"a":1}' }],
        `?dir=${from}`,
      ),
      201,
    );
    ok(
      await upload(owner.token, `equipment-${from}`, [{ name: 'bg.png', bytes: png }], `?dir=${from}/img`),
      201,
    );

    const body = {
      from: { space: `equipment-${from}`, dir: String(from) },
      to: { space: `equipment-${to}`, dir: String(to) },
    };
    expect(ok<{ count: number }>(await sendAs(h.app, 'POST', '/files/copy', owner.token, body)).count).toBe(
      2,
    );
    const copied = await list(owner.token, `equipment-${to}`, '?recursive=true');
    expect(copied.items.map((i) => `${i.dir}/${i.name}`).sort()).toEqual([
      `${to}/cfg.json`,
      `${to}/img/bg.png`,
    ]);
    const original = await list(owner.token, `equipment-${from}`, `?dir=${from}/img`);
    // The copy is a picture of its own: its own address, the same bytes.
    expect(copied.items.find((i) => i.name === 'bg.png')?.url).not.toBe(original.items[0]?.url);
    expectError(await sendAs(h.app, 'POST', '/files/copy', owner.token, body), 409, 'conflict');
    expect(
      ok<{ count: number }>(
        await sendAs(h.app, 'POST', '/files/copy', owner.token, { ...body, replace: true }),
      ).count,
    ).toBe(2);

    const inside = { from: body.from, to: { space: `equipment-${from}`, dir: `${from}/img/again` } };
    expectError(await sendAs(h.app, 'POST', '/files/copy', owner.token, inside), 400, 'bad_request');
    const away = { from: body.from, to: { space: `equipment-${foreign}`, dir: '' } };
    expectError(await sendAs(h.app, 'POST', '/files/copy', owner.token, away), 404, 'not_found');
    const steal = { from: { space: `equipment-${foreign}`, dir: '' }, to: { space: 'me', dir: 'stolen' } };
    expectError(await sendAs(h.app, 'POST', '/files/copy', owner.token, steal), 404, 'not_found');
  });

  it('lets everyone read the platform files and only administrators write them', async () => {
    const a = await user('plain');
    const admin = await user('admin');
    await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
    const adminToken = (await login(h, `files-admin-${users}`)).accessToken;
    expectError(
      await upload(a.token, 'admin', [{ name: 'x.png', bytes: await picture('png') }]),
      403,
      'forbidden',
    );
    ok(await upload(adminToken, 'admin', [{ name: 'valve.png', bytes: await picture('png') }]), 201);
    const seen = await list(a.token, 'admin');
    expect(seen.writable).toBe(false);
    expect(seen.items.map((i) => i.name)).toContain('valve.png');
    // The platform's files count against no one's quota.
    expect((await list(adminToken, 'me')).used).toBe(0);
  });

  it('keeps project files per tenant when the user has one, else per user, and hands out project ids', async () => {
    const [a, b, c] = [await user('tenant-a'), await user('tenant-b'), await user('solo')];
    const tenant = await h.storage.db
      .insertInto('tenants')
      .values({ key: `files${users}`, name: 'Files Co', created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.storage.db
      .updateTable('users')
      .set({ tenant_id: tenant.id })
      .where('id', 'in', [a.id, b.id])
      .execute();
    const id = ok<{ id: string }>(await sendAs(h.app, 'POST', '/files/project/ids', a.token)).id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    ok(await upload(a.token, 'project', [{ name: 'project.json', bytes: '{}' }], `?dir=${id}`), 201);
    expect((await list(b.token, 'project')).dirs).toEqual([id]);
    expect((await list(c.token, 'project')).dirs).toEqual([]);
  });

  it('removes the files of removed equipment and of a removed account', async () => {
    const owner = await user('leaving');
    const id = await addEquipment(owner.token, 'F11E0009');
    const png = await picture('png');
    const onDevice = ok<{ items: Item[] }>(
      await upload(owner.token, `equipment-${id}`, [{ name: 'p.png', bytes: png }]),
      201,
    );
    const own = ok<{ items: Item[] }>(
      await upload(owner.token, 'me', [{ name: 'mine.png', bytes: png }]),
      201,
    );
    ok(await sendAs(h.app, 'PUT', '/me/documents/console-layout/x', owner.token, { context: 1 }));
    expect((await fetchUrl(onDevice.items[0]?.url ?? '')).statusCode).toBe(200);

    ok(await sendAs(h.app, 'DELETE', `/equipment/${id}`, owner.token), 204);
    expect((await fetchUrl(onDevice.items[0]?.url ?? '')).statusCode).toBe(404);
    expect((await fetchUrl(own.items[0]?.url ?? '')).statusCode).toBe(200);

    const blobs = async () => (await h.storage.db.selectFrom('file_blobs').select('key').execute()).length;
    const before = await blobs();
    ok(await sendAs(h.app, 'DELETE', '/me', owner.token, { password: 'secret123' }), 204);
    expect((await fetchUrl(own.items[0]?.url ?? '')).statusCode).toBe(404);
    // The picture and its thumbnail are gone from the blob store too.
    expect(await blobs()).toBe(before - 2);
    const docs = await h.storage.db
      .selectFrom('user_documents')
      .select('fname')
      .where('user_id', '=', owner.id)
      .execute();
    expect(docs).toEqual([]);
  });

  it('keeps saved documents per user', async () => {
    const a = await user('docs');
    const b = await user('docs-other');
    const layout = { columns: ['name', 'size'], sort: { by: 'name', order: 'asc' }, pageSize: 20 };
    const saved = ok<{ size: number }>(
      await sendAs(h.app, 'PUT', '/me/documents/console-layout/file-manager', a.token, { context: layout }),
    );
    expect(saved.size).toBe(JSON.stringify(layout).length);
    ok(await sendAs(h.app, 'PUT', '/me/documents/console-layout/history', a.token, { context: [1, 2] }));
    ok(await sendAs(h.app, 'PUT', '/me/documents/notes/ünïcode name', a.token, { context: 'text' }));
    const read = ok<{ context: unknown }>(
      await sendAs(h.app, 'GET', '/me/documents/console-layout/file-manager', a.token),
    );
    expect(read.context).toEqual(layout);
    const listed = ok<{ items: { ftype: string; fname: string }[] }>(
      await sendAs(h.app, 'GET', '/me/documents?ftype=console-layout', a.token),
    );
    expect(listed.items.map((i) => i.fname)).toEqual(['file-manager', 'history']);
    expectError(
      await sendAs(h.app, 'GET', '/me/documents/console-layout/file-manager', b.token),
      404,
      'not_found',
    );
    expect(ok<{ items: unknown[] }>(await sendAs(h.app, 'GET', '/me/documents', b.token)).items).toEqual([]);

    const big = { blob: 'x'.repeat(300 * 1024) };
    expect(
      (await sendAs(h.app, 'PUT', '/me/documents/console-layout/big', a.token, { context: big })).statusCode,
    ).toBe(413);
    expectError(
      await sendAs(h.app, 'PUT', '/me/documents/bad type!/x', a.token, { context: 1 }),
      400,
      'bad_request',
    );
    expectError(
      await sendAs(h.app, 'PUT', '/me/documents/console-layout/x', a.token, {}),
      400,
      'bad_request',
    );
    ok(await sendAs(h.app, 'DELETE', '/me/documents/notes/ünïcode name', a.token), 204);
    expect(
      ok<{ count: number }>(await sendAs(h.app, 'DELETE', '/me/documents/console-layout', a.token)).count,
    ).toBe(2);
    expect(ok<{ items: unknown[] }>(await sendAs(h.app, 'GET', '/me/documents', a.token)).items).toEqual([]);
  });
});

describe.each(storageCases())('file limits on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store, { fileLimits: { maxFileBytes: 64 * 1024, quotaBytes: 100 * 1024 } });

  const upload = (token: string, parts: readonly Part[], query = '') => {
    const body = multipart(parts);
    return h.app.inject({
      method: 'POST',
      url: `/api/v1/files/me${query}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };
  const names = async (token: string): Promise<string[]> =>
    ((await sendAs(h.app, 'GET', '/files/me', token)).json() as Listing).items.map((i) => i.name);

  it('refuses a file over the cap and uploads over the quota, keeping nothing of them', async () => {
    await register(h, 'limits-user');
    const { token } = { token: (await login(h, 'limits-user')).accessToken };
    const bytes = (kib: number) => new Uint8Array(kib * 1024).fill(65);
    expect(
      expectError(await upload(token, [{ name: 'huge.bin', bytes: bytes(65) }]), 413, 'payload_too_large'),
    ).toContain('larger than');
    expect((await upload(token, [{ name: 'a.bin', bytes: bytes(60) }])).statusCode).toBe(201);
    const over = await upload(token, [
      { name: 'b.bin', bytes: bytes(30) },
      { name: 'c.bin', bytes: bytes(30) },
    ]);
    expect(expectError(over, 413, 'payload_too_large')).toContain('quota');
    expect(await names(token)).toEqual(['a.bin']);
    // Replacing one's own file frees its bytes first.
    expect((await upload(token, [{ name: 'a.bin', bytes: bytes(64) }], '?replace=true')).statusCode).toBe(
      201,
    );
    const listing = (await sendAs(h.app, 'GET', '/files/me', token)).json() as Listing;
    expect([listing.used, listing.quota]).toEqual([64 * 1024, 100 * 1024]);
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, bytes: 'x' }));
    expect((await upload(token, many, '?replace=true')).statusCode).toBe(413);
  });
});
