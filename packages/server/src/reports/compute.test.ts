/**
 * Reports computed from known history on both databases: channel statistics, uptime across an
 * offline gap, alarms counted, the caller's rights, sub-devices on their host's link, the limits.
 */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import type { ReportSettingsInput } from '@fieldlink/protocol';
import { beforeAll, describe, expect, it as baseIt } from 'vitest';
import type { AuthUser } from '../accounts/authenticate.js';
import { T0, useAccountsApp } from '../accounts/test-support.js';
import { addEquipment, HOUR, send, share, store, user } from '../history/test-support.js';
import { ZonedTime } from '../history/time.js';
import { storageCases } from '../storage/test-support.js';
import { buildReport, onlineMs, reportedSeries } from './compute.js';
import { reportRange } from './periods.js';

const ZONE = new ZonedTime('Asia/Shanghai');
/** T0 is Monday 2026-01-05 16:00 in Shanghai: the last complete day is Sunday the 4th. */
const DAY0 = Date.UTC(2026, 0, 3, 16);
const YESTERDAY = reportRange('daily', undefined, T0, ZONE);

const account = (id: number): AuthUser => ({ id, authority: 4, familyId: '' });
const settings = (over: Partial<ReportSettingsInput> = {}) => ({
  equipmentIds: null,
  channels: {},
  ...over,
});

describe('report pieces', () => {
  baseIt('counts online time from the state at the start and each link change', () => {
    expect(onlineMs(false, [], 0, 100)).toBe(0);
    expect(onlineMs(true, [], 0, 100)).toBe(100);
    const changes = [
      { kind: 'offline', at: 30 },
      { kind: 'online', at: 50 },
      { kind: 'online', at: 60 },
    ];
    expect(onlineMs(true, changes, 0, 100)).toBe(80);
    expect(onlineMs(false, changes, 0, 100)).toBe(50);
  });

  baseIt('reports the chosen analog channels, or the first AI ones, or AO when there is no AI', () => {
    const labels = (type: string, chosen?: string[]) => {
      const { series, omitted } = reportedSeries({ type, settings: '{}' }, chosen);
      return { labels: series.map((s) => s.key), omitted };
    };
    expect(labels('FL-AI8')).toEqual({
      labels: ['ai1', 'ai2', 'ai3', 'ai4', 'ai5', 'ai6', 'ai7', 'ai8'],
      omitted: 0,
    });
    expect(labels('MB-AO4')).toEqual({ labels: ['ao1', 'ao2', 'ao3', 'ao4'], omitted: 0 });
    expect(labels('FL-LR4')).toEqual({ labels: [], omitted: 0 });
    // Chosen labels in their order, once each; one the device lacks is left out and counted.
    expect(labels('FL-AO4', ['AO2', 'ai1', 'AO2', 'AI9'])).toEqual({ labels: ['ao2', 'ai1'], omitted: 1 });
    expect(labels('FL-AI8', [])).toEqual({ labels: [], omitted: 0 });
  });
});

describe.each(storageCases())('report computation on %s', (store_) => {
  const it = baseIt.skipIf(store_.skip !== null);
  const h = useAccountsApp(store_);
  let owner: { token: string; id: number };
  let reader: { token: string; id: number };
  let stranger: { token: string; id: number };
  let tank: number;
  let relay: number;
  let gateway: number;
  let meter: number;

  beforeAll(async () => {
    if (store_.skip !== null) return;
    owner = await user(h, 'report-owner');
    reader = await user(h, 'report-reader');
    stranger = await user(h, 'report-stranger');
    tank = await addEquipment(h, owner.token, {
      sn: 'REPORT01',
      type: 'FL-AI8',
      name: 'Tank farm',
      settings: { ai: { names: ['Tank level', 'Pressure'], units: ['m', 'bar'] } },
    });
    relay = await addEquipment(h, owner.token, { sn: 'REPORT02', type: 'FL-R8', name: 'Relay' });
    gateway = await addEquipment(h, owner.token, { sn: 'REPORT03', type: 'FL-MBGW', name: 'Gateway' });
    const sub = await send(h, 'POST', `/equipment/${gateway}/sub-devices`, owner.token, {
      address: 1,
      type: 'FL-MBMETER',
      name: 'Meter',
    });
    expect(sub.statusCode, sub.body).toBe(201);
    meter = (sub.json() as { id: number }).id;
    await share(h, owner.token, tank, reader.token);

    const at = (hours: number) => DAY0 + hours * HOUR;
    await store(
      h,
      [
        // AI1 recorded four values yesterday (and one before and one after, not counted).
        { equipmentId: tank, kind: 'ai', channel: 0, value: 100, at: at(-2) },
        { equipmentId: tank, kind: 'ai', channel: 0, value: 1, at: at(1) },
        { equipmentId: tank, kind: 'ai', channel: 0, value: 2, at: at(5) },
        { equipmentId: tank, kind: 'ai', channel: 0, value: 3, at: at(9) },
        { equipmentId: tank, kind: 'ai', channel: 0, value: 6, at: at(23.5) },
        { equipmentId: tank, kind: 'ai', channel: 0, value: -50, at: at(24) },
        // AI2 did not change yesterday: it held 5.5 all day.
        { equipmentId: tank, kind: 'ai', channel: 1, value: 5.5, at: at(-30) },
        { equipmentId: meter, kind: 'ai', channel: 6, value: 12.5, at: at(3) },
      ],
      [
        // Online since before the day, offline from 06:00 to 08:00: 22 hours of 24.
        { equipmentId: tank, kind: 'online', at: at(-1), message: 'online' },
        { equipmentId: tank, kind: 'offline', at: at(6), message: 'offline' },
        { equipmentId: tank, kind: 'online', at: at(8), message: 'online' },
        // Two alarms raised yesterday, one cleared; one raised the day before.
        { equipmentId: tank, kind: 'alarm', at: at(-3), channelKind: 'ai', channel: 0, level: 1, value: 100 },
        { equipmentId: tank, kind: 'alarm', at: at(2), channelKind: 'ai', channel: 0, level: -1, value: 1 },
        {
          equipmentId: tank,
          kind: 'alarm_clear',
          at: at(4),
          channelKind: 'ai',
          channel: 0,
          level: -1,
          value: 2,
        },
        { equipmentId: tank, kind: 'alarm', at: at(7), channelKind: 'ai', channel: 0, level: 1, value: 9 },
        // The gateway came online at noon; its meter shares its link.
        { equipmentId: gateway, kind: 'online', at: at(12), message: 'online' },
      ],
    );
  });

  it('gives min, max and average of what was recorded, the held value, uptime and alarms', async () => {
    const report = await buildReport(
      h.storage.db,
      { user: account(owner.id), settings: settings() },
      YESTERDAY,
      'Asia/Shanghai',
      T0,
    );
    expect(report).toMatchObject({
      period: 'daily',
      from: '2026-01-03T16:00:00.000Z',
      to: '2026-01-04T16:00:00.000Z',
      timeZone: 'Asia/Shanghai',
      partial: false,
      generatedAt: new Date(T0).toISOString(),
      omitted: { devices: 0, channels: 0 },
    });
    expect(report.devices.map((d) => d.id)).toEqual([tank, relay, gateway, meter]);
    const farm = report.devices[0]!;
    expect(farm).toMatchObject({ name: 'Tank farm', unid: 'REPORT01', onlineMs: 22 * HOUR, alarms: 2 });
    expect(farm.uptime).toBeCloseTo(22 / 24, 10);
    expect(farm.channels).toHaveLength(8);
    expect(farm.channels[0]).toEqual({
      channel: 'AI1',
      name: 'Tank level',
      unit: 'm',
      min: 1,
      max: 6,
      avg: 3,
      samples: 4,
    });
    expect(farm.channels[1]).toEqual({
      channel: 'AI2',
      name: 'Pressure',
      unit: 'bar',
      min: 5.5,
      max: 5.5,
      avg: 5.5,
      samples: 0,
    });
    expect(farm.channels[2]).toEqual({
      channel: 'AI3',
      name: 'AI3',
      unit: '',
      min: null,
      max: null,
      avg: null,
      samples: 0,
    });
    // Never online: no link event at all.
    expect(report.devices[1]).toMatchObject({ name: 'Relay', onlineMs: 0, uptime: 0, alarms: 0 });
    // The gateway from noon, and its meter on the gateway's link.
    expect(report.devices[2]).toMatchObject({ onlineMs: 12 * HOUR, uptime: 0.5, channels: [] });
    expect(report.devices[3]).toMatchObject({ name: 'Meter', onlineMs: 12 * HOUR, uptime: 0.5 });
    expect(report.devices[3]!.channels[6]).toMatchObject({ channel: 'AI7', min: 12.5, samples: 1 });
    expect(report.totals).toEqual({
      devices: 4,
      onlineMs: 46 * HOUR,
      uptime: 46 / 96,
      alarms: 2,
      samples: 5,
    });
  });

  it('reports the chosen devices and channels only', async () => {
    const report = await buildReport(
      h.storage.db,
      {
        user: account(owner.id),
        settings: settings({
          equipmentIds: [meter, tank],
          channels: { [tank]: ['AI2', 'AI1'], [meter]: [] },
        }),
      },
      YESTERDAY,
      'Asia/Shanghai',
      T0,
    );
    expect(report.devices.map((d) => [d.id, d.channels.map((c) => c.channel)])).toEqual([
      [tank, ['AI2', 'AI1']],
      [meter, []],
    ]);
  });

  it('holds only what the user may read', async () => {
    const shared = await buildReport(
      h.storage.db,
      { user: account(reader.id), settings: settings() },
      YESTERDAY,
      'Asia/Shanghai',
      T0,
    );
    expect(shared.devices.map((d) => d.id)).toEqual([tank]);
    // Chosen ids the user may not read are not reported.
    const chosen = await buildReport(
      h.storage.db,
      { user: account(reader.id), settings: settings({ equipmentIds: [relay, tank] }) },
      YESTERDAY,
      'Asia/Shanghai',
      T0,
    );
    expect(chosen.devices.map((d) => d.id)).toEqual([tank]);
    const none = await buildReport(
      h.storage.db,
      { user: account(stranger.id), settings: settings() },
      YESTERDAY,
      'Asia/Shanghai',
      T0,
    );
    expect(none.devices).toEqual([]);
    expect(none.totals).toEqual({ devices: 0, onlineMs: 0, uptime: 0, alarms: 0, samples: 0 });
  });

  it('reports today so far over the hours gone by', async () => {
    const today = reportRange('daily', 'now', T0, ZONE);
    expect(today).toMatchObject({ from: DAY0 + 24 * HOUR, to: T0, partial: true });
    const report = await buildReport(
      h.storage.db,
      {
        user: account(owner.id),
        settings: settings({ equipmentIds: [tank], channels: { [tank]: ['AI1'] } }),
      },
      today,
      'Asia/Shanghai',
      T0,
    );
    // Online all 16 hours of today, AI1 at -50 since midnight.
    expect(report.devices[0]).toMatchObject({ onlineMs: 16 * HOUR, uptime: 1, alarms: 0 });
    expect(report.devices[0]!.channels[0]).toMatchObject({ min: -50, max: -50, avg: -50, samples: 1 });
    expect(report.partial).toBe(true);
  });

  it('cuts a fleet past the device limit, lowest ids first, and says how many were left out', async () => {
    const big = await user(h, 'report-fleet');
    const rows = Array.from({ length: REPORT_LIMITS.devices + 3 }, (_, i) => ({
      owner_id: big.id,
      sn: `FLEET${String(i).padStart(4, '0')}`,
      unid: `FLEET${String(i).padStart(4, '0')}`,
      type: 'FL-R8',
      name: `Relay ${i}`,
      created_at: T0,
      updated_at: T0,
    }));
    await h.storage.db.insertInto('equipment').values(rows).execute();
    const report = await buildReport(
      h.storage.db,
      { user: account(big.id), settings: settings() },
      YESTERDAY,
      'Asia/Shanghai',
      T0,
    );
    expect(report.devices).toHaveLength(REPORT_LIMITS.devices);
    expect(report.devices[0]!.name).toBe('Relay 0');
    expect(report.omitted).toEqual({ devices: 3, channels: 0 });
  });
});
