/** The live channel over a real socket, on both databases: register, pushes by access, bad frames. */
import { afterEach, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { bearer, login, post, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { MAX_FRAME_BYTES, MAX_SOCKET_PAYLOAD, REGISTER_TIMEOUT_CLOSE } from './socket.js';
import { Browser, refusedUpgrade, until } from './test-support.js';

const settle = (ms = 450) => new Promise((r) => setTimeout(r, ms));

describe.each(storageCases())('live channel on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);
  let url = '';

  beforeAll(async () => {
    if (store.skip !== null) return;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });

  async function userWithDevice(
    name: string,
    sn: string,
  ): Promise<{ id: number; token: string; equipmentId: number }> {
    const { id } = await register(h, name);
    const token = (await login(h, name)).accessToken;
    const res = await post(h.app, '/equipment', { sn, type: 'FL-R8', name: sn }, bearer(token));
    expect(res.statusCode, res.body).toBe(201);
    return { id, token, equipmentId: (res.json() as { id: number }).id };
  }

  it('registers with a token and pushes only what the user may read', async () => {
    const alice = await userWithDevice('live-alice', 'LIVEA001');
    const bob = await userWithDevice('live-bob', 'LIVEB001');
    const browser = await Browser.open(url);
    browser.send({ infotype: 'register', info: { token: alice.token } });
    expect(await browser.next('register')).toEqual({
      infotype: 'register',
      info: { ok: true, userId: String(alice.id) },
    });
    h.app.live.pushDeviceInfo(alice.equipmentId, {
      infotype: 'PushInfo',
      info: { SN: 'LIVEA001', regdo: [1] },
    });
    h.app.live.pushDeviceInfo(alice.equipmentId, {
      infotype: 'PushInfo',
      info: { SN: 'LIVEA001', regai: [5] },
    });
    h.app.live.pushDeviceInfo(bob.equipmentId, {
      infotype: 'PushInfo',
      info: { SN: 'LIVEB001', regdo: [1] },
    });
    expect(await browser.next('PushInfo')).toEqual({
      infotype: 'PushInfo',
      info: { SN: 'LIVEA001', regdo: [1], regai: [5] },
    });
    await settle();
    expect(browser.received.filter((m) => m.infotype === 'PushInfo')).toEqual([]);

    // A share redeemed: Bob's device is heard at once.
    const code = await post(
      h.app,
      `/equipment/${bob.equipmentId}/share-codes`,
      { level: 'read', validity: '1d' },
      bearer(bob.token),
    );
    const redeemed = await post(
      h.app,
      '/share-codes/redeem',
      { code: (code.json() as { code: string }).code },
      bearer(alice.token),
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    // Her console is told to read its tree anew; and the board's sharing changed.
    expect(await browser.next('EquipChanged')).toEqual({
      infotype: 'EquipChanged',
      info: { reason: 'access' },
    });
    expect(await browser.next('EquipChanged')).toEqual({
      infotype: 'EquipChanged',
      info: { reason: 'sharing', id: bob.equipmentId },
    });
    h.app.live.pushDeviceInfo(bob.equipmentId, {
      infotype: 'EquipInfoNow',
      info: { SN: 'LIVEB001', IsOnline: true },
    });
    expect(await browser.next('EquipInfoNow')).toMatchObject({ info: { SN: 'LIVEB001', IsOnline: true } });

    // The grant removed: silence again.
    const grantId = (redeemed.json() as { grantId: number }).grantId;
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/equipment/${bob.equipmentId}/grants/${grantId}`,
      headers: bearer(bob.token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await browser.next('EquipChanged')).toEqual({
      infotype: 'EquipChanged',
      info: { reason: 'access' },
    });
    h.app.live.pushDeviceInfo(bob.equipmentId, {
      infotype: 'EquipInfoNow',
      info: { SN: 'LIVEB001', IsOnline: false },
    });
    await settle();
    expect(browser.received.filter((m) => m.infotype === 'EquipInfoNow')).toEqual([]);

    // Unregister: an answer, and no more pushes.
    browser.send({ infotype: 'unregister' });
    expect(await browser.next('unregister')).toEqual({
      infotype: 'unregister',
      info: { reason: 'requested' },
    });
    h.app.live.pushDeviceInfo(alice.equipmentId, {
      infotype: 'PushInfo',
      info: { SN: 'LIVEA001', regdo: [0] },
    });
    await settle();
    expect(browser.received).toEqual([]);
    browser.close();
  });

  it('sends a window of many devices as one frame each, in the order they were pushed', async () => {
    const owner = await userWithDevice('live-many', 'LIVEM000');
    const ids = [owner.equipmentId];
    for (let i = 1; i < 40; i++) {
      const res = await post(
        h.app,
        '/equipment',
        { sn: `LIVEM${String(i).padStart(3, '0')}`, type: 'FL-R8', name: `m${i}` },
        bearer(owner.token),
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { id: number }).id);
    }
    const browser = await Browser.open(url);
    browser.send({ infotype: 'register', info: { token: owner.token } });
    await browser.next('register');
    const order = [...ids.keys()].reverse();
    for (const i of order) {
      h.app.live.pushDeviceInfo(ids[i]!, {
        infotype: 'PushInfo',
        info: { SN: `LIVEM${String(i).padStart(3, '0')}`, regai: [i] },
      });
    }
    await settle();
    const pushed = browser.received.filter((m) => m.infotype === 'PushInfo');
    expect(pushed.map((m) => (m.infotype === 'PushInfo' ? m.info.regai?.[0] : null))).toEqual(order);
    browser.close();
  });

  it('tells every console that sees a record when it changes, and a user whose set changed', async () => {
    const dan = await userWithDevice('live-dan', 'LIVEN001');
    const erin = await userWithDevice('live-eve', 'LIVEV001');
    const code = await post(
      h.app,
      `/equipment/${dan.equipmentId}/share-codes`,
      { level: 'read', validity: '1d' },
      bearer(dan.token),
    );
    const redeemed = await post(
      h.app,
      '/share-codes/redeem',
      { code: (code.json() as { code: string }).code },
      bearer(erin.token),
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const owner = await Browser.open(url);
    const guest = await Browser.open(url);
    owner.send({ infotype: 'register', info: { token: dan.token } });
    guest.send({ infotype: 'register', info: { token: erin.token } });
    await owner.next('register');
    await guest.next('register');

    // A rename reaches both consoles, naming the record.
    const renamed = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/equipment/${dan.equipmentId}`,
      headers: bearer(dan.token),
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const record = { infotype: 'EquipChanged', info: { reason: 'record', id: dan.equipmentId } };
    expect(await owner.next('EquipChanged')).toEqual(record);
    expect(await guest.next('EquipChanged')).toEqual(record);
    // A PATCH that changes nothing tells nobody.
    await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/equipment/${dan.equipmentId}`,
      headers: bearer(dan.token),
      payload: {},
    });

    // The guest's grant raised to operate: same set, other rights; her console is told.
    const grantId = (redeemed.json() as { grantId: number }).grantId;
    const raised = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/equipment/${dan.equipmentId}/grants/${grantId}`,
      headers: bearer(dan.token),
      payload: { level: 'operate' },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await guest.next('EquipChanged')).toEqual({
      infotype: 'EquipChanged',
      info: { reason: 'access' },
    });
    // Both hear that the board's sharing changed (the owner's list of who has access).
    const sharing = { infotype: 'EquipChanged', info: { reason: 'sharing', id: dan.equipmentId } };
    expect(await owner.next('EquipChanged')).toEqual(sharing);
    expect(await guest.next('EquipChanged')).toEqual(sharing);
    await settle();
    expect([...owner.received, ...guest.received]).toEqual([]);

    // Deleted: the guest's set changed, so is the owner's.
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/equipment/${dan.equipmentId}`,
      headers: bearer(dan.token),
    });
    expect(deleted.statusCode).toBe(204);
    const access = { infotype: 'EquipChanged', info: { reason: 'access' } };
    expect(await guest.next('EquipChanged')).toEqual(access);
    expect(await owner.next('EquipChanged')).toEqual(access);
    await settle();
    expect([...owner.received, ...guest.received]).toEqual([]);
    owner.close();
    guest.close();
  });

  it('answers a refused token with untoken, and a signed-out session too', async () => {
    const carol = await userWithDevice('live-carol', 'LIVEC001');
    const browser = await Browser.open(url);
    browser.send({ infotype: 'register', info: { token: 'not.a.token' } });
    expect(await browser.next('untoken')).toMatchObject({ info: { reason: 'invalid' } });
    browser.send({ infotype: 'register', info: { token: carol.token } });
    await browser.next('register');
    const out = await post(h.app, '/auth/logout', null, bearer(carol.token));
    expect(out.statusCode, out.body).toBe(204);
    await h.app.accessChanged([carol.id]);
    expect(await browser.next('untoken')).toMatchObject({ info: { reason: 'revoked' } });
    h.app.live.pushDeviceInfo(carol.equipmentId, {
      infotype: 'PushInfo',
      info: { SN: 'LIVEC001', regdo: [1] },
    });
    await settle();
    expect(browser.received).toEqual([]);
    browser.close();
  });

  it('answers bad frames with an error and keeps the socket', async () => {
    const dave = await userWithDevice('live-dave', 'LIVED001');
    const browser = await Browser.open(url);
    const errorFor = async (frame: unknown) => {
      browser.send(frame);
      return (await browser.next('error')) as { info: { code: string } };
    };
    expect((await errorFor('{oops')).info.code).toBe('bad_json');
    expect((await errorFor('[1,2]')).info.code).toBe('bad_message');
    expect((await errorFor({ infotype: 'nope', info: {} })).info.code).toBe('unknown_infotype');
    expect((await errorFor({ infotype: 'register', info: { token: 'x', extra: 1 } })).info.code).toBe(
      'bad_message',
    );
    expect(
      (await errorFor({ infotype: 'damopr', info: { unid: 'LIVED001', opr: 'openone', io: 1 } })).info.code,
    ).toBe('unauthorized');
    browser.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(((await browser.next('error')) as { info: { code: string } }).info.code).toBe('bad_message');
    browser.send({ infotype: 'register', info: { token: dave.token } });
    await browser.next('register');
    expect(
      (await errorFor({ infotype: 'damopr', info: { unid: 'LIVED001', opr: 'openone', io: 1 } })).info.code,
    ).toBe('offline');
    // Still working after all that.
    h.app.live.pushDeviceInfo(dave.equipmentId, {
      infotype: 'PushInfo',
      info: { SN: 'LIVED001', regdo: [2] },
    });
    expect(await browser.next('PushInfo')).toMatchObject({ info: { regdo: [2] } });
    browser.close();
  });

  it('answers a frame just over 1 MiB with too_large and keeps the socket; past the ceiling it closes', async () => {
    const erin = await userWithDevice('live-erin', 'LIVEE001');
    const browser = await Browser.open(url);
    browser.send('x'.repeat(MAX_FRAME_BYTES + 1));
    expect(await browser.next('error')).toMatchObject({ info: { code: 'too_large' } });
    browser.send({ infotype: 'register', info: { token: erin.token } });
    expect(await browser.next('register')).toMatchObject({ info: { ok: true } });
    // Far past the limit ws stops reading: the socket is closed with 1009 (message too big).
    browser.send('x'.repeat(MAX_SOCKET_PAYLOAD + 1));
    expect((await browser.closed).code).toBe(1009);
  });
});

describe.each(storageCases())('live channel limits on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const REGISTER_MS = 150;
  const h = useAccountsApp(store, { liveLimits: { registerTimeoutMs: REGISTER_MS, maxPerAddress: 3 } });
  let url = '';
  let token = '';

  beforeAll(async () => {
    if (store.skip !== null) return;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
    await register(h, 'limits');
    token = (await login(h, 'limits')).accessToken;
  });

  afterEach(async () => {
    if (store.skip !== null) return;
    await until(() => h.app.live.size === 0);
  });

  async function registered(): Promise<Browser> {
    const browser = await Browser.open(url);
    browser.send({ infotype: 'register', info: { token } });
    await browser.next('register');
    return browser;
  }

  it('closes a socket that does not register in time, and one whose token is refused', async () => {
    const idle = await Browser.open(url);
    const refused = await Browser.open(url);
    refused.send({ infotype: 'register', info: { token: 'not.a.token' } });
    await refused.next('untoken');
    for (const browser of [idle, refused]) {
      expect(await browser.closed).toEqual({
        code: REGISTER_TIMEOUT_CLOSE,
        reason: 'register within the time allowed',
      });
    }
  });

  it('keeps a registered socket, and starts the clock again when it unregisters', async () => {
    const browser = await registered();
    await settle(REGISTER_MS * 3);
    expect(browser.ws.readyState).toBe(browser.ws.OPEN);
    browser.send({ infotype: 'unregister' });
    await browser.next('unregister');
    expect((await browser.closed).code).toBe(REGISTER_TIMEOUT_CLOSE);
  });

  it('refuses the next socket of an address at its cap, and frees the slot on close', async () => {
    const open = [await registered(), await registered(), await registered()];
    const refused = await refusedUpgrade(url);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: 'rate_limited', message: 'too many live channel sockets from your address (at most 3)' },
    });
    open[0]!.close();
    await open[0]!.closed;
    await until(() => h.app.live.size === 2);
    open[0] = await registered();
    expect(h.app.live.size).toBe(3);
    for (const browser of open) browser.close();
  });
});
