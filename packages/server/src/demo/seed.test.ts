/** The demo account and its equipment, seen through the API, on both databases. */
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, login, register, useAccountsApp } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import type { EquipmentReply } from '@fieldlink/protocol';
import type { TreeReply } from '@fieldlink/protocol';
import { hashLinkSecret, linkSecretKey } from '../gateway/dtu/secrets.js';
import { storageCases } from '../storage/test-support.js';
import { DEMO_DEVICES, DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from './seed.js';

async function get<T>(h: AccountsHarness, url: string, token: string): Promise<T> {
  const res = await h.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function demoEquipment(h: AccountsHarness): Promise<{ token: string; items: EquipmentReply[] }> {
  const { accessToken } = await login(h, DEMO_USER_NAME, DEMO_PASSWORD);
  const list = await get<{ items: EquipmentReply[]; total: number }>(h, '/equipment', accessToken);
  expect(list.total).toBe(list.items.length);
  return { token: accessToken, items: list.items };
}

const SUB_DEVICE_COUNT = DEMO_DEVICES.reduce((n, d) => n + (d.subDevices?.length ?? 0), 0);

describe.each(storageCases())('demo account on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);

  describe('on an empty store', () => {
    const h = useAccountsApp(store);

    it('creates the account and its devices once', async () => {
      const first = await seedDemo(h.storage.db, h.clock.ms, linkSecretKey(h.jwtKey));
      expect(first.created).toBe(true);

      const { token, items } = await demoEquipment(h);
      const me = await get<Record<string, unknown>>(h, '/me', token);
      expect(me).toMatchObject({
        id: first.userId,
        userName: 'demo',
        authority: 4,
        phone: null,
        email: null,
        language: 'en',
      });

      expect(items).toHaveLength(DEMO_DEVICES.length + SUB_DEVICE_COUNT);
      expect(items.every((e) => e.ownerId === first.userId && e.permission.owner)).toBe(true);
      const bySn = (sn: string) => items.find((e) => e.sn === sn)!;
      expect(items.filter((e) => e.parentId === null).map((e) => [e.sn, e.type])).toEqual([
        ['DEMO0001', 'FL-R8'],
        ['DEMO0002', 'FL-AI8'],
        ['DEMO0003', 'FL-AO4'],
        ['DEMO0004', 'FL-JYTeam001'],
        ['DEMO0005', 'FL-MBGW'],
      ]);

      const relay = bySn('DEMO0001');
      expect(relay).toMatchObject({ name: 'Demo relay board', group: 'Demo plant' });
      expect(relay.settings.do.names).toEqual([
        'Pump 1',
        'Pump 2',
        'Fan',
        'Light',
        'Valve A',
        'Valve B',
        'Heater',
        'Alarm horn',
      ]);
      expect(relay.settings.di.names.every((name) => name !== '')).toBe(true);
      expect(relay.settings.ai).toMatchObject({
        names: ['Tank level', 'Outlet pressure'],
        units: ['m', 'bar'],
        x1: [0, 0],
        x2: [4095, 4095],
        y1: [0, 0],
        y2: [5, 10],
        alarmLow: [0.5, 1],
        alarmHigh: [4.5, 8],
      });
      expect(bySn('DEMO0002').settings.ai.names).toHaveLength(8);
      expect(bySn('DEMO0002').settings.ai.units).toContain('°C');
      expect(bySn('DEMO0003').settings.ao).toMatchObject({
        names: ['Pump speed', 'Fan speed', 'Mixing valve', 'Bypass valve'],
        min: [400, 400, 400, 400],
        max: [2000, 2000, 2000, 2000],
      });

      const team = bySn('DEMO0004');
      const slaves = items.filter((e) => e.parentId === team.id);
      expect(slaves.map((e) => [e.unid, e.type, e.address, e.group])).toEqual([
        ['DEMO0004_1', 'FL-LR4', '1', 'Demo irrigation'],
        ['DEMO0004_2', 'FL-LR4', '2', 'Demo irrigation'],
      ]);
      const gateway = bySn('DEMO0005');
      const meters = items.filter((e) => e.parentId === gateway.id);
      expect(meters.map((e) => [e.unid, e.type, e.address])).toEqual([
        ['DEMO0005_1', 'FL-MBMETER', '1'],
        ['DEMO0005_2', 'FL-MBMETER', '2'],
      ]);
      expect(meters[0]!.settings.ai.units).toContain('kWh');
      // Raw 0.1 V registers shown in volts.
      expect(meters[0]!.settings.ai.x2[0]).toBe(10);

      const tree = await get<TreeReply>(h, '/equipment/tree', token);
      expect(tree.devices).toEqual([]);
      expect(tree.groups.map((g) => g.name)).toEqual(['Demo energy', 'Demo irrigation', 'Demo plant']);
      const group = (name: string) => tree.groups.find((g) => g.name === name)!.children;
      expect(group('Demo plant').map((n) => n.name)).toEqual([
        'Demo analog inputs',
        'Demo analog outputs',
        'Demo relay board',
      ]);
      expect(group('Demo irrigation').map((n) => [n.name, n.children.map((c) => c.name)])).toEqual([
        ['Demo team host', ['Demo field slave 1', 'Demo field slave 2']],
      ]);
      expect(group('Demo energy').map((n) => [n.name, n.children.map((c) => c.name)])).toEqual([
        ['Demo Modbus gateway', ['Demo energy meter', 'Demo pump meter']],
      ]);
      expect(tree.counters.total).toBe(items.length);

      // Each device has a link secret of its own, which its owner can read; none is open.
      const hosts = items.filter((e) => e.parentId === null);
      expect(hosts.every((e) => e.hasLinkSecret && !e.openLink)).toBe(true);
      const secrets = new Set<string>();
      for (const host of hosts) {
        const { linkSecret } = await get<{ linkSecret: string }>(
          h,
          `/equipment/${host.id}/link-secret`,
          token,
        );
        expect(linkSecret).toMatch(/^[A-Za-z0-9]{20}$/);
        const row = await h.storage.db
          .selectFrom('equipment')
          .select('link_secret_hash')
          .where('id', '=', host.id)
          .executeTakeFirstOrThrow();
        expect(row.link_secret_hash).toBe(hashLinkSecret(linkSecret));
        secrets.add(linkSecret);
      }
      expect(secrets.size).toBe(hosts.length);

      const second = await seedDemo(h.storage.db, h.clock.ms + 1000, linkSecretKey(h.jwtKey));
      expect(second).toEqual({ created: false, userId: first.userId });
      expect((await demoEquipment(h)).items).toEqual(items);
    });

    it('changes nothing for an existing demo user, even one that removed a device', async () => {
      await h.storage.db.deleteFrom('equipment').where('sn', '=', 'DEMO0003').execute();
      const before = (await demoEquipment(h)).items;
      const again = await seedDemo(h.storage.db, h.clock.ms + 2000, linkSecretKey(h.jwtKey));
      expect(again.created).toBe(false);
      expect((await demoEquipment(h)).items).toEqual(before);
      expect(before.map((e) => e.sn)).not.toContain('DEMO0003');
    });
  });

  describe('when two starts seed at once', () => {
    const h = useAccountsApp(store);

    it('creates one account and one set of devices', async () => {
      const results = await Promise.all([
        seedDemo(h.storage.db, h.clock.ms, linkSecretKey(h.jwtKey)),
        seedDemo(h.storage.db, h.clock.ms, linkSecretKey(h.jwtKey)),
      ]);
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);
      expect(results[0]!.userId).toBe(results[1]!.userId);
      const demos = await h.storage.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'demo')
        .execute();
      expect(demos).toHaveLength(1);
      expect((await demoEquipment(h)).items).toHaveLength(DEMO_DEVICES.length + SUB_DEVICE_COUNT);
    });
  });

  describe('with a demo serial number already registered', () => {
    const h = useAccountsApp(store);

    it('skips that device and its sub-devices and creates the rest', async () => {
      await register(h, 'real-owner');
      const owner = await login(h, 'real-owner');
      const taken = await h.app.inject({
        method: 'POST',
        url: '/api/v1/equipment',
        headers: bearer(owner.accessToken),
        payload: { sn: 'DEMO0004', type: 'FL-R4', name: 'A real board' },
      });
      expect(taken.statusCode, taken.body).toBe(201);

      const seeded = await seedDemo(h.storage.db, h.clock.ms, linkSecretKey(h.jwtKey));
      expect(seeded.created).toBe(true);
      const { items } = await demoEquipment(h);
      expect(items.map((e) => e.unid).sort()).toEqual([
        'DEMO0001',
        'DEMO0002',
        'DEMO0003',
        'DEMO0005',
        'DEMO0005_1',
        'DEMO0005_2',
      ]);
      const real = await get<{ items: EquipmentReply[] }>(h, '/equipment', owner.accessToken);
      expect(real.items.map((e) => [e.sn, e.name, e.ownerId === seeded.userId])).toEqual([
        ['DEMO0004', 'A real board', false],
      ]);
    });
  });
});
