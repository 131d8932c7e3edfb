/** The history, events and user-events routes on both databases. */
import { beforeAll, describe, expect, it as baseIt } from 'vitest';
import { expectError, T0 } from '../accounts/test-support.js';
import { useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { MAX_POINTS } from './fields.js';
import { addEquipment, DAY, HOUR, MINUTE, send, share, store, user } from './test-support.js';
import type { EventInput, Sample } from './writer.js';

interface Point {
  t: number;
  avg?: number;
  min: number;
  max: number;
  last: number;
}
interface SeriesReply {
  channel: string;
  kind: string;
  index: number;
  name: string;
  unit: string;
  previous: { t: number; value: number } | null;
  points: Point[];
}
interface HistoryBody {
  series: SeriesReply[];
  from: string;
  to: string;
  interval: number;
  tz: string;
}
interface EventBody {
  id: number;
  equipmentId: number;
  kind: string;
  channel: string | null;
  level: number | null;
  value: number | null;
  message: string;
  detail: Record<string, unknown>;
  userId: number | null;
  at: string;
  time: string;
  equipment?: { name: string; unid: string };
}

describe.each(storageCases())('history routes on %s', (store_) => {
  const it = baseIt.skipIf(store_.skip !== null);
  const h = useAccountsApp(store_);
  let owner: { token: string; id: number };
  let reader: { token: string; id: number };
  let stranger: { token: string; id: number };
  /** FL-AI8 (8 AI, 2 DI, 2 DO), shared read-only with `reader`. */
  let tank: number;
  /** FL-R8, the owner's alone. */
  let relay: number;

  const get = (url: string, token: string | null = owner.token) => send(h, 'GET', url, token);
  const history = async (query: string, id = tank): Promise<HistoryBody> => {
    const res = await get(`/equipment/${id}/history?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as HistoryBody;
  };

  beforeAll(async () => {
    if (store_.skip !== null) return;
    owner = await user(h, 'hist-owner');
    reader = await user(h, 'hist-reader');
    stranger = await user(h, 'hist-stranger');
    tank = await addEquipment(h, owner.token, {
      sn: 'HIST0001',
      type: 'FL-AI8',
      name: 'Tank farm',
      settings: { ai: { names: ['Tank level', 'Pressure'], units: ['m', 'bar'] }, do: { names: ['Pump'] } },
    });
    relay = await addEquipment(h, owner.token, { sn: 'HIST0002', type: 'FL-R8', name: 'Relay' });
    await share(h, owner.token, tank, reader.token);

    // AI1: one sample every 10 s over the hour before T0, valued 0, 1, 2 …; one more 2 h before.
    const samples: Sample[] = Array.from({ length: 360 }, (_, i) => ({
      equipmentId: tank,
      kind: 'ai',
      channel: 0,
      value: i,
      at: T0 - HOUR + i * 10_000,
    }));
    samples.push({ equipmentId: tank, kind: 'ai', channel: 0, value: -1, at: T0 - 2 * HOUR });
    // AI2 every minute, DO1 switching every 15 minutes, link state and battery.
    for (let m = 0; m < 60; m++) {
      samples.push({
        equipmentId: tank,
        kind: 'ai',
        channel: 1,
        value: 1.5 + m / 10,
        at: T0 - HOUR + m * MINUTE,
      });
    }
    for (let q = 0; q < 4; q++) {
      samples.push({
        equipmentId: tank,
        kind: 'do',
        channel: 0,
        value: q % 2 === 0 ? 1 : 0,
        at: T0 - HOUR + q * 15 * MINUTE,
      });
    }
    samples.push({ equipmentId: tank, kind: 'online', channel: 0, value: 1, at: T0 - HOUR });
    samples.push({ equipmentId: tank, kind: 'soc', channel: 0, value: 87, at: T0 - HOUR });
    samples.push({ equipmentId: relay, kind: 'ai', channel: 0, value: 5, at: T0 - HOUR });

    const events: EventInput[] = [
      {
        equipmentId: tank,
        kind: 'alarm',
        at: T0 - 3 * HOUR,
        channelKind: 'ai',
        channel: 0,
        level: 1,
        value: 9,
        message: 'AI1 high',
        detail: { limit: 8 },
      },
      {
        equipmentId: tank,
        kind: 'alarm_clear',
        at: T0 - 2 * HOUR,
        channelKind: 'ai',
        channel: 0,
        level: 1,
        value: 7,
        message: 'AI1 back',
      },
      { equipmentId: tank, kind: 'operation', at: T0 - HOUR, userId: owner.id, message: 'openone DO1: ok' },
      { equipmentId: tank, kind: 'offline', at: T0 - 2 * DAY, message: 'offline' },
      { equipmentId: tank, kind: 'online', at: T0 - 8 * DAY, message: 'online' },
      { equipmentId: relay, kind: 'online', at: T0 - 6 * DAY, message: 'online' },
    ];
    await store(h, samples, events);
  });

  it('downsamples into buckets with exact avg, min, max and last', async () => {
    const body = await history(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai1`);
    expect(body).toMatchObject({ from: iso(T0 - HOUR), to: iso(T0), interval: 60, tz: 'Asia/Shanghai' });
    expect(body.series).toHaveLength(1);
    const series = body.series[0]!;
    expect(series).toMatchObject({ channel: 'ai1', kind: 'ai', index: 0, name: 'Tank level', unit: 'm' });
    expect(series.previous).toEqual({ t: T0 - 2 * HOUR, value: -1 });
    expect(series.points).toHaveLength(60);
    series.points.forEach((p, j) => {
      expect(p).toEqual({
        t: T0 - HOUR + j * MINUTE,
        avg: 6 * j + 2.5,
        min: 6 * j,
        max: 6 * j + 5,
        last: 6 * j + 5,
      });
    });

    const coarse = await history(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai1&interval=600`);
    expect(coarse.interval).toBe(600);
    expect(coarse.series[0]!.points).toEqual(
      Array.from({ length: 6 }, (_, j) => ({
        t: T0 - HOUR + j * 10 * MINUTE,
        avg: 60 * j + 29.5,
        min: 60 * j,
        max: 60 * j + 59,
        last: 60 * j + 59,
      })),
    );
  });

  it('aligns buckets on the wall clock of the zone and reads local query times in it', async () => {
    // 15:00 in Shanghai is 07:00 UTC: T0 (08:00 UTC) minus an hour.
    const local = await history(
      'from=2026-01-05%2015:00:00&to=2026-01-05%2016:00:00&channels=ai1&interval=3600',
    );
    expect(local).toMatchObject({ from: iso(T0 - HOUR), to: iso(T0) });
    expect(local.series[0]!.points).toEqual([{ t: T0 - HOUR, avg: 179.5, min: 0, max: 359, last: 359 }]);
    // A day's bucket starts at local midnight: 16:00 UTC the day before in Shanghai.
    const day = await history(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai1&interval=86400`);
    expect(day.series[0]!.points[0]!.t).toBe(Date.UTC(2026, 0, 4, 16));
    const utc = await history(`from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai1&interval=86400&tz=UTC`);
    expect(utc.series[0]!.points[0]!.t).toBe(Date.UTC(2026, 0, 5));
    const offset = await history(
      'from=2026-01-05T10:00:00%2B03:00&to=2026-01-05T11:00:00%2B03:00&channels=ai1',
    );
    expect(offset).toMatchObject({ from: iso(T0 - HOUR), to: iso(T0) });
  });

  it('selects channels by their console names, in the order asked', async () => {
    const body = await history(
      `from=${iso(T0 - HOUR)}&to=${iso(T0)}&channels=ai2,DO1,online,soc,ai2&interval=900`,
    );
    expect(body.series.map((s) => [s.channel, s.kind, s.index, s.name, s.unit])).toEqual([
      ['ai2', 'ai', 1, 'Pressure', 'bar'],
      ['do1', 'do', 0, 'Pump', ''],
      ['online', 'online', 0, 'Online', ''],
      ['soc', 'soc', 0, 'SOC', '%'],
    ]);
    const [ai2, do1, online, soc] = body.series;
    expect(ai2!.points[0]).toEqual({ t: T0 - HOUR, avg: 2.2, min: 1.5, max: 2.9, last: 2.9 });
    // Digital series: no average, min/max tell whether it was off/on at any moment.
    expect(do1!.points).toEqual([
      { t: T0 - HOUR, min: 1, max: 1, last: 1 },
      { t: T0 - HOUR + 15 * MINUTE, min: 0, max: 0, last: 0 },
      { t: T0 - HOUR + 30 * MINUTE, min: 1, max: 1, last: 1 },
      { t: T0 - HOUR + 45 * MINUTE, min: 0, max: 0, last: 0 },
    ]);
    expect(online!.points).toEqual([{ t: T0 - HOUR, min: 1, max: 1, last: 1 }]);
    expect(soc!.points).toEqual([{ t: T0 - HOUR, avg: 87, min: 87, max: 87, last: 87 }]);

    const defaults = await history('');
    expect(defaults.series.map((s) => s.channel)).toEqual([
      'ai1',
      'ai2',
      'ai3',
      'ai4',
      'ai5',
      'ai6',
      'ai7',
      'ai8',
    ]);
    expect(defaults).toMatchObject({ from: iso(T0 - DAY), to: iso(T0), interval: 60 });
    expect(defaults.series[2]!.points).toEqual([]);
    expect(defaults.series[2]!.previous).toBeNull();

    for (const [channels, message] of [
      ['ai9', 'ai9 does not exist'],
      ['ao1', 'ao1 does not exist'],
      ['ai0', 'ai0 does not exist'],
      ['temp', "'temp' is not a channel"],
      [',', 'name at least one channel'],
    ] as const) {
      const res = await get(`/equipment/${tank}/history?channels=${channels}`);
      expect(expectError(res, 400, 'bad_request')).toContain(message);
    }
  });

  it('checks the range, interval and time zone', async () => {
    const bad = [
      `from=${iso(T0)}&to=${iso(T0 - HOUR)}`,
      `from=${iso(T0)}&to=${iso(T0)}`,
      `from=${iso(T0 - 401 * DAY)}&to=${iso(T0)}`,
      'from=2026-02-30T00:00:00Z',
      'from=yesterday',
      'interval=0',
      'interval=86401',
      'interval=1.5',
      'tz=Mars/Olympus',
      'tz=',
      'unknown=1',
    ];
    for (const query of bad) {
      expectError(await get(`/equipment/${tank}/history?${query}`), 400, 'bad_request');
    }
    const year = await history(`from=${iso(T0 - 400 * DAY)}&to=${iso(T0)}&interval=1&channels=ai1`);
    expect(year.interval).toBe(1800);
    expect(year.series[0]!.points.length).toBeLessThanOrEqual(MAX_POINTS);
    const week = await history(`from=${iso(T0 - 7 * DAY)}&to=${iso(T0)}&channels=ai1`);
    expect(week.interval).toBe(60);
    const tz = await history('tz=Europe/Berlin&channels=ai1');
    expect(tz.tz).toBe('Europe/Berlin');
  });

  it("lists an equipment's events newest first, the last 24 hours by default", async () => {
    const res = await get(`/equipment/${tank}/events`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: EventBody[]; total: number };
    expect(body.total).toBe(3);
    expect(body.items.map((e) => e.kind)).toEqual(['operation', 'alarm_clear', 'alarm']);
    expect(body.items[2]).toMatchObject({
      equipmentId: tank,
      channel: 'AI1',
      level: 1,
      value: 9,
      message: 'AI1 high',
      detail: { limit: 8 },
      userId: null,
      at: iso(T0 - 3 * HOUR),
      time: '2026-01-05 13:00:00',
    });
    expect(body.items[0]).toMatchObject({ userId: owner.id, channel: null, level: null, value: null });

    const utc = (await get(`/equipment/${tank}/events?tz=UTC&limit=1`)).json() as {
      items: EventBody[];
      total: number;
    };
    expect(utc.total).toBe(3);
    expect(utc.items.map((e) => e.time)).toEqual(['2026-01-05 07:00:00']);
    const page = (await get(`/equipment/${tank}/events?limit=2&offset=1`)).json() as { items: EventBody[] };
    expect(page.items.map((e) => e.kind)).toEqual(['alarm_clear', 'alarm']);
    const wide = (await get(`/equipment/${tank}/events?from=${iso(T0 - 10 * DAY)}`)).json() as {
      total: number;
    };
    expect(wide.total).toBe(5);
    for (const query of ['limit=0', 'limit=2001', 'offset=-1', 'tz=nowhere']) {
      expectError(await get(`/equipment/${tank}/events?${query}`), 400, 'bad_request');
    }
  });

  it('gives at most 2,000 events a page', async () => {
    const id = await addEquipment(h, owner.token, { sn: 'HIST0003', type: 'FL-R4', name: 'Busy' });
    await store(
      h,
      [],
      // A month back, out of the other tests' default windows.
      Array.from({ length: 2005 }, (_, i) => ({
        equipmentId: id,
        kind: 'online' as const,
        at: T0 - 30 * DAY - i * 1000,
      })),
    );
    const range = `from=${iso(T0 - 31 * DAY)}&to=${iso(T0 - 29 * DAY)}`;
    const all = (await get(`/equipment/${id}/events?${range}`)).json() as {
      items: EventBody[];
      total: number;
    };
    expect(all.total).toBe(2005);
    expect(all.items).toHaveLength(2000);
    expect(all.items[0]!.at).toBe(iso(T0 - 30 * DAY));
    const limit = (await get(`/equipment/${id}/events?${range}&limit=2000`)).json() as { items: EventBody[] };
    expect(limit.items).toHaveLength(2000);
    const rest = (await get(`/equipment/${id}/events?${range}&offset=2000`)).json() as { items: EventBody[] };
    expect(rest.items).toHaveLength(5);
    const mine = (await get(`/me/events?${range}`)).json() as { items: EventBody[]; total: number };
    expect(mine.total).toBe(2005);
    expect(mine.items).toHaveLength(2000);
  });

  it("gives a user's events of everything they may read, the last 7 days by default", async () => {
    const mine = (await get('/me/events')).json() as { items: EventBody[]; total: number };
    const ids = (items: EventBody[]) => items.map((e) => `${e.equipmentId}:${e.kind}`);
    expect(ids(mine.items)).toEqual(
      expect.arrayContaining([`${tank}:operation`, `${tank}:offline`, `${relay}:online`]),
    );
    expect(ids(mine.items)).not.toContain(`${tank}:online`);
    expect(mine.items.find((e) => e.equipmentId === relay)?.equipment).toEqual({
      name: 'Relay',
      unid: 'HIST0002',
    });

    const shared = (await get('/me/events', reader.token)).json() as { items: EventBody[]; total: number };
    expect(shared.total).toBe(4);
    expect(new Set(shared.items.map((e) => e.equipmentId))).toEqual(new Set([tank]));

    const none = (await get('/me/events', stranger.token)).json() as { items: EventBody[]; total: number };
    expect(none).toEqual({ items: [], total: 0 });
    const limited = (await get('/me/events?limit=1', reader.token)).json() as {
      items: EventBody[];
      total: number;
    };
    expect(limited.items).toHaveLength(1);
    expect(limited.total).toBe(4);
    expectError(await get('/me/events', null), 401, 'unauthorized');
  });

  it('keeps to the event kinds asked for, each counted in total, and refuses unknown ones', async () => {
    const alarms = (await get(`/equipment/${tank}/events?kind=alarm,alarm_clear`)).json() as {
      items: EventBody[];
      total: number;
    };
    expect(alarms.items.map((e) => e.kind)).toEqual(['alarm_clear', 'alarm']);
    expect(alarms.total).toBe(2);
    const raised = (await get(`/equipment/${tank}/events?kind=alarm&limit=1`)).json() as {
      items: EventBody[];
      total: number;
    };
    expect(raised).toMatchObject({ total: 1, items: [{ kind: 'alarm', message: 'AI1 high' }] });
    const mine = (await get('/me/events?kind=online,offline')).json() as {
      items: EventBody[];
      total: number;
    };
    expect(mine.items.map((e) => `${e.equipmentId}:${e.kind}`)).toEqual([
      `${tank}:offline`,
      `${relay}:online`,
    ]);
    expect(mine.total).toBe(2);
    for (const kind of ['alarms', 'alarm,bogus', ',', '']) {
      expectError(await get(`/equipment/${tank}/events?kind=${kind}`), 400, 'bad_request');
      expectError(await get(`/me/events?kind=${kind}`), 400, 'bad_request');
    }
  });

  it('answers strangers 404 and the signed-out 401, and lets readers in', async () => {
    for (const path of ['history', 'events', 'export']) {
      expectError(await get(`/equipment/${tank}/${path}`, stranger.token), 404, 'not_found');
      expectError(await get(`/equipment/${relay}/${path}`, reader.token), 404, 'not_found');
      expectError(await get(`/equipment/999999/${path}`), 404, 'not_found');
      expectError(await get(`/equipment/${tank}/${path}`, null), 401, 'unauthorized');
      expect((await get(`/equipment/${tank}/${path}`, reader.token)).statusCode).toBe(200);
    }
  });

  it('keeps the history of deleted equipment until retention removes it', async () => {
    const id = await addEquipment(h, owner.token, { sn: 'HIST0004', type: 'FL-R4', name: 'Gone' });
    await store(
      h,
      [{ equipmentId: id, kind: 'do', channel: 0, value: 1, at: T0 - MINUTE }],
      [{ equipmentId: id, kind: 'online', at: T0 - MINUTE }],
    );
    expect((await send(h, 'DELETE', `/equipment/${id}`, owner.token)).statusCode).toBe(204);
    const db = h.storage.db;
    const rows = await db.selectFrom('telemetry').select('value').where('equipment_id', '=', id).execute();
    const events = await db.selectFrom('events').select('id').where('equipment_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(events).toHaveLength(1);
    expectError(await get(`/equipment/${id}/history`), 404, 'not_found');
    const mine = (await get('/me/events')).json() as { items: EventBody[] };
    expect(mine.items.some((e) => e.equipmentId === id)).toBe(false);
  });
});

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
