import type { SearchReply } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { expectError, T0 } from '../accounts/test-support.js';
import { useAppsApi } from '../apps/test-support.js';
import type { Person } from '../apps/test-support.js';
import { insertDevice, insertSubDevice } from '../equipment/store.js';
import { storageCases } from '../storage/test-support.js';
import { SEARCHES_PER_MINUTE } from './routes.js';

const NO_LINK = { link_secret_hash: null, link_secret_sealed: null };
let serials = 0;

describe.each(storageCases())('search on %s', (storageCase) => {
  const api = useAppsApi(storageCase);
  const run = it.skipIf(storageCase.skip);
  const db = () => api.h.storage.db;

  /** A device of `owner` with a serial no other test uses (`prefix` + a number). */
  async function device(owner: Person, name: string, extra: { description?: string; sn?: string } = {}) {
    serials += 1;
    const sn = extra.sn ?? `SRCH${String(serials).padStart(6, '0')}`;
    const id = await insertDevice(
      db(),
      { ownerId: owner.id, link: NO_LINK, sn, type: 'FL-MBGW', name, description: extra.description },
      T0,
    );
    return { id, sn };
  }

  async function grant(id: number, to: Person, slaves = false): Promise<void> {
    await db()
      .insertInto('equipment_grants')
      .values({
        equipment_id: id,
        user_id: to.id,
        level: 'read',
        can_read: 1,
        can_operate: 0,
        can_edit: 0,
        can_delete: 0,
        camera: 0,
        slaves: slaves ? 1 : 0,
        share_code_id: null,
        granted_by: null,
        expires_at: null,
        created_at: T0,
      })
      .execute();
  }

  const search = (who: Person, query: string) =>
    api.ok<SearchReply>('GET', `/search?${query}`, who).then((r) => r.items);
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  run(
    'finds owned and shared devices and sub-devices by name, serial and remark, not another user’s',
    async () => {
      const alice = await api.person();
      const bob = await api.person();
      const eve = await api.person();
      const pump = await device(alice, 'Pump house', { description: 'north Field well' });
      const gate = await device(bob, 'Gate valve');
      const host = await device(bob, 'Meter gateway');
      const hostRow = await db()
        .selectFrom('equipment')
        .selectAll()
        .where('id', '=', host.id)
        .executeTakeFirstOrThrow();
      const meter = await insertSubDevice(
        db(),
        hostRow,
        { address: 3, type: 'FL-MBMETER', name: 'Tank meter' },
        T0,
      );
      await device(eve, 'Pump of eve');
      await grant(gate.id, alice);
      await grant(host.id, alice, true);

      expect(await search(alice, q('pump'))).toEqual([
        { value: 'Pump house', url: `/Equips?id=${pump.id}`, kind: 'equipment' },
      ]);
      expect(await search(alice, q(pump.sn.toLowerCase()))).toEqual([
        { value: 'Pump house', url: `/Equips?id=${pump.id}`, kind: 'equipment' },
      ]);
      // Every word must occur, in any of the device's texts and any case.
      expect((await search(alice, q('FIELD   house'))).map((s) => s.value)).toEqual(['Pump house']);
      expect(await search(alice, q('field pump eve'))).toEqual([]);
      expect((await search(alice, q('gate'))).map((s) => s.value)).toEqual(['Gate valve', 'Meter gateway']);
      // A sub-device through the host's grant with its sub-devices; its unid is `<host>_<address>`.
      expect(await search(alice, q(`${host.sn}_3`))).toEqual([
        { value: 'Tank meter', url: `/Equips?id=${meter}`, kind: 'equipment' },
      ]);
      expect(await search(eve, q('gate'))).toEqual([]);
      expect((await search(eve, q('pump'))).map((s) => s.value)).toEqual(['Pump of eve']);
    },
  );

  run('puts what starts with the query first', async () => {
    const carol = await api.person();
    await device(carol, 'Old boiler');
    await device(carol, 'Boiler room');
    await device(carol, 'Annex boiler');
    expect((await search(carol, q('boiler'))).map((s) => s.value)).toEqual([
      'Boiler room',
      'Annex boiler',
      'Old boiler',
    ]);
  });

  run('takes wildcards and the escape character literally', async () => {
    const dan = await api.person();
    await device(dan, '100% duty');
    await device(dan, '1000 duty');
    await device(dan, 'a_b valve');
    await device(dan, 'axb valve');
    await device(dan, 'back\\slash');
    await device(dan, 'backslash');
    expect((await search(dan, q('100%'))).map((s) => s.value)).toEqual(['100% duty']);
    expect((await search(dan, q('%'))).map((s) => s.value)).toEqual(['100% duty']);
    expect((await search(dan, q('a_b'))).map((s) => s.value)).toEqual(['a_b valve']);
    expect((await search(dan, q('_'))).map((s) => s.value)).toEqual(['a_b valve']);
    expect((await search(dan, q('k\\s'))).map((s) => s.value)).toEqual(['back\\slash']);
  });

  run('answers 20 by default and at most `limit` (1-50)', async () => {
    const fay = await api.person();
    for (let i = 0; i < 52; i += 1) await device(fay, `Sensor ${String(i).padStart(2, '0')}`);
    expect(await search(fay, q('sensor'))).toHaveLength(20);
    expect(await search(fay, `${q('sensor')}&limit=1`)).toHaveLength(1);
    expect(await search(fay, `${q('sensor')}&limit=50`)).toHaveLength(50);
    for (const bad of ['limit=0', 'limit=51', 'limit=two']) {
      expectError(await api.send('GET', `/search?${q('sensor')}&${bad}`, fay), 400, 'bad_request');
    }
  });

  run('refuses a missing, empty, blank or too long query, and a caller signed out', async () => {
    const gil = await api.person();
    expect(await search(gil, q('x'.repeat(64)))).toEqual([]);
    for (const bad of ['', 'q=', `q=${'x'.repeat(65)}`, q('   '), `${q('a')}&other=1`]) {
      expectError(await api.send('GET', `/search?${bad}`, gil), 400, 'bad_request');
    }
    expectError(await api.send('GET', `/search?${q('a')}`, null), 401, 'unauthorized');
  });

  run('finds diagram projects, custom routes, apps and value-added entries the caller sees', async () => {
    const admin = await api.person({ authority: 1000 });
    const hal = await api.person();
    const project = await api.ok<{ id: string }>('POST', '/diagrams', hal, {
      name: 'Boiler plant',
      kind: 'svg',
    });
    await api.ok('POST', '/admin/custom-routes', admin, {
      name: 'plantops',
      title: 'Plant operations',
      icon: null,
      tenantId: null,
      condition: null,
      sort: 0,
      children: [
        { name: 'boilers', title: 'Boiler board', url: 'https://apps.example.com/', defaultUrl: null },
      ],
    });
    await api.ok('POST', '/admin/value-added', admin, {
      kind: 'other',
      title: 'Boiler insurance',
      icon: null,
      url: 'https://insure.example.com/',
      tenantId: null,
      sort: 0,
    });
    const app = await api.ok<{ id: number }>('POST', '/apps', hal, {
      name: 'boilerlog',
      title: 'Boiler log',
      url: 'https://apps.example.com/',
      defaultUrl: null,
      icon: null,
      description: '',
    });
    const found = await search(hal, q('boiler'));
    expect(found).toEqual([
      { value: 'Boiler plant', url: `/jujuda/jujudaHandle/${project.id}`, kind: 'diagram' },
      { value: 'Boiler board', url: '/plantops/boilers', kind: 'customRoute' },
      { value: 'Boiler log', url: `/appaudit/app/${app.id}`, kind: 'app' },
      { value: 'Boiler insurance', url: 'https://insure.example.com/', kind: 'valueAdded' },
    ]);
    // Another user sees the route and the entry for everyone, not hal's project or pending app.
    const ivy = await api.person();
    expect((await search(ivy, q('boiler'))).map((s) => s.kind)).toEqual(['customRoute', 'valueAdded']);
  });

  run(`allows ${SEARCHES_PER_MINUTE} searches a minute per user`, async () => {
    const jo = await api.person();
    const kim = await api.person();
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1) await search(jo, q('x'));
    expectError(await api.send('GET', `/search?${q('x')}`, jo), 429, 'rate_limited');
    expect(await search(kim, q('x'))).toEqual([]);
    api.h.clock.advance(60_001);
    expect(await search(jo, q('x'))).toEqual([]);
  });
});
