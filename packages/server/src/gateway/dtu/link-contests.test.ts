/**
 * Contested device links on the real DTU port, on both databases: a connection without the
 * device's secret never takes its link, a newcomer never takes a link that still answers from an
 * equal, a dead link is taken over at once, and each contest is reported once per window. And the
 * reporting window itself, with fake timers.
 */
import { afterEach, describe, expect, it as baseIt, it as plainIt, vi } from 'vitest';
import type { EventInput } from '../../history/writer.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import type { DeviceLink } from '../link/device-link.js';
import { LinkRegistry } from '../link/registry.js';
import { addLinkedDevices, RecordingLog, until, VirtualDtu } from '../test-support.js';
import { DtuListener } from './dtu-listener.js';
import type { DtuListenerOptions } from './dtu-listener.js';
import { contestMessage, LinkContests } from './link-contests.js';
import type { ContestReport } from './link-contests.js';
import { hashLinkSecret } from './secrets.js';

const SECRET = 'correct horse';

describe('LinkContests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const attempt = { equipmentId: 7, serial: 'GW000001', remote: '203.0.113.9:4000', reason: 'wrong secret' };

  plainIt('reports the first contest at once and the rest of the window together when it ends', () => {
    vi.useFakeTimers({ now: 0 });
    const reports: ContestReport[] = [];
    const contests = new LinkContests({
      report: (r) => reports.push(r),
      now: () => Date.now(),
      windowMs: 60_000,
    });
    contests.contested(attempt);
    expect(reports).toEqual([{ ...attempt, attempts: 1, at: 0 }]);
    for (let i = 0; i < 40; i++) contests.contested({ ...attempt, remote: `203.0.113.9:${5000 + i}` });
    vi.advanceTimersByTime(59_999);
    expect(reports).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(reports[1]).toEqual({ ...attempt, remote: '203.0.113.9:5039', attempts: 40, at: 60_000 });
    // The flood goes on: one report a window.
    for (let i = 0; i < 5; i++) contests.contested(attempt);
    vi.advanceTimersByTime(60_000);
    expect(reports.map((r) => r.attempts)).toEqual([1, 40, 5]);
    // It stopped: the window ends without a report, and the next contest is reported at once.
    vi.advanceTimersByTime(60_000);
    expect(reports).toHaveLength(3);
    contests.contested(attempt);
    expect(reports.map((r) => r.attempts)).toEqual([1, 40, 5, 1]);
    contests.close();
  });

  plainIt('makes refusals a contest while a link is kept, or from the third within the window', () => {
    vi.useFakeTimers({ now: 0 });
    const reports: ContestReport[] = [];
    const contests = new LinkContests({
      report: (r) => reports.push(r),
      now: () => Date.now(),
      windowMs: 60_000,
    });
    contests.refused(attempt, false);
    contests.refused(attempt, false);
    expect(reports).toEqual([]);
    contests.refused(attempt, false);
    expect(reports).toHaveLength(1);
    contests.refused({ ...attempt, serial: 'GW000002' }, true);
    expect(reports.map((r) => r.serial)).toEqual(['GW000001', 'GW000002']);
    // A new window counts afresh.
    vi.advanceTimersByTime(120_000);
    contests.refused(attempt, false);
    contests.refused(attempt, false);
    expect(reports).toHaveLength(2);
    contests.refused(attempt, false);
    expect(reports).toHaveLength(3);
    contests.close();
  });

  plainIt('says who tried what, how often, and that the link was refused', () => {
    expect(contestMessage({ ...attempt, attempts: 3, at: 0 })).toBe(
      'Link contested: 203.0.113.9:4000 tried to register GW000001 (wrong secret) 3 times; the link was refused',
    );
  });
});

describe.each(storageCases())('contested DTU links on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  const running: { listener: DtuListener; devices: VirtualDtu[] }[] = [];

  afterEach(async () => {
    for (const { listener, devices } of running.splice(0)) {
      for (const device of devices) device.destroy();
      await listener.close();
    }
  });

  async function start(options: Partial<DtuListenerOptions> = {}) {
    const log = new RecordingLog();
    const events: EventInput[] = [];
    const pushed: { id: number; message: unknown }[] = [];
    const db = storage().db;
    const listener = new DtuListener({
      db,
      registry: new LinkRegistry({ db, log, ...(options.now ? { now: options.now } : {}) }),
      log,
      probeTimeoutMs: 150,
      contests: {
        recordEvent: async (event) => {
          events.push(event);
        },
        publish: (id, message) => pushed.push({ id, message }),
      },
      ...options,
    });
    const port = await listener.listen(0, '127.0.0.1');
    const devices: VirtualDtu[] = [];
    running.push({ listener, devices });
    const dial = async (registration: string) => {
      const device = await VirtualDtu.dial(port, registration);
      devices.push(device);
      return device;
    };
    const registry = listener.registry;
    const linkOf = async (sn: string): Promise<DeviceLink> => {
      await until(() => registry.get(sn) !== undefined);
      return registry.get(sn)!;
    };
    return { listener, registry, log, dial, linkOf, events, pushed };
  }

  /** Sends `n` switching requests on `link`, one after another. */
  async function command(link: DeviceLink, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      await link.request(254, { fn: 5, address: i % 8, value: true }, { priority: 'user' });
    }
  }

  const add = async (sn: string, options: { secret?: string; open?: boolean } = {}): Promise<number> => {
    const id = (
      await addLinkedDevices(storage(), [sn], options.secret === undefined ? {} : { secret: options.secret })
    ).get(sn)!;
    if (options.open !== undefined) {
      await storage()
        .db.updateTable('equipment')
        .set({ link_open: options.open ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    }
    return id;
  };

  it('never lets a connection without the secret take the link, nor the owner’s commands, and reports it once a window', async () => {
    const id = await add('IMP00001', { secret: SECRET });
    const { dial, linkOf, events, pushed, log } = await start();
    const owner = await dial(`IMP00001:${SECRET}`);
    const link = await linkOf('IMP00001');
    const impostors: VirtualDtu[] = [];
    for (const registration of ['IMP00001', 'IMP00001:guess', 'imp00001:', 'IMP00001:correct horse ']) {
      const impostor = await dial(registration);
      impostors.push(impostor);
      await impostor.closed;
      // Bytes it sends before it is refused go nowhere: no reply, no reading, no alarm.
    }
    await command(link, 39);
    expect(owner.requests).toBe(39);
    expect(impostors.every((d) => d.requests === 0 && d.isClosed)).toBe(true);
    expect(await linkOf('IMP00001')).toBe(link);
    expect(link.closed).toBe(false);
    // 'imp00001:' is malformed (empty secret): refused before the serial's equipment is looked up.
    expect(events).toEqual([
      {
        equipmentId: id,
        kind: 'alarm',
        at: expect.any(Number) as number,
        level: 1,
        message: expect.stringMatching(
          /^Link contested: 127\.0\.0\.1:\d+ tried to register IMP00001 \(secret missing\) once/,
        ) as string,
        detail: {
          cause: 'link_contested',
          remote: expect.stringMatching(/^127\.0\.0\.1:\d+$/) as string,
          reason: 'secret missing',
          attempts: 1,
        },
      },
    ]);
    expect(pushed).toEqual([
      {
        id,
        message: {
          infotype: 'Notiface',
          info: expect.objectContaining({ SN: 'IMP00001', channel: 'LINK', level: 1, value: 1 }) as object,
        },
      },
    ]);
    expect(log.warnings().filter((w) => w.message === 'DTU link contested')).toHaveLength(1);
    expect(JSON.stringify(log.entries)).not.toContain('horse');
  });

  it('keeps an open link that still answers against a newcomer, and reports the contest', async () => {
    const id = await add('OPEN0001');
    const { dial, linkOf, events } = await start();
    const first = await dial('OPEN0001');
    const link = await linkOf('OPEN0001');
    const second = await dial('OPEN0001');
    await second.closed;
    expect(await linkOf('OPEN0001')).toBe(link);
    // The probe was the one request the kept link got; the newcomer got none.
    expect(first.requests).toBe(1);
    expect(second.requests).toBe(0);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      equipmentId: id,
      kind: 'alarm',
      detail: { cause: 'link_contested', reason: 'the live link still answers', attempts: 1 },
    });
    // Again and again within the window: no more probes (it answered just now), no more events.
    for (let i = 0; i < 3; i++) await (await dial('OPEN0001')).closed;
    expect(first.requests).toBe(1);
    expect(events).toHaveLength(1);
    await command(link, 5);
    expect(first.requests).toBe(6);
  });

  it('lets a newcomer take over an open link that no longer answers, without a contest', async () => {
    await add('OPEN0002');
    const { dial, linkOf, events } = await start();
    const first = await dial('OPEN0002');
    const link = await linkOf('OPEN0002');
    first.answer = () => [];
    const second = await dial('OPEN0002');
    await until(async () => (await linkOf('OPEN0002')) !== link);
    expect(link.closeReason).toBe('replaced');
    await command(await linkOf('OPEN0002'), 3);
    expect(second.requests).toBe(3);
    expect(events).toEqual([]);
  });

  it('gives the link to a connection with the secret over one without it, and never the other way', async () => {
    const id = await add('MIXD0001', { secret: SECRET, open: true });
    const { dial, linkOf, events } = await start();
    const bare = await dial('MIXD0001');
    const bareLink = await linkOf('MIXD0001');
    const real = await dial(`MIXD0001:${SECRET}`);
    await until(async () => (await linkOf('MIXD0001')) !== bareLink);
    expect(bareLink.closeReason).toBe('replaced');
    await bare.closed;
    // No probe was needed: the link with the secret wins at once.
    expect(bare.requests).toBe(0);
    const realLink = await linkOf('MIXD0001');
    const again = await dial('MIXD0001');
    await again.closed;
    expect(await linkOf('MIXD0001')).toBe(realLink);
    expect(real.requests).toBe(0);
    expect(events).toMatchObject([
      { equipmentId: id, detail: { cause: 'link_contested', reason: 'a link with the secret is up' } },
    ]);
  });

  it('between two connections with the secret, keeps the one that answers and gives a dead one up', async () => {
    await add('AUTH0001', { secret: SECRET });
    let t = 1_700_000_000_000;
    const { dial, linkOf, events } = await start({ now: () => t });
    const first = await dial(`AUTH0001:${SECRET}`);
    const firstLink = await linkOf('AUTH0001');
    const clone = await dial(`AUTH0001:${SECRET}`);
    await clone.closed;
    expect(await linkOf('AUTH0001')).toBe(firstLink);
    expect(first.requests).toBe(1);
    expect(events).toMatchObject([{ detail: { reason: 'the live link still answers' } }]);
    // The first goes quiet (its NAT dropped it). Once its last answer is 10 s old it is asked
    // again, does not answer, and the next connection with the secret takes over.
    first.answer = () => [];
    t += 10_000;
    const redial = await dial(`AUTH0001:${SECRET}`);
    await until(async () => (await linkOf('AUTH0001')) !== firstLink);
    expect(firstLink.closeReason).toBe('replaced');
    await command(await linkOf('AUTH0001'), 2);
    expect(redial.requests).toBe(2);
    expect(events).toHaveLength(1);
  });

  it('after the secret is regenerated, a connection with the new one takes over and the old one is refused', async () => {
    const id = await add('ROTA0001', { secret: SECRET });
    const { dial, linkOf, events } = await start();
    const old = await dial(`ROTA0001:${SECRET}`);
    const oldLink = await linkOf('ROTA0001');
    await storage()
      .db.updateTable('equipment')
      .set({ link_secret_hash: hashLinkSecret('a new secret'), link_secret_sealed: null })
      .where('id', '=', id)
      .execute();
    // The live link stays until something takes over or it drops.
    await command(oldLink, 2);
    expect(old.requests).toBe(2);
    const stale = await dial(`ROTA0001:${SECRET}`);
    await stale.closed;
    expect(await linkOf('ROTA0001')).toBe(oldLink);
    const fresh = await dial('ROTA0001:a new secret');
    await until(async () => (await linkOf('ROTA0001')) !== oldLink);
    await old.closed;
    expect(oldLink.closeReason).toBe('replaced');
    await command(await linkOf('ROTA0001'), 1);
    expect(fresh.requests).toBe(1);
    expect(events).toEqual([]);
  });
});
