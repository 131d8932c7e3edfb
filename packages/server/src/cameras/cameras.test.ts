/** The camera routes on both databases, against the simulated video cloud over real sockets. */
import type { CameraItem, CameraListReply, EquipmentCameraReply } from '@fieldlink/protocol';
import { VIDEO_CLOUD_PATHS } from '@fieldlink/simulator';
import { describe, expect, it as baseIt, vi } from 'vitest';
import { expectError, sendAs, useAccountsApp } from '../accounts/test-support.js';
import type { ExtraAppOptions } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { LIST_TTL_MS } from './cloud-accounts.js';
import { MAX_URL_CAMERAS } from './store.js';
import {
  ACCOUNT_A,
  ACCOUNT_ABNORMAL,
  ACCOUNT_B,
  addUrlCamera,
  device,
  link,
  ok,
  setCameraAccount,
  share,
  user,
  useVideoCloud,
} from './test-support.js';
import { LINK_GONE, NO_LINK } from './views.js';

const account = (a: { appKey: string; appSecret: string }) => ({ appKey: a.appKey, appSecret: a.appSecret });

describe.each(storageCases())('cameras on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const cloud = useVideoCloud();
  const extra: ExtraAppOptions = {
    get cameras() {
      return { videoCloudUrl: cloud().url };
    },
  };
  const h = useAccountsApp(store, extra);
  const list = async (token: string) => ok<CameraListReply>(await sendAs(h.app, 'GET', '/cameras', token));
  const cameraOf = async (token: string, id: number) =>
    ok<EquipmentCameraReply>(await sendAs(h.app, 'GET', `/equipment/${id}/camera`, token));
  /** Past the cached camera lists. */
  const nextList = () => h.clock.advance(LIST_TTL_MS + 1);

  it('learns the live protocol the cloud serves: HLS first, then MJPEG from the simulator, kept', async () => {
    const owner = await user(h, 'learner');
    await setCameraAccount(h, owner, account(ACCOUNT_A));
    const id = await device(h, owner);
    ok(await link(h, owner, id, { deviceSerial: 'PTZ001', channelNo: 1 }));
    expect((await cameraOf(owner.token, id)).stream?.kind).toBe('mjpeg');
    ok(await link(h, owner, id, { deviceSerial: 'NVR001', channelNo: 2 }));
    const asked = cloud()
      .requests.filter((r) => r.path === VIDEO_CLOUD_PATHS.liveAddress)
      .map((r) => r.params.protocol);
    // HLS ('2') refused as a bad parameter, again with a fresh token by the token rule; then MJPEG only.
    expect(asked).toEqual(['2', '2', 'mjpeg', 'mjpeg']);
  });

  it('skips an account without appKey: no call to the cloud, own stream addresses still listed', async () => {
    const alone = await user(h, 'nokey');
    expect(await list(alone.token)).toEqual({
      own: [],
      shared: [],
      account: { configured: false, appType: null, error: null },
    });
    await setCameraAccount(h, alone, { appKey: '  ', appSecret: 'x' });
    const id = await addUrlCamera(h, alone, 'http://192.168.1.20/video.mjpg');
    const tokens = cloud().counts.token;
    expect(await list(alone.token)).toEqual({
      own: [
        {
          key: `url:${id}`,
          source: 'url',
          name: 'Door',
          serial: null,
          channel: null,
          id,
          url: 'http://192.168.1.20/video.mjpg',
          kind: 'mjpeg',
          online: null,
          equipment: [],
        },
      ],
      shared: [],
      account: { configured: false, appType: 'hk', error: null },
    });
    expect(cloud().counts.token).toBe(tokens);
  });

  it("lists the account's cameras with one token kept across requests", async () => {
    const owner = await user(h, 'owner');
    await setCameraAccount(h, owner, account(ACCOUNT_A));
    const tokens = cloud().counts.token;
    const first = await list(owner.token);
    expect(first.account).toEqual({ configured: true, appType: 'hk', error: null });
    expect(
      first.own.map(({ key, name, serial, channel, online }) => ({ key, name, serial, channel, online })),
    ).toEqual([
      { key: 'cloud:PTZ001', name: 'Gate', serial: 'PTZ001', channel: 1, online: true },
      { key: 'cloud:NVR001_2', name: 'Yard', serial: 'NVR001', channel: 2, online: true },
      { key: 'cloud:OFF001', name: 'OFF001', serial: 'OFF001', channel: 1, online: false },
    ]);
    expect(first.own.every((c) => c.source === 'cloud' && c.url === null && c.id === null)).toBe(true);
    const lists = cloud().counts.cameraList;
    await list(owner.token);
    expect(cloud().counts.cameraList).toBe(lists);
    nextList();
    await list(owner.token);
    expect(cloud().counts.cameraList).toBe(lists + 1);
    expect(cloud().counts.token).toBe(tokens + 1);
    // A changed account is a new client: its own token.
    await setCameraAccount(h, owner, account(ACCOUNT_B));
    expect((await list(owner.token)).own.map((c) => c.key)).toEqual(['cloud:BCAM01']);
    expect(cloud().counts.token).toBe(tokens + 2);
  });

  it("says a refused account and 'camera info read abnormal' in account.error, own addresses still listed", async () => {
    const wrong = await user(h, 'wrong');
    await setCameraAccount(h, wrong, { appKey: ACCOUNT_A.appKey, appSecret: 'nope' });
    await addUrlCamera(h, wrong, 'https://cams.example/a.m3u8', 'hls');
    const refused = await list(wrong.token);
    expect(refused.account).toEqual({
      configured: true,
      appType: 'hk',
      error: 'video cloud refused the account: the appKey and appSecret do not match (10030)',
    });
    expect(refused.own.map((c) => c.source)).toEqual(['url']);

    const big = await user(h, 'big');
    await setCameraAccount(h, big, account(ACCOUNT_ABNORMAL));
    const abnormal = await list(big.token);
    expect(abnormal.account.error).toBe('camera info read abnormal');
    expect(abnormal.own).toEqual([]);
  });

  it('keeps stream-address cameras to their owner: create, change, delete, at most 100', async () => {
    const owner = await user(h, 'urls');
    const other = await user(h, 'other');
    const id = await addUrlCamera(h, owner, 'http://10.0.0.9:8080/stream', 'mjpeg', 'Shed');
    const changed = ok<CameraItem>(
      await sendAs(h.app, 'PATCH', `/cameras/${id}`, owner.token, { name: 'Barn', kind: 'hls' }),
    );
    expect(changed).toMatchObject({ id, name: 'Barn', url: 'http://10.0.0.9:8080/stream', kind: 'hls' });
    expectError(
      await sendAs(h.app, 'PATCH', `/cameras/${id}`, other.token, { name: 'Mine' }),
      404,
      'not_found',
    );
    expectError(await sendAs(h.app, 'DELETE', `/cameras/${id}`, other.token), 404, 'not_found');
    expectError(
      await sendAs(h.app, 'POST', '/cameras', owner.token, { name: 'X', url: 'ftp://x/y', kind: 'mjpeg' }),
      400,
      'bad_request',
    );
    expectError(
      await sendAs(h.app, 'POST', '/cameras', owner.token, {
        name: 'X',
        url: 'http://u:p@x/y',
        kind: 'mjpeg',
      }),
      400,
      'bad_request',
    );
    const loopback = expectError(
      await sendAs(h.app, 'POST', '/cameras', owner.token, {
        name: 'X',
        url: 'http://127.0.0.1:2375/',
        kind: 'mjpeg',
      }),
      400,
      'bad_request',
    );
    expect(loopback).toBe(
      'url: the server does not fetch camera streams from 127.0.0.1: a loopback address (an operator may allow it with CAMERA_STREAM_ALLOW)',
    );
    expectError(
      await sendAs(h.app, 'PATCH', `/cameras/${id}`, owner.token, { url: 'http://169.254.169.254/latest' }),
      400,
      'bad_request',
    );
    ok(await sendAs(h.app, 'DELETE', `/cameras/${id}`, owner.token), 204);
    expectError(await sendAs(h.app, 'DELETE', `/cameras/${id}`, owner.token), 404, 'not_found');

    const at = h.clock.ms;
    await h.storage.db
      .insertInto('url_cameras')
      .values(
        Array.from({ length: MAX_URL_CAMERAS - 1 }, (_, i) => ({
          owner_id: owner.id,
          name: `C${i}`,
          url: `http://10.1.0.${i}/s`,
          kind: 'mjpeg' as const,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await addUrlCamera(h, owner, 'http://10.2.0.1/s');
    const full = expectError(
      await sendAs(h.app, 'POST', '/cameras', owner.token, {
        name: 'One more',
        url: 'http://10.2.0.2/s',
        kind: 'mjpeg',
      }),
      409,
      'conflict',
    );
    expect(full).toBe('you have 100 stream-address cameras, the most kept');
  });

  it("links only the caller's own cameras, stores the link in settings and tells the consoles", async () => {
    const owner = await user(h, 'linker');
    const other = await user(h, 'stranger');
    const editor = await user(h, 'editor');
    await setCameraAccount(h, owner, account(ACCOUNT_A));
    await setCameraAccount(h, editor, account(ACCOUNT_B));
    const id = await device(h, owner);
    await share(h, owner, id, editor, 'edit', true);
    const theirs = await addUrlCamera(h, other, 'http://10.0.0.7/s');

    const bad = async (who: typeof owner, value: unknown, message: string) =>
      expect(expectError(await link(h, who, id, value), 400, 'bad_request')).toBe(message);
    await bad(
      owner,
      { cameraId: theirs },
      `link: camera ${theirs} is not one of your stream-address cameras`,
    );
    await bad(
      owner,
      { deviceSerial: 'BCAM01', channelNo: 1 },
      'link: camera BCAM01 channel 1 is not in your video-cloud account',
    );
    await bad(
      owner,
      { deviceSerial: 'NVR001', channelNo: 1 },
      'link: camera NVR001 channel 1 is not in your video-cloud account',
    );
    await bad(
      editor,
      { deviceSerial: 'BCAM01', channelNo: 1 },
      "link: a video-cloud camera plays through the equipment owner's account, so only the owner links one",
    );
    expectError(await link(h, other, id, null), 404, 'not_found');
    const reader = await user(h, 'reader');
    await share(h, owner, id, reader, 'read', true);
    expectError(await link(h, reader, id, null), 403, 'forbidden');

    const noAccount = await user(h, 'noaccount');
    const own = await device(h, noAccount);
    expect(
      expectError(
        await link(h, noAccount, own, { deviceSerial: 'PTZ001', channelNo: 1 }),
        400,
        'bad_request',
      ),
    ).toBe('link: set up your video-cloud account (appKey and appSecret) first');

    const publish = vi.spyOn(h.app.live, 'publish');
    const linked = ok<EquipmentCameraReply>(
      await link(h, owner, id, { deviceSerial: 'NVR001', channelNo: 2 }),
    );
    expect(publish).toHaveBeenCalledWith(id, { infotype: 'EquipChanged', info: { reason: 'record', id } });
    publish.mockRestore();
    expect(linked).toMatchObject({
      link: { deviceSerial: 'NVR001', channelNo: 2 },
      camera: { key: 'cloud:NVR001_2', name: 'Yard', equipment: [{ id, name: expect.any(String) }] },
      stream: { kind: 'mjpeg', url: expect.stringMatching(/^\/api\/v1\/camera-streams\/[\w-]+\.[\w-]{22}$/) },
      ptz: true,
      error: null,
    });
    expect(Date.parse(linked.stream?.expiresAt ?? '')).toBe(h.clock.ms + 5 * 60_000);
    const record = ok<{ settings: { camera: unknown; do: { names: string[] } } }>(
      await sendAs(h.app, 'GET', `/equipment/${id}`, owner.token),
    );
    expect(record.settings.camera).toEqual({ deviceSerial: 'NVR001', channelNo: 2 });
    expect(record.settings.do.names).toHaveLength(8);

    // The editor links their own stream address; then unlinks.
    const door = await addUrlCamera(h, editor, 'http://10.0.0.8/door');
    expect(ok<EquipmentCameraReply>(await link(h, editor, id, { cameraId: door }))).toMatchObject({
      link: { cameraId: door },
      camera: { key: `url:${door}`, url: 'http://10.0.0.8/door' },
      stream: { kind: 'mjpeg' },
      ptz: false,
    });
    expect(ok<EquipmentCameraReply>(await link(h, editor, id, null))).toEqual({
      link: null,
      camera: null,
      stream: null,
      ptz: false,
      error: NO_LINK,
    });
  });

  it('needs the camera right (403), hides equipment from strangers (404), and lists shared cameras apart', async () => {
    const owner = await user(h, 'sharer');
    const viewer = await user(h, 'viewer');
    const reader = await user(h, 'plainreader');
    const stranger = await user(h, 'nobody');
    await setCameraAccount(h, owner, account(ACCOUNT_A));
    const gate = await device(h, owner);
    const yard = await device(h, owner);
    const door = await addUrlCamera(h, owner, 'http://10.0.0.5/door.mjpg', 'mjpeg', 'Back door');
    ok(await link(h, owner, gate, { deviceSerial: 'PTZ001', channelNo: 1 }));
    ok(await link(h, owner, yard, { cameraId: door }));
    await share(h, owner, gate, viewer, 'read', true);
    await share(h, owner, yard, viewer, 'read', true);
    await share(h, owner, gate, reader, 'read', false);

    expectError(await sendAs(h.app, 'GET', `/equipment/${gate}/camera`, stranger.token), 404, 'not_found');
    expect(
      expectError(await sendAs(h.app, 'GET', `/equipment/${gate}/camera`, reader.token), 403, 'forbidden'),
    ).toBe('you do not have the camera right on this equipment');
    expect(await list(reader.token)).toMatchObject({ own: [], shared: [] });

    const seen = await cameraOf(viewer.token, yard);
    expect(seen).toMatchObject({
      link: { cameraId: door },
      camera: { key: `url:${door}`, name: 'Back door', url: null, kind: 'mjpeg' },
      stream: { kind: 'mjpeg' },
      ptz: false,
    });
    nextList();
    const shared = await list(viewer.token);
    expect(shared.own).toEqual([]);
    expect(shared.account.configured).toBe(false);
    expect(shared.shared).toEqual([
      expect.objectContaining({
        key: 'cloud:PTZ001',
        name: 'Gate',
        online: true,
        url: null,
        equipment: [{ id: gate, name: expect.any(String) }],
      }),
      expect.objectContaining({
        key: `url:${door}`,
        url: null,
        equipment: [{ id: yard, name: expect.any(String) }],
      }),
    ]);

    const mine = await list(owner.token);
    expect(mine.shared).toEqual([]);
    expect(mine.own.find((c) => c.key === 'cloud:PTZ001')?.equipment.map((e) => e.id)).toEqual([gate]);
    expect(mine.own.find((c) => c.key === `url:${door}`)).toMatchObject({
      url: 'http://10.0.0.5/door.mjpg',
      equipment: [{ id: yard }],
    });

    // Removing the camera unlinks it from the equipment that showed it.
    ok(await sendAs(h.app, 'DELETE', `/cameras/${door}`, owner.token), 204);
    expect((await cameraOf(owner.token, yard)).link).toBeNull();
    expect((await list(viewer.token)).shared.map((c) => c.key)).toEqual(['cloud:PTZ001']);
  });

  it("shows a grantee's stream address only while its owner may edit there, and never a stranger's", async () => {
    const owner = await user(h, 'host');
    const editor = await user(h, 'guest');
    const stranger = await user(h, 'outsider');
    const id = await device(h, owner);
    const grant = await share(h, owner, id, editor, 'edit', true);
    const cam = await addUrlCamera(h, editor, 'http://10.0.0.11/s', 'mjpeg', 'Guest cam');
    ok(await link(h, editor, id, { cameraId: cam }));
    expect((await list(owner.token)).shared).toEqual([
      expect.objectContaining({
        key: `url:${cam}`,
        name: 'Guest cam',
        url: null,
        equipment: [{ id, name: expect.any(String) }],
      }),
    ]);
    expect((await list(editor.token)).own).toEqual([
      expect.objectContaining({
        key: `url:${cam}`,
        url: 'http://10.0.0.11/s',
        equipment: [{ id, name: expect.any(String) }],
      }),
    ]);

    ok(await sendAs(h.app, 'PATCH', `/equipment/${id}/grants/${grant}`, owner.token, { level: 'read' }));
    expect(await cameraOf(owner.token, id)).toMatchObject({
      link: { cameraId: cam },
      camera: null,
      stream: null,
      error: LINK_GONE,
    });

    // A link written through the settings edit to someone else's camera shows nothing.
    const theirs = await addUrlCamera(h, stranger, 'http://10.0.0.12/s');
    ok(
      await sendAs(h.app, 'PATCH', `/equipment/${id}`, owner.token, {
        settings: { camera: { cameraId: theirs } },
      }),
    );
    expect(await cameraOf(owner.token, id)).toMatchObject({ camera: null, stream: null, error: LINK_GONE });
    expect((await list(owner.token)).shared).toEqual([]);
  });

  it("moves PTZ through the owner's account, also when a grantee presses", async () => {
    const owner = await user(h, 'ptzowner');
    const viewer = await user(h, 'ptzviewer');
    const reader = await user(h, 'ptzreader');
    await setCameraAccount(h, owner, account(ACCOUNT_A));
    const id = await device(h, owner);
    const plain = await device(h, owner);
    ok(await link(h, owner, id, { deviceSerial: 'PTZ001', channelNo: 1 }));
    await share(h, owner, id, viewer, 'read', true);
    await share(h, owner, id, reader, 'read', false);
    const ptz = (who: typeof owner, body: unknown, equipment = id) =>
      sendAs(h.app, 'POST', `/equipment/${equipment}/camera/ptz`, who.token, body);

    ok(await ptz(viewer, { action: 'start', direction: 'right', speed: 2 }), 204);
    expect(cloud().ptzState('PTZ001')?.moving).toBe(3);
    const started = cloud().requests.findLast((r) => r.path === VIDEO_CLOUD_PATHS.ptzStart);
    expect(started?.params).toMatchObject({
      deviceSerial: 'PTZ001',
      channelNo: '1',
      direction: '3',
      speed: '2',
    });
    ok(await ptz(viewer, { action: 'stop', direction: 'right' }), 204);
    expect(cloud().ptzState('PTZ001')?.moving).toBeNull();
    ok(await ptz(owner, { action: 'start', direction: 'zoom-in' }), 204);
    expect(cloud().ptzState('PTZ001')?.moving).toBe(8);
    ok(await ptz(owner, { action: 'stop', direction: 'zoom-in' }), 204);

    expectError(await ptz(reader, { action: 'start', direction: 'up' }), 403, 'forbidden');
    expectError(
      await ptz(await user(h, 'ptzstranger'), { action: 'start', direction: 'up' }),
      404,
      'not_found',
    );
    expectError(await ptz(owner, { action: 'start', direction: 'sideways' }), 400, 'bad_request');
    expect(expectError(await ptz(owner, { action: 'start', direction: 'up' }, plain), 409, 'conflict')).toBe(
      NO_LINK,
    );
    const door = await addUrlCamera(h, owner, 'http://10.0.0.5/door');
    ok(await link(h, owner, plain, { cameraId: door }));
    expectError(await ptz(owner, { action: 'start', direction: 'up' }, plain), 400, 'bad_request');

    ok(await link(h, owner, plain, { deviceSerial: 'OFF001', channelNo: 1 }));
    expect(
      expectError(await ptz(owner, { action: 'start', direction: 'up' }, plain), 503, 'unavailable'),
    ).toBe('video cloud PTZ start failed: the device is offline (20007)');
    await setCameraAccount(h, owner, null);
    expect(expectError(await ptz(viewer, { action: 'stop', direction: 'up' }), 409, 'conflict')).toBe(
      "the equipment owner's video-cloud account is not set up",
    );
    expect(await cameraOf(viewer.token, id)).toMatchObject({
      stream: null,
      ptz: true,
      error: "the equipment owner's video-cloud account is not set up",
    });
  });
});
