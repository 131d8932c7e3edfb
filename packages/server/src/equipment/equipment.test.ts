/** Equipment routes over HTTP on both databases: types, CRUD with every field, sub-devices, tree. */
import { createHash } from 'node:crypto';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, expectError, login, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { DialPolicy, interfaceAddresses, parseCidrList } from '../gateway/modbus-tcp/dial-policy.js';
import { linkSecretKey, sealLinkSecret } from '../gateway/dtu/secrets.js';
import type { EquipmentReply } from '@fieldlink/protocol';
import type { TreeReply } from '@fieldlink/protocol';

describe.each(storageCases())('equipment on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string | null,
    payload?: unknown,
  ) => sendAs(h.app, method, url, token, payload);

  async function user(name: string): Promise<{ id: number; token: string }> {
    const { id } = await register(h, name);
    return { id, token: (await login(h, name)).accessToken };
  }

  async function add(token: string, body: Record<string, unknown>): Promise<EquipmentReply> {
    const res = await send('POST', '/equipment', token, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as EquipmentReply;
  }

  it('serves the type catalogue without signing in', async () => {
    const res = await send('GET', '/equipment-types', null);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { type: string; counts: unknown; isTeam: boolean }[]; total: number };
    expect(body.total).toBe(body.items.length);
    expect(body.items.find((t) => t.type === 'FL-R16')?.counts).toEqual({ do: 16, di: 16, ai: 2, ao: 0 });
    expect(body.items.find((t) => t.type === 'FL-JYTeam001')?.isTeam).toBe(true);
    const one = await send('GET', '/equipment-types/FL-AO4', null);
    expect(one.json()).toMatchObject({
      type: 'FL-AO4',
      aoRegister: 400,
      defaults: { ao: { min: [0, 0, 0, 0] } },
    });
    expectError(await send('GET', '/equipment-types/NOPE', null), 404, 'not_found');
  });

  it('adds equipment by serial number and type, and refuses unknown models and taken serials', async () => {
    const a = await user('eq-add-a');
    const b = await user('eq-add-b');
    const created = await add(a.token, { sn: 'ab12cd34', type: 'FL-R8', name: 'Pump house' });
    expect(created).toMatchObject({
      sn: 'AB12CD34',
      unid: 'AB12CD34',
      type: 'FL-R8',
      name: 'Pump house',
      group: '',
      parentId: null,
      ownerId: a.id,
      counts: { do: 8, di: 8, ai: 2, ao: 0 },
      aoRegister: 400,
      permission: { level: 4, operate: 1, camera: 1, owner: true, until: null },
      status: { online: false, alarm: false, soc: null, at: null },
      cameraPassword: null,
    });
    expect(created.settings.do.names).toHaveLength(8);
    expect(created.settings.image).toBe('relay8.png');
    expect(
      expectError(
        await send('POST', '/equipment', a.token, { sn: 'ZZ000001', type: 'FL-R9', name: 'x' }),
        400,
        'bad_request',
      ),
    ).toBe('product model error');
    expectError(
      await send('POST', '/equipment', a.token, { sn: 'ZZ000001', type: 'FL-LR4', name: 'x' }),
      400,
      'bad_request',
    );
    expectError(
      await send('POST', '/equipment', b.token, { sn: 'AB12CD34', type: 'FL-R4', name: 'mine?' }),
      409,
      'conflict',
    );
    expectError(
      await send('POST', '/equipment', a.token, { sn: 'a b', type: 'FL-R4', name: 'x' }),
      400,
      'bad_request',
    );
    expectError(
      await send('POST', '/equipment', a.token, { sn: 'ZZ000002', type: 'FL-R4', name: 'x', colour: 1 }),
      400,
      'bad_request',
    );
    expectError(
      await send('POST', '/equipment', null, { sn: 'ZZ000003', type: 'FL-R4', name: 'x' }),
      401,
      'unauthorized',
    );
  });

  it('stores every field of the record, sized by the type, and gives it back as arrays or as the wire record', async () => {
    const a = await user('eq-fields');
    const made = await add(a.token, {
      sn: 'FIELDS01',
      type: 'FL-AO4',
      name: 'Dosing',
      description: 'Chlorine dosing skid',
      group: 'Plant 2',
      cameraPassword: 'ABCDEF',
      settings: {
        image: 'dosing.png',
        background: 'a@b',
        webBackground: 'web.png',
        colors: {
          background: '#000',
          device: '#fff',
          alarm: 'red',
          alarmHigh: 'rgb(255, 0, 0)',
          alarmLow: 'blue',
          title: '#123456',
        },
        showOpenAll: false,
        showCloseAll: true,
        param: { basicParam: { gps: '121.47, 31.23' } },
        camera: { deviceSerial: 'C123', channelNo: 1 },
        alarmType: { sms: 1 },
        teamSn: 'TEAM9',
        modes: {
          doOpr: '1',
          doRtc: '0',
          doDi: { AIIndexArr: [0, 2] },
          doAi: { k: 1 },
          doUi: '',
          doScene: 's',
        },
        di: { names: ['Door', 'Float', 'extra'], alarm: 'true;false', alarmHigh: [false, true] },
        ai: {
          names: 'Flow;Level;pH;ORP;ignored',
          units: ['m3/h', 'm', '', 'mV'],
          x1: [0, 0, 0, 0],
          x2: [4095, 4095, 4095, 4095],
          y1: [0, 0, 0, -2000],
          y2: [50, 5, 14, 2000],
          alarmHigh: [45, 4.5, 8.5, 800],
          alarmLow: [0, 0.5, 6.5, 200],
          alarmOperations: ['close 1', '', '', ''],
          images: ['flow.png'],
          alarmImages: '',
        },
        ao: {
          names: ['Pump speed', 'Valve'],
          units: ['%', '%'],
          min: [400, 0],
          max: [2000, 0],
          x2: [2000, 2000],
          y2: [100, 100],
        },
      },
    });
    expect(made.settings.do.names).toEqual([]);
    expect(made.settings.di.names).toEqual(['Door', 'Float']);
    expect(made.settings.di.alarm).toEqual([true, false]);
    expect(made.settings.ai.names).toEqual(['Flow', 'Level', 'pH', 'ORP']);
    expect(made.settings.ai.images).toEqual([
      'flow.png',
      'com_default.png',
      'com_default.png',
      'com_default.png',
    ]);
    expect(made.settings.ao.names).toEqual(['Pump speed', 'Valve', '', '']);
    expect(made.settings.param).toMatchObject({
      basicParam: { gps: '121.47, 31.23', NetType: 0, isGateWay: 0 },
    });
    expect(made.settings.modes.doDi['AIIndexArr']).toEqual([0, 2]);
    expect(made.cameraPassword).toBe('ABCDEF');

    // The reply to the POST alone carries the link secret.
    const again = await send('GET', `/equipment/${made.id}`, a.token);
    const { linkSecret, ...shown } = made as EquipmentReply & { linkSecret?: string };
    expect(linkSecret).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(again.json()).toEqual(shown);
    expect(again.body).not.toContain(linkSecret);

    const wire = (await send('GET', `/equipment/${made.id}?format=wire`, a.token)).json() as Record<
      string,
      unknown
    >;
    expect(wire).toMatchObject({
      fID: made.id,
      fUNID: 'FIELDS01',
      SN: 'FIELDS01',
      fName: 'Dosing',
      fDescription: 'Chlorine dosing skid',
      fGroup: 'Plant 2',
      fEquipType: 'FL-AO4',
      fDONum: 0,
      fDINum: 2,
      fAINum: 4,
      fAONum: 4,
      fAOReg: 400,
      f2000: 0,
      fEquipImg: 'dosing.png',
      fBKImg: 'a@b',
      fBKColor: '#000',
      fAHColor: 'rgb(255, 0, 0)',
      fShowOpenAll: 0,
      fShowCloseAll: 1,
      fCameraPwd: 'ABCDEF',
      teamsn: 'TEAM9',
      fDIName: 'Door;Float',
      fAlarmDI: 'true;false',
      fAlarmDIH: 'false;true',
      fAIName: 'Flow;Level;pH;ORP',
      fAIUNIT: 'm3/h;m;;mV',
      fAIY1: '0;0;0;-2000',
      fAlarmH: '45;4.5;8.5;800',
      fAlarmL: '0;0.5;6.5;200',
      fAlarmOpr: 'close 1;;;',
      fAOMin: '400;0;0;0',
      fAOMax: '2000;0;0;0',
      fDOUIMode: '',
      Authority: { fEquipID: made.id, fRead: 1, fOpr: 1, fEdit: 1, fDelete: 1, fCamera: 1 },
    });
    expect(JSON.parse(String(wire['fCamera']))).toEqual({ deviceSerial: 'C123', channelNo: 1 });
    expect(JSON.parse(String(wire['fDODIMode']))).toMatchObject({ AIIndexArr: [0, 2] });
  });

  it('caps channel lists at the type counts and at 32', async () => {
    const a = await user('eq-caps');
    const names = Array.from({ length: 40 }, (_, i) => `R${i + 1}`);
    const r32 = await add(a.token, {
      sn: 'CAPS0032',
      type: 'FL-R32',
      name: 'Big',
      settings: { do: { names } },
    });
    expect(r32.settings.do.names).toEqual(names.slice(0, 32));
    const r4 = await add(a.token, {
      sn: 'CAPS0004',
      type: 'FL-R4',
      name: 'Small',
      settings: { do: { names: names.join(';') } },
    });
    expect(r4.settings.do.names).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(r4.settings.ai.names).toEqual([]);
  });

  it('edits and deletes with the owner rights; strangers get 404', async () => {
    const a = await user('eq-edit-a');
    const b = await user('eq-edit-b');
    const made = await add(a.token, {
      sn: 'EDIT0001',
      type: 'FL-R4',
      name: 'Old',
      settings: { do: { names: ['a', 'b'] } },
    });
    const patched = await send('PATCH', `/equipment/${made.id}`, a.token, {
      name: 'New',
      group: 'North',
      settings: { do: { onImages: 'on.png' }, showCloseAll: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const p = patched.json() as EquipmentReply;
    expect(p).toMatchObject({ name: 'New', group: 'North', description: '' });
    expect(p.settings.do.names).toEqual(['a', 'b', '', '']);
    expect(p.settings.do.onImages).toEqual(['on.png', 'kg03.png', 'kg03.png', 'kg03.png']);
    expect(p.settings.showCloseAll).toBe(false);
    expectError(await send('PATCH', `/equipment/${made.id}`, a.token, { type: 'FL-R8' }), 400, 'bad_request');
    expectError(await send('PATCH', `/equipment/${made.id}`, a.token, { name: '' }), 400, 'bad_request');

    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expectError(await send(method, `/equipment/${made.id}`, b.token, body), 404, 'not_found');
    }
    expectError(await send('GET', `/equipment/${made.id}/permission`, b.token), 404, 'not_found');
    expectError(await send('GET', '/equipment/999999', a.token), 404, 'not_found');
    expectError(await send('GET', '/equipment/abc', a.token), 400, 'bad_request');

    const list = (await send('GET', '/equipment', b.token)).json() as { items: unknown[]; total: number };
    expect(list).toEqual({ items: [], total: 0 });

    const del = await send('DELETE', `/equipment/${made.id}`, a.token);
    expect(del.statusCode, del.body).toBe(204);
    expectError(await send('GET', `/equipment/${made.id}`, a.token), 404, 'not_found');
  });

  it('adds sub-devices behind hosts with slave ids 0-249 unique per host', async () => {
    const a = await user('eq-subs');
    const team = await add(a.token, { sn: 'TEAM0001', type: 'FL-JYTeam001', name: 'Team', group: 'Field' });
    const other = await add(a.token, { sn: 'TEAM0002', type: 'FL-JYTeam001', name: 'Team 2' });
    const relay = await add(a.token, { sn: 'RELAY001', type: 'FL-R8', name: 'Relay' });
    const sub = (hostId: number, body: Record<string, unknown>) =>
      send('POST', `/equipment/${hostId}/sub-devices`, a.token, body);

    const s1 = await sub(team.id, { address: 0, type: 'FL-LR4', name: 'Slave 0' });
    expect(s1.statusCode, s1.body).toBe(201);
    expect(s1.json()).toMatchObject({
      unid: 'TEAM0001_0',
      sn: null,
      parentId: team.id,
      address: '0',
      group: 'Field',
      ownerId: a.id,
    });
    expect((await sub(team.id, { address: 249, type: 'FL-LAI4', name: 'Slave 249' })).statusCode).toBe(201);
    expectError(await sub(team.id, { address: 0, type: 'FL-LR4', name: 'dup' }), 409, 'conflict');
    expect((await sub(other.id, { address: 0, type: 'FL-LR4', name: 'Other 0' })).statusCode).toBe(201);
    expectError(await sub(team.id, { address: 250, type: 'FL-LR4', name: 'x' }), 400, 'bad_request');
    expectError(await sub(team.id, { address: -1, type: 'FL-LR4', name: 'x' }), 400, 'bad_request');
    expectError(await sub(team.id, { address: 1.5, type: 'FL-LR4', name: 'x' }), 400, 'bad_request');
    expect(
      expectError(await sub(team.id, { address: 3, type: 'FL-MBMETER', name: 'x' }), 400, 'bad_request'),
    ).toMatch(/^product model error/);
    expectError(await sub(relay.id, { address: 3, type: 'FL-LR4', name: 'x' }), 400, 'bad_request');

    const gw = await add(a.token, { sn: 'DLGW0001', type: 'FL-DLGW', name: 'Meters' });
    expectError(await sub(gw.id, { address: 1, type: 'FL-DL645METER', name: 'x' }), 400, 'bad_request');
    const meter = await sub(gw.id, { address: '000012345678', type: 'FL-DL645METER', name: 'Main meter' });
    expect(meter.statusCode, meter.body).toBe(201);
    expect(meter.json()).toMatchObject({ unid: 'DLGW0001_000012345678' });

    const children = (await send('GET', `/equipment/${team.id}/sub-devices`, a.token)).json() as {
      items: EquipmentReply[];
    };
    expect(children.items.map((c) => c.address)).toEqual(['0', '249']);

    // A sub-device's link state is its host's (spec §4).
    await h.storage.db
      .updateTable('equipment')
      .set({ online: 1, soc: 77 })
      .where('id', '=', team.id)
      .execute();
    const child = (
      await send('GET', `/equipment/${children.items[0]!.id}`, a.token)
    ).json() as EquipmentReply;
    expect(child.status).toMatchObject({ online: true, soc: 77 });

    // Deleting the host deletes its sub-devices.
    expect((await send('DELETE', `/equipment/${team.id}`, a.token)).statusCode).toBe(204);
    expectError(await send('GET', `/equipment/${children.items[0]!.id}`, a.token), 404, 'not_found');
  });

  it('builds the tree with groups, nested sub-devices, Chinese collation and counters', async () => {
    const a = await user('eq-tree');
    const names = ['张三泵站', '阿里水厂', '北京', 'Zeta'];
    const made: EquipmentReply[] = [];
    for (const [i, name] of names.entries()) {
      made.push(await add(a.token, { sn: `TREE000${i}`, type: 'FL-R4', name, group: i < 3 ? '泵站' : '' }));
    }
    const host = await add(a.token, { sn: 'TREEHOST', type: 'FL-JYTeam001', name: '组网', group: '泵站' });
    const slave = await send('POST', `/equipment/${host.id}/sub-devices`, a.token, {
      address: 7,
      type: 'FL-LR4',
      name: 'S7',
    });
    expect(slave.statusCode).toBe(201);
    await h.storage.db
      .updateTable('equipment')
      .set({ online: 1, soc: 55 })
      .where('id', '=', host.id)
      .execute();
    await h.storage.db.updateTable('equipment').set({ alarm: 1 }).where('id', '=', made[0]!.id).execute();

    const res = await send('GET', '/equipment/tree', a.token);
    expect(res.statusCode, res.body).toBe(200);
    const tree = res.json() as TreeReply;
    expect(tree.groups.map((g) => [g.id, g.name])).toEqual([['m_0', '泵站']]);
    // Pinyin order: a(阿里) < b(北京) < z(张三), 组网 (zu) last.
    expect(tree.groups[0]!.children.map((n) => n.name)).toEqual(['阿里水厂', '北京', '张三泵站', '组网']);
    const hostNode = tree.groups[0]!.children[3]!;
    expect(hostNode.children).toHaveLength(1);
    expect(hostNode.children[0]).toMatchObject({
      name: 'S7',
      unid: 'TREEHOST_7',
      isOnline: true,
      soc: 55,
      level: 4,
    });
    expect(hostNode.icon).toBe('team.png');
    expect(tree.devices.map((n) => n.name)).toEqual(['Zeta']);
    expect(tree.counters).toEqual({ total: 6, online: 2, offline: 4, alarm: 1, normal: 5 });
  });

  it('skips records whose type left the catalogue, and still lets them be deleted', async () => {
    const a = await user('eq-unknown');
    const kept = await add(a.token, { sn: 'KNOWN001', type: 'FL-R4', name: 'Kept' });
    const gone = await add(a.token, { sn: 'RETIRED1', type: 'FL-R4', name: 'Retired model' });
    await h.storage.db.updateTable('equipment').set({ type: 'FL-OLD9' }).where('id', '=', gone.id).execute();
    const list = (await send('GET', '/equipment', a.token)).json() as {
      items: EquipmentReply[];
      total: number;
    };
    expect(list.items.map((e) => e.id)).toEqual([kept.id]);
    expect(list.total).toBe(1);
    const tree = (await send('GET', '/equipment/tree', a.token)).json() as TreeReply;
    expect(tree.counters.total).toBe(1);
    expect(expectError(await send('GET', `/equipment/${gone.id}`, a.token), 404, 'not_found')).toMatch(
      /^unknown device/,
    );
    expect((await send('DELETE', `/equipment/${gone.id}`, a.token)).statusCode).toBe(204);
  });

  it('lists with paging, group and text filters, and the wire format', async () => {
    const a = await user('eq-list');
    for (let i = 0; i < 5; i++) {
      await add(a.token, {
        sn: `LIST000${i}`,
        type: 'FL-R4',
        name: `Well_${i}%`,
        group: i % 2 === 0 ? 'even' : 'odd',
      });
    }
    const page = (await send('GET', '/equipment?limit=2&offset=1', a.token)).json() as {
      items: EquipmentReply[];
      total: number;
    };
    expect(page.total).toBe(5);
    expect(page.items.map((e) => e.sn)).toEqual(['LIST0001', 'LIST0002']);
    const even = (await send('GET', '/equipment?group=even', a.token)).json() as { total: number };
    expect(even.total).toBe(3);
    const q = (await send('GET', '/equipment?q=well_3%25', a.token)).json() as { items: EquipmentReply[] };
    expect(q.items.map((e) => e.sn)).toEqual(['LIST0003']);
    const wildcard = (await send('GET', '/equipment?q=_', a.token)).json() as { total: number };
    expect(wildcard.total).toBe(5);
    const none = (await send('GET', '/equipment?q=%25%25', a.token)).json() as { total: number };
    expect(none.total).toBe(0);
    const wire = (await send('GET', '/equipment?format=wire&limit=1', a.token)).json() as {
      items: Record<string, unknown>[];
    };
    expect(wire.items[0]).toMatchObject({ SN: 'LIST0000', fDOName: ';;;' });
    expectError(await send('GET', '/equipment?limit=0', a.token), 400, 'bad_request');
    expectError(await send('GET', '/equipment?limit=1001', a.token), 400, 'bad_request');
    expectError(await send('GET', '/equipment?sort=name', a.token), 400, 'bad_request');
    expectError(await send('GET', '/equipment?scope=all', a.token), 403, 'forbidden');
  });
  it('gives a new device a link secret its owner can read again and regenerate, and never shows it elsewhere', async () => {
    const a = await user('eq-secret-a');
    const res = await send('POST', '/equipment', a.token, { sn: 'SECRET01', type: 'FL-R4', name: 'Gate' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as EquipmentReply & { linkSecret: string };
    expect(made).toMatchObject({ hasLinkSecret: true, openLink: false });
    expect(made.linkSecret).toMatch(/^[A-Za-z0-9]{20}$/);
    const stored = () =>
      h.storage.db
        .selectFrom('equipment')
        .select(['link_secret_hash', 'link_secret_sealed', 'link_open'])
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const row = await stored();
    expect(row).toMatchObject({ link_secret_hash: sha(made.linkSecret), link_open: 0 });
    expect(row.link_secret_sealed).not.toContain(made.linkSecret);

    const read = async () => {
      const got = await send('GET', `/equipment/${made.id}/link-secret`, a.token);
      expect(got.statusCode, got.body).toBe(200);
      return got.json() as { linkSecret: string | null; hasLinkSecret: boolean; openLink: boolean };
    };
    expect(await read()).toEqual({ linkSecret: made.linkSecret, hasLinkSecret: true, openLink: false });
    for (const url of [
      `/equipment/${made.id}`,
      `/equipment/${made.id}?format=wire`,
      '/equipment',
      '/equipment/tree',
    ]) {
      const body = (await send('GET', url, a.token)).body;
      expect(body, url).not.toContain(made.linkSecret);
      expect(body, url).not.toMatch(/link_secret|linkSecret"/);
    }

    // Regenerated: a new secret, the old one's hash gone.
    const fresh = await send('POST', `/equipment/${made.id}/link-secret`, a.token);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const regenerated = fresh.json() as { linkSecret: string };
    expect(regenerated).toMatchObject({ hasLinkSecret: true, openLink: false });
    expect(regenerated.linkSecret).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(regenerated.linkSecret).not.toBe(made.linkSecret);
    expect((await stored()).link_secret_hash).toBe(sha(regenerated.linkSecret));
    expect((await read()).linkSecret).toBe(regenerated.linkSecret);

    // The owner's own secret, kept the same way.
    const set = await send('PATCH', `/equipment/${made.id}`, a.token, { linkSecret: 'open sesame' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ hasLinkSecret: true, openLink: false });
    expect(set.body).not.toContain('sesame');
    expect((await stored()).link_secret_hash).toBe(sha('open sesame'));
    expect((await read()).linkSecret).toBe('open sesame');
    const listed = (await send('GET', '/equipment', a.token)).json() as { items: EquipmentReply[] };
    expect(listed.items.find((e) => e.id === made.id)?.hasLinkSecret).toBe(true);
    expect(JSON.stringify(listed)).not.toMatch(/sesame|link_secret|linkSecret"/);
    for (const bad of ['short', 'x'.repeat(65), 'tab\there!', 'naïve-secret', 42]) {
      expectError(
        await send('PATCH', `/equipment/${made.id}`, a.token, { linkSecret: bad }),
        400,
        'bad_request',
      );
    }
    for (const bad of ['yes', 1, null]) {
      expectError(
        await send('PATCH', `/equipment/${made.id}`, a.token, { openLink: bad }),
        400,
        'bad_request',
      );
    }

    // Sealed under another server key (JWT_SECRET changed): still checked by its hash, not readable.
    await h.storage.db
      .updateTable('equipment')
      .set({
        link_secret_sealed: sealLinkSecret(linkSecretKey(new Uint8Array(32)), 'SECRET01', 'open sesame'),
      })
      .where('id', '=', made.id)
      .execute();
    expect(await read()).toEqual({ linkSecret: null, hasLinkSecret: true, openLink: false });

    // The opt-out: the device may register without its secret; the reply warns of it.
    const opened = await send('PATCH', `/equipment/${made.id}`, a.token, { openLink: true });
    expect(opened.json()).toMatchObject({ hasLinkSecret: true, openLink: true });
    expect((await stored()).link_open).toBe(1);
    const closed = await send('PATCH', `/equipment/${made.id}`, a.token, { openLink: false });
    expect(closed.json()).toMatchObject({ hasLinkSecret: true, openLink: false });

    // Clearing the secret opens the link, and a link without a secret cannot be closed.
    expectError(
      await send('PATCH', `/equipment/${made.id}`, a.token, { linkSecret: null, openLink: false }),
      400,
      'bad_request',
    );
    const cleared = await send('PATCH', `/equipment/${made.id}`, a.token, { linkSecret: null });
    expect(cleared.json()).toMatchObject({ hasLinkSecret: false, openLink: true });
    expect(await read()).toEqual({ linkSecret: null, hasLinkSecret: false, openLink: true });
    expectError(
      await send('PATCH', `/equipment/${made.id}`, a.token, { openLink: false }),
      400,
      'bad_request',
    );
    const again = (await send('POST', `/equipment/${made.id}/link-secret`, a.token)).json() as {
      linkSecret: string;
      openLink: boolean;
    };
    expect(again.openLink).toBe(true);
    const shut = await send('PATCH', `/equipment/${made.id}`, a.token, { openLink: false });
    expect(shut.json()).toMatchObject({ hasLinkSecret: true, openLink: false });
    expect((await read()).linkSecret).toBe(again.linkSecret);

    const team = await add(a.token, { sn: 'SECRET02', type: 'FL-JYTeam001', name: 'Team' });
    const slave = await send('POST', `/equipment/${team.id}/sub-devices`, a.token, {
      address: 1,
      type: 'FL-LR4',
      name: 'Slave',
    });
    expect(slave.json()).toMatchObject({ hasLinkSecret: false, openLink: false });
    expect(slave.body).not.toContain('linkSecret');
    const id = (slave.json() as EquipmentReply).id;
    for (const body of [{ linkSecret: 'open sesame' }, { openLink: true }]) {
      expectError(await send('PATCH', `/equipment/${id}`, a.token, body), 400, 'bad_request');
    }
    expectError(await send('GET', `/equipment/${id}/link-secret`, a.token), 400, 'bad_request');
    expectError(await send('POST', `/equipment/${id}/link-secret`, a.token), 400, 'bad_request');
    // A stranger is not told the equipment exists.
    const b = await user('eq-secret-b');
    expectError(
      await send('PATCH', `/equipment/${made.id}`, b.token, { linkSecret: null }),
      404,
      'not_found',
    );
    expectError(await send('GET', `/equipment/${made.id}/link-secret`, b.token), 404, 'not_found');
    expectError(await send('POST', `/equipment/${made.id}/link-secret`, b.token), 404, 'not_found');
  });

  it('sets and clears the Modbus TCP address of a device, and refuses it for sub-devices', async () => {
    const a = await user('eq-mbtcp-a');
    const made = await add(a.token, { sn: 'MBTCP001', type: 'FL-R8', name: 'Pump house' });
    expect(made.modbusTcp).toBeNull();
    for (const address of [
      { host: 'plc-7.site.example', port: 502 },
      { host: '192.168.1.20', port: 1502 },
      { host: 'fd00::20', port: 65535 },
    ]) {
      const set = await send('PATCH', `/equipment/${made.id}`, a.token, { modbusTcp: address });
      expect(set.statusCode, set.body).toBe(200);
      expect((set.json() as EquipmentReply).modbusTcp).toEqual(address);
    }
    const row = await h.storage.db
      .selectFrom('equipment')
      .select(['link_host', 'link_port'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ link_host: 'fd00::20', link_port: 65535 });
    const listed = (await send('GET', '/equipment', a.token)).json() as { items: EquipmentReply[] };
    expect(listed.items.find((e) => e.id === made.id)?.modbusTcp).toEqual({ host: 'fd00::20', port: 65535 });

    for (const bad of [
      { host: '', port: 502 },
      { host: 'x'.repeat(254), port: 502 },
      { host: 'bad host', port: 502 },
      { host: '-lead.example', port: 502 },
      { host: 'a..b', port: 502 },
      { host: '[::1]', port: 502 },
      { host: 'plc', port: 0 },
      { host: 'plc', port: 65536 },
      { host: 'plc', port: 5.5 },
      { host: 'plc', port: '502' },
      { host: 'plc' },
      { host: 'plc', port: 502, unit: 1 },
      'plc:502',
    ]) {
      expectError(
        await send('PATCH', `/equipment/${made.id}`, a.token, { modbusTcp: bad }),
        400,
        'bad_request',
      );
    }
    const cleared = await send('PATCH', `/equipment/${made.id}`, a.token, { modbusTcp: null });
    expect((cleared.json() as EquipmentReply).modbusTcp).toBeNull();

    const team = await add(a.token, { sn: 'MBTCP002', type: 'FL-JYTeam001', name: 'Team' });
    const slave = await send('POST', `/equipment/${team.id}/sub-devices`, a.token, {
      address: 1,
      type: 'FL-LR4',
      name: 'Slave',
    });
    expect((slave.json() as EquipmentReply).modbusTcp).toBeNull();
    expectError(
      await send('PATCH', `/equipment/${(slave.json() as EquipmentReply).id}`, a.token, {
        modbusTcp: { host: '10.0.0.9', port: 502 },
      }),
      400,
      'bad_request',
    );
    const b = await user('eq-mbtcp-b');
    expectError(await send('PATCH', `/equipment/${made.id}`, b.token, { modbusTcp: null }), 404, 'not_found');
  });

  it('sets and clears the slave address of a device, shows it and why it is silent, and refuses it for sub-devices', async () => {
    const a = await user('eq-slave-a');
    const made = await add(a.token, { sn: 'SLAVE001', type: 'FL-R8', name: 'Third-party board' });
    expect(made.slaveAddress).toBeNull();
    expect(made.status.unansweredAddress).toBeNull();
    // What the device service stores while the board is linked but silent at its type's 254.
    await h.storage.db
      .updateTable('equipment')
      .set({ online: 1, unanswered_address: 254 })
      .where('id', '=', made.id)
      .execute();
    const silent = (await send('GET', `/equipment/${made.id}`, a.token)).json() as EquipmentReply;
    expect(silent.status).toMatchObject({ online: true, unansweredAddress: 254, unsupported: {} });
    // A board without input registers: what the device service stores when FC04 is refused.
    await h.storage.db
      .updateTable('equipment')
      .set({ unsupported_blocks: '{"ai":2}' })
      .where('id', '=', made.id)
      .execute();
    const partial = (await send('GET', `/equipment/${made.id}`, a.token)).json() as EquipmentReply;
    expect(partial.status.unsupported).toEqual({ ai: 2 });
    const tree = (await send('GET', '/equipment/tree', a.token)).json() as TreeReply;
    expect(
      [...tree.devices, ...tree.groups.flatMap((g) => g.children)].find((n) => n.id === made.id),
    ).toMatchObject({ isOnline: true, unansweredAddress: 254 });

    for (const address of [1, 247, 255]) {
      const set = await send('PATCH', `/equipment/${made.id}`, a.token, { slaveAddress: address });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ slaveAddress: address, status: { unansweredAddress: null } });
    }
    const row = await h.storage.db
      .selectFrom('equipment')
      .select(['slave_address', 'unanswered_address'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ slave_address: 255, unanswered_address: null });
    for (const bad of [0, 256, -1, 1.5, '1', true]) {
      expectError(
        await send('PATCH', `/equipment/${made.id}`, a.token, { slaveAddress: bad }),
        400,
        'bad_request',
      );
    }
    const cleared = await send('PATCH', `/equipment/${made.id}`, a.token, { slaveAddress: null });
    expect((cleared.json() as EquipmentReply).slaveAddress).toBeNull();

    const team = await add(a.token, { sn: 'SLAVE002', type: 'FL-JYTeam001', name: 'Team' });
    const slave = (
      await send('POST', `/equipment/${team.id}/sub-devices`, a.token, {
        address: 3,
        type: 'FL-LR4',
        name: 'Slave',
      })
    ).json() as EquipmentReply;
    expect(slave.slaveAddress).toBeNull();
    const refused = await send('PATCH', `/equipment/${slave.id}`, a.token, { slaveAddress: 3 });
    expectError(refused, 400, 'bad_request');
    expect(refused.body).toContain('address under its host');

    // Clock sync: the type's (null) until the owner chooses; never for a sub-device.
    expect(made.clockSync).toBeNull();
    for (const value of [false, true, null]) {
      const set = await send('PATCH', `/equipment/${made.id}`, a.token, { clockSync: value });
      expect((set.json() as EquipmentReply).clockSync).toBe(value);
    }
    for (const bad of [0, 'false', {}]) {
      expectError(
        await send('PATCH', `/equipment/${made.id}`, a.token, { clockSync: bad }),
        400,
        'bad_request',
      );
    }
    expectError(
      await send('PATCH', `/equipment/${slave.id}`, a.token, { clockSync: true }),
      400,
      'bad_request',
    );
    const types = (await send('GET', '/equipment-types', a.token)).json() as {
      items: { type: string; clock: boolean }[];
    };
    // The maker's boards have its clock; generic boards of other makers do not.
    expect(types.items.filter((t) => t.type.startsWith('FL-')).every((t) => t.clock)).toBe(true);
    expect(types.items.filter((t) => t.type.startsWith('MB-')).some((t) => t.clock)).toBe(false);
  });

  it('refuses Modbus TCP addresses the server must not dial: loopback, link-local, unspecified, multicast, its own', async () => {
    const a = await user('eq-ssrf-a');
    const made = await add(a.token, { sn: 'SSRF0001', type: 'FL-R8', name: 'Target' });
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '169.254.169.254',
      'fe80::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      ...interfaceAddresses().filter((address) => !address.includes('%')),
    ]) {
      const res = await send('PATCH', `/equipment/${made.id}`, a.token, { modbusTcp: { host, port: 6379 } });
      const message = expectError(res, 400, 'bad_request');
      expect(message, host).toMatch(/does not dial .*MODBUS_TCP_ALLOW/);
    }
    const row = await h.storage.db
      .selectFrom('equipment')
      .select(['link_host', 'link_port'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ link_host: null, link_port: null });
    // A name is taken here and checked when dialled, against every address it resolves to then.
    const named = await send('PATCH', `/equipment/${made.id}`, a.token, {
      modbusTcp: { host: 'localhost', port: 502 },
    });
    expect(named.statusCode, named.body).toBe(200);
    for (const host of ['10.1.2.3', '192.168.1.20', '8.8.8.8', 'fd00::20']) {
      const ok = await send('PATCH', `/equipment/${made.id}`, a.token, { modbusTcp: { host, port: 502 } });
      expect(ok.statusCode, `${host}: ${ok.body}`).toBe(200);
    }
  });
});

describe.each(storageCases())('equipment with MODBUS_TCP_ALLOW on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store, {
    dialPolicy: new DialPolicy({ allow: parseCidrList('127.0.0.0/8, ::1') }),
  });

  it('takes the loopback addresses the operator allowed, and still refuses the others', async () => {
    await register(h, 'eq-allow-a');
    const token = (await login(h, 'eq-allow-a')).accessToken;
    const patch = (id: number, host: string) =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/v1/equipment/${id}`,
        headers: bearer(token),
        payload: { modbusTcp: { host, port: 502 } },
      });
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/v1/equipment',
      headers: bearer(token),
      payload: { sn: 'ALLOW001', type: 'FL-R8', name: 'Simulator' },
    });
    const { id } = made.json() as { id: number };
    for (const host of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await patch(id, host);
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
    }
    for (const host of ['169.254.169.254', '0.0.0.0']) expectError(await patch(id, host), 400, 'bad_request');
  });
});
