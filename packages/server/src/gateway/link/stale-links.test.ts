/**
 * Online flags a crash left behind, on both databases: the registry names the node that holds each
 * online device, and a node starting again marks offline the devices it held (all of them when it
 * is alone), with an offline event each, leaving the other nodes' devices online.
 */
import { afterEach, describe, expect, it as baseIt } from 'vitest';
import { HistoryRecorder } from '../../history/recorder.js';
import { HistoryWriter } from '../../history/writer.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { DtuListener } from '../dtu/dtu-listener.js';
import { addLinkedDevices, R8, until, VirtualDtu } from '../test-support.js';
import { LinkRegistry } from './registry.js';
import { releaseStaleLinks } from './stale-links.js';

const T = Date.UTC(2026, 0, 5, 8);

describe.each(storageCases())('stale online flags on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  const stops: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  const row = (id: number) =>
    storage()
      .db.selectFrom('equipment')
      .select(['online', 'link_node', 'status_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Four devices: held by this node, by another, by nobody named (before 0011), and offline. */
  async function fleet(prefix: string): Promise<Record<'mine' | 'theirs' | 'unnamed' | 'offline', number>> {
    const ids = await addLinkedDevices(storage(), [`${prefix}1`, `${prefix}2`, `${prefix}3`, `${prefix}4`]);
    const id = (n: number) => ids.get(`${prefix}${n}`)!;
    const set = (n: number, online: 0 | 1, node: string | null) =>
      storage()
        .db.updateTable('equipment')
        .set({ online, link_node: node, status_at: T - 1000 })
        .where('id', '=', id(n))
        .execute();
    await set(1, 1, 'node-a');
    await set(2, 1, 'node-b');
    await set(3, 1, null);
    await set(4, 0, null);
    return { mine: id(1), theirs: id(2), unnamed: id(3), offline: id(4) };
  }

  async function offlineEvents(ids: readonly number[]): Promise<number[]> {
    const events = await storage()
      .db.selectFrom('events')
      .select(['equipment_id', 'at'])
      .where('kind', '=', 'offline')
      .where('equipment_id', 'in', ids)
      .execute();
    for (const e of events) expect(Number(e.at)).toBe(T);
    return events.map((e) => e.equipment_id).sort((a, b) => a - b);
  }

  it('marks offline only the devices this node held when other nodes share the store', async () => {
    const devices = await fleet('STALEA00');
    const writer = new HistoryWriter(storage().db, { flushMs: 5 });
    stops.push(() => writer.close());
    const recorder = new HistoryRecorder({ writer });
    const released = await releaseStaleLinks({
      db: storage().db,
      nodeId: 'node-a',
      alone: false,
      recorder,
      now: () => T,
    });
    expect(released).toEqual({ released: 1, unrecorded: 0 });
    expect(await row(devices.mine)).toEqual({ online: 0, link_node: null, status_at: T });
    expect(await row(devices.theirs)).toMatchObject({ online: 1, link_node: 'node-b' });
    expect(await row(devices.unnamed)).toMatchObject({ online: 1 });
    // Its offline event is stored when the function resolves, with the online value 0.
    expect(await offlineEvents(Object.values(devices))).toEqual([devices.mine]);
    const value = await storage()
      .db.selectFrom('telemetry')
      .select(['value', 'at'])
      .where('equipment_id', '=', devices.mine)
      .where('kind', '=', 'online')
      .execute();
    expect(value.map((v) => [Number(v.value), Number(v.at)])).toEqual([[0, T]]);
  });

  it('marks offline every device marked online when the node is alone', async () => {
    const devices = await fleet('STALEB00');
    const writer = new HistoryWriter(storage().db, { flushMs: 5 });
    stops.push(() => writer.close());
    const released = await releaseStaleLinks({
      db: storage().db,
      nodeId: 'node-a',
      alone: true,
      recorder: new HistoryRecorder({ writer }),
      now: () => T,
    });
    // Every row of the store, other tests' included: count only this fleet's.
    expect(released.released).toBeGreaterThanOrEqual(3);
    for (const id of [devices.mine, devices.theirs, devices.unnamed]) {
      expect(await row(id)).toEqual({ online: 0, link_node: null, status_at: T });
    }
    expect(await row(devices.offline)).toMatchObject({ online: 0, status_at: T - 1000 });
    expect(await offlineEvents(Object.values(devices))).toEqual(
      [devices.mine, devices.theirs, devices.unnamed].sort((a, b) => a - b),
    );
  });

  it('writes the node that holds a link with the online flag, and clears only its own claim', async () => {
    const ids = await addLinkedDevices(storage(), ['STALEC001']);
    const id = ids.get('STALEC001')!;
    const registry = new LinkRegistry({ db: storage().db, nodeId: 'node-a' });
    const dtu = new DtuListener({ db: storage().db, registry, heartbeat: 'ping' });
    stops.push(() => dtu.close());
    const port = await dtu.listen(0, '127.0.0.1');
    const first = await VirtualDtu.dial(port, 'STALEC001', R8);
    await until(async () => (await row(id)).online === 1);
    expect(await row(id)).toMatchObject({ online: 1, link_node: 'node-a' });
    first.destroy();
    await until(async () => (await row(id)).online === 0);
    expect(await row(id)).toMatchObject({ link_node: null });

    // The device dials again, here; then another node claims it before this link drops.
    const second = await VirtualDtu.dial(port, 'STALEC001', R8);
    await until(async () => (await row(id)).online === 1);
    await storage().db.updateTable('equipment').set({ link_node: 'node-b' }).where('id', '=', id).execute();
    second.destroy();
    await until(() => dtu.registry.size === 0);
    await dtu.registry.settled();
    expect(await row(id)).toMatchObject({ online: 1, link_node: 'node-b' });
  });
});
