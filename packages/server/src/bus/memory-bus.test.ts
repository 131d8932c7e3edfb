/**
 * The bus's parts over the in-process bus: the shared live hub (each console hears each message
 * once, in batches, nothing relayed by a node alone), the operation router (outcomes, refusals and
 * register values come back as if local; silence, a gone node or no entry is `offline`; waiting
 * requests are bounded and cleaned up), the link directory's entries, and what the bus refuses.
 */
import type { Operation, PushInfo, ServerMessage } from '@fieldlink/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceService, OperationOutcome } from '../gateway/devices/device-service.js';
import { OperationError } from '../gateway/devices/device-service.js';
import { addLinkedDevices, RecordingLog, until } from '../gateway/test-support.js';
import { RecordingSocket as FakeSocket } from '../live/test-support.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import type { Equipment } from '../storage/schema.js';
import { MemoryBus, MemoryExchange } from './memory-bus.js';
import { decodeDirect, decodeLive, encodeLive, liveMessage } from './messages.js';
import { DeviceRouter } from './router.js';
import { SharedLiveHub } from './shared-hub.js';

const push = (SN: string, regai: number[]): PushInfo => ({ infotype: 'PushInfo', info: { SN, regai } });
const gprs = (SN: string): ServerMessage => ({ infotype: 'GPRSReg', info: { SN, IsOnline: true } });

describe('SharedLiveHub', () => {
  it('delivers each message once to the consoles of every node, batched', async () => {
    const exchange = new MemoryExchange();
    const hubs = ['a', 'b', 'c'].map((id) => {
      const bus = new MemoryBus(id, exchange);
      bus.start();
      return new SharedLiveHub({ bus, batchMs: 5, relayMs: 5 });
    });
    const sockets = hubs.map((hub) => {
      const socket = new FakeSocket();
      hub.setReadable(hub.attach(socket), [1]);
      return socket;
    });
    const [a, b, c] = hubs as [SharedLiveHub, SharedLiveHub, SharedLiveHub];
    a.publish(1, gprs('ONE'));
    for (let i = 0; i < 50; i++) a.pushDeviceInfo(1, push('ONE', [i]));
    b.publish(2, gprs('TWO'));
    await until(() => sockets.every((s) => s.sent.length === 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const socket of sockets) {
      expect(socket.sent).toEqual([gprs('ONE'), push('ONE', [49])]);
    }
    expect(a.relayStats.sent).toBe(1);
    expect(b.relayStats.received).toBe(1);
    expect(c.relayStats.received).toBe(2);
  });

  it('relays what an operation read back as urgent: the other node sends it within its window too', async () => {
    const exchange = new MemoryExchange();
    const [a, b] = ['a', 'b'].map((id) => {
      const bus = new MemoryBus(id, exchange);
      bus.start();
      return new SharedLiveHub({ bus, batchMs: 10_000, relayMs: 1 });
    }) as [SharedLiveHub, SharedLiveHub];
    const socket = new FakeSocket();
    b.setReadable(b.attach(socket), [1]);
    a.pushDeviceInfo(1, push('ONE', [1]));
    await until(() => socket.sent.length === 1);
    // Within b's 10 s window for the device: a poll's update waits, the operation's does not.
    a.pushDeviceInfo(1, push('ONE', [2]));
    a.pushDeviceInfo(1, push('ONE', [3]), true);
    await until(() => socket.sent.length === 2);
    expect(socket.sent[1]).toEqual(push('ONE', [3]));
  });

  it('carries notices to their users’ consoles on every node, and announcements to every console once', async () => {
    const exchange = new MemoryExchange();
    const [a, b] = ['a', 'b'].map((id) => {
      const bus = new MemoryBus(id, exchange);
      bus.start();
      return new SharedLiveHub({ bus, batchMs: 5, relayMs: 1 });
    }) as [SharedLiveHub, SharedLiveHub];
    const consoleOf = (hub: SharedLiveHub, userId: number) => {
      const socket = new FakeSocket();
      hub.attach(socket).userId = userId;
      return socket;
    };
    const aliceOnA = consoleOf(a, 7);
    const aliceOnB = consoleOf(b, 7);
    const bobOnB = consoleOf(b, 8);
    const notice = (id: number, kind: 'alarm' | 'announcement'): ServerMessage => ({
      infotype: 'Notice',
      info: { kind, id, title: 'Level high', count: 1 },
    });
    // Raised on node a (where the device is linked) for alice: her console on b hears it too.
    expect(a.sendToUsers([7, 7], notice(1, 'alarm'))).toBe(1);
    await until(() => aliceOnB.sent.length === 1);
    // An announcement posted on b: every console, once.
    b.sendToEveryone(notice(2, 'announcement'));
    await until(() => aliceOnA.sent.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(aliceOnA.sent).toEqual([notice(1, 'alarm'), notice(2, 'announcement')]);
    expect(aliceOnB.sent).toEqual([notice(1, 'alarm'), notice(2, 'announcement')]);
    expect(bobOnB.sent).toEqual([notice(2, 'announcement')]);
    // Only notices travel as notices.
    expect(decodeLive(encodeLive('a', [[3, 7, gprs('ONE')]])).ok).toBe(true);
    const decoded = decodeLive(encodeLive('a', [[3, 7, gprs('ONE')]]));
    if (decoded.ok) expect(liveMessage(3, decoded.value.entries[0]![2]).ok).toBe(false);
  });

  it('relays nothing on a bus of one node', async () => {
    const bus = new MemoryBus('alone');
    bus.start();
    const hub = new SharedLiveHub({ bus, batchMs: 5 });
    const socket = new FakeSocket();
    hub.setReadable(hub.attach(socket), [1]);
    hub.publish(1, gprs('ONE'));
    hub.flush();
    expect(hub.relayStats.sent).toBe(0);
    expect(socket.sent).toEqual([gprs('ONE')]);
  });
});

describe('bus messages', () => {
  it('refuse what is not of their form', () => {
    expect(decodeLive(encodeLive('a', [[0, 1, gprs('ONE')]])).ok).toBe(true);
    for (const bad of [
      '',
      'null',
      '[]',
      '{"t":"live","from":"a b","m":[]}',
      '{"t":"live","from":"a","m":[[5,1,{}]]}',
      '{"t":"live","from":"a","m":[[0,0,{}]]}',
      '{"t":"live","from":"a","m":[[3,-1,{}]]}',
    ]) {
      expect(decodeLive(bad).ok, bad).toBe(false);
    }
    expect(decodeLive(`{"t":"live","from":"a","m":[],"x":"${'y'.repeat(1 << 21)}"}`)).toMatchObject({
      ok: false,
    });
    for (const bad of [
      '{"t":"req","id":"1","from":"a","kind":"registers","equipmentId":1,"start":0,"count":126}',
      '{"t":"res","id":"1","ok":true,"outcome":{"status":"done","response":{"fn":5,"address":1,"value":3},"responses":[]}}',
      '{"t":"res","id":"1","ok":false,"code":"nope","message":""}',
    ]) {
      expect(decodeDirect(bad).ok, bad).toBe(false);
    }
  });
});

describe('DeviceRouter', () => {
  const sqlite = storageCases().find((c) => c.name === 'sqlite')!;
  const storage = useStorage(sqlite);
  let equipment: Equipment;
  const exchange = new MemoryExchange();
  const outcome: OperationOutcome = {
    status: 'done',
    response: { fn: 5, address: 1, value: true },
    responses: [{ fn: 5, address: 1, value: true }],
  };
  const op = { opr: 'openone', io: 2 } as Operation;
  const far = { refuse: false, unrecorded: false };
  const log = new RecordingLog();
  let asker: DeviceRouter;
  const stubs: DeviceRouter[] = [];

  const service = (online: boolean): DeviceService =>
    ({
      isOnline: () => online,
      operate: (_e: Equipment, o: Operation) => {
        if (far.refuse) return Promise.reject(new OperationError('device', 'the device refused it'));
        if (far.unrecorded) {
          return Promise.reject(new OperationError('unrecorded', 'carried out, but not on record'));
        }
        expect(o).toMatchObject({ opr: 'openone', io: 2 });
        return Promise.resolve(outcome);
      },
      readRegisters: (_e: Equipment, start: number, count: number) =>
        Promise.resolve(Array.from({ length: count }, (_, i) => start + i)),
    }) as unknown as DeviceService;

  beforeAll(async () => {
    const ids = await addLinkedDevices(storage(), ['RTR00001']);
    equipment = await storage()
      .db.selectFrom('equipment')
      .selectAll()
      .where('id', '=', ids.get('RTR00001')!)
      .executeTakeFirstOrThrow();
    const busA = new MemoryBus('a', exchange);
    const busB = new MemoryBus('b', exchange);
    asker = new DeviceRouter({
      bus: busA,
      db: storage().db,
      devices: service(false),
      timeoutMs: 100,
      maxPending: 2,
      log,
    });
    stubs.push(new DeviceRouter({ bus: busB, db: storage().db, devices: service(true) }));
    busA.start();
    busB.start();
  });

  afterAll(() => {
    asker.stop();
    for (const s of stubs) s.stop();
  });

  it('carries an operation to the node that holds the link, and its outcome or refusal back', async () => {
    await expect(asker.operate(equipment, op, null)).rejects.toMatchObject({ code: 'offline' });
    await new MemoryBus('b', exchange).claim('RTR00001', 60_000);
    await expect(asker.operate(equipment, op, 7)).resolves.toEqual(outcome);
    await expect(asker.readRegisters(equipment, 100, 3)).resolves.toEqual([100, 101, 102]);
    far.refuse = true;
    const refused = await asker.operate(equipment, op, 7).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OperationError);
    expect(refused).toMatchObject({ code: 'device', message: 'the device refused it' });
    far.refuse = false;
    // Done there but not on record: said so here, not taken for a node that did not answer.
    far.unrecorded = true;
    const unrecorded = await asker.operate(equipment, op, 7).catch((e: unknown) => e);
    expect(unrecorded).toBeInstanceOf(OperationError);
    expect(unrecorded).toMatchObject({ code: 'unrecorded', message: 'carried out, but not on record' });
    far.unrecorded = false;
    expect(asker.pending).toBe(0);
  });

  it('answers offline when the holder is gone or silent, and bounds the requests that wait', async () => {
    // A node that holds the entry but never answers.
    const silent = new MemoryBus('silent', exchange);
    silent.start();
    await silent.claim('RTR00001', 60_000);
    const waiting = [asker.operate(equipment, op, null), asker.operate(equipment, op, null)];
    await expect(asker.operate(equipment, op, null)).rejects.toThrow(
      'too many operations wait on other nodes',
    );
    for (const w of waiting) await expect(w).rejects.toThrow('did not answer in time');
    expect(asker.pending).toBe(0);
    // Gone: refused at once.
    await silent.close();
    await expect(asker.operate(equipment, op, null)).rejects.toThrow('its node is gone');
    // Expired: no entry at all.
    await new MemoryBus('b', exchange).claim('RTR00001', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(asker.operate(equipment, op, null)).rejects.toThrow('the equipment is offline');
    expect(asker.pending).toBe(0);
  });
});
