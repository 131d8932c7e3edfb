/** The recorder on both databases: changes stored, alarm and link events, Notiface pushes. */
import type { ServerMessage } from '@fieldlink/protocol';
import { parseServerMessage } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { normaliseSettings } from '../equipment/settings.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import { HistoryRecorder } from './recorder.js';
import type { HistorySink, RecordedEquipment } from './recorder.js';
import { HistoryWriter } from './writer.js';

const T = Date.UTC(2026, 0, 5, 8);

const settings = normaliseSettings(
  { do: 2, di: 2, ai: 2, ao: 1 },
  {
    ai: {
      names: ['Tank level', ''],
      units: ['m', ''],
      x1: [0, 0],
      x2: [4000, 0],
      y1: [0, 0],
      y2: [10, 0],
      alarmLow: [2, 0],
      alarmHigh: [8, 0],
    },
    ao: { x1: [0], x2: [100], y1: [0], y2: [1] },
    di: { names: ['Door'], alarm: [true, false], alarmHigh: [false, true] },
  },
);

describe.each(storageCases())('history recorder on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  it('stores what changed, alarm and link events, and pushes raised alarms', async () => {
    const db = storage().db;
    const writer = new HistoryWriter(db, { flushMs: 1 });
    const pushed: [number, ServerMessage][] = [];
    const recorder = new HistoryRecorder({ writer, publish: (id, m) => pushed.push([id, m]) });
    const equipment: RecordedEquipment = { id: 11, unid: 'REC00001', settings };

    const first = await recorder.observe(equipment, {
      at: T,
      do: [true, false],
      di: [true, false],
      ai: [4000, 7],
      ao: [50],
      online: true,
      soc: 80,
    });
    expect(first).toEqual([{ type: 'raise', channelKind: 'ai', channel: 0, level: 1, value: 10, limit: 8 }]);
    // Nothing changed: nothing stored, nothing raised.
    expect(
      await recorder.observe(equipment, { at: T + 1000, do: [true, false], ai: [4000, 7], online: true }),
    ).toEqual([]);
    const second = await recorder.observe(equipment, {
      at: T + 2000,
      di: [false, false],
      ai: [2000, 7],
      online: false,
    });
    expect(second.map((t) => `${t.type} ${t.channelKind}${t.channel}`)).toEqual(['clear ai0', 'raise di0']);

    const rows = await db
      .selectFrom('telemetry')
      .select(['kind', 'channel', 'value', 'at'])
      .where('equipment_id', '=', 11)
      .orderBy('at')
      .orderBy('kind')
      .orderBy('channel')
      .execute();
    expect(rows.map((r) => [r.kind, r.channel, Number(r.value), Number(r.at) - T])).toEqual([
      ['ai', 0, 10, 0],
      ['ai', 1, 7, 0],
      ['ao', 0, 0.5, 0],
      ['di', 0, 1, 0],
      ['di', 1, 0, 0],
      ['do', 0, 1, 0],
      ['do', 1, 0, 0],
      ['online', 0, 1, 0],
      ['soc', 0, 80, 0],
      ['ai', 0, 5, 2000],
      ['di', 0, 0, 2000],
      ['online', 0, 0, 2000],
    ]);

    const events = await db
      .selectFrom('events')
      .selectAll()
      .where('equipment_id', '=', 11)
      .orderBy('id')
      .execute();
    expect(
      events.map((e) => [e.kind, e.channel_kind, e.channel, e.level, e.message, Number(e.at) - T]),
    ).toEqual([
      ['alarm', 'ai', 0, 1, 'AI1 Tank level above the upper limit 8: 10 m', 0],
      ['online', null, null, null, 'online', 0],
      ['alarm_clear', 'ai', 0, 1, 'AI1 Tank level back within limits: 5 m', 2000],
      ['alarm', 'di', 0, 1, 'DI1 Door alarm', 2000],
      ['offline', null, null, null, 'offline', 2000],
    ]);
    expect(JSON.parse(events[0]!.detail)).toEqual({ name: 'Tank level', unit: 'm', limit: 8 });

    expect(pushed.map(([id]) => id)).toEqual([11, 11]);
    expect(pushed.map(([, m]) => m)).toEqual([
      {
        infotype: 'Notiface',
        info: {
          SN: 'REC00001',
          channel: 'AI1',
          level: 1,
          value: 10,
          Time: '2026-01-05 16:00:00',
          at: '2026-01-05T08:00:00.000Z',
          text: 'AI1 Tank level above the upper limit 8: 10 m',
          name: 'Tank level',
          unit: 'm',
          limit: 8,
          eventId: events[0]!.id,
        },
      },
      {
        infotype: 'Notiface',
        info: {
          SN: 'REC00001',
          channel: 'DI1',
          level: 1,
          value: 0,
          Time: '2026-01-05 16:00:02',
          at: '2026-01-05T08:00:02.000Z',
          text: 'DI1 Door alarm',
          name: 'Door',
          unit: '',
          eventId: events[3]!.id,
        },
      },
    ]);
    for (const [, message] of pushed) expect(parseServerMessage(JSON.stringify(message)).ok).toBe(true);
    expect(recorder.alarms.active(11)).toEqual([{ channelKind: 'di', channel: 0, level: 1 }]);

    await recorder.recordOperation({
      equipmentId: 11,
      userId: 5,
      operation: 'openone DO2',
      result: 'ok',
      detail: { io: 2 },
      at: T + 3000,
    });
    const op = await db
      .selectFrom('events')
      .selectAll()
      .where('kind', '=', 'operation')
      .executeTakeFirstOrThrow();
    expect(op).toMatchObject({ equipment_id: 11, user_id: 5, message: 'openone DO2: ok' });
    expect(JSON.parse(op.detail)).toEqual({ operation: 'openone DO2', result: 'ok', io: 2 });
    await writer.close();
  });

  it('notes a status without waiting: the same rows and alarms, stored at the next flush', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 60_000 });
    const pushed: ServerMessage[] = [];
    const recorder = new HistoryRecorder({ writer, publish: (_, m) => pushed.push(m) });
    const equipment: RecordedEquipment = { id: 13, unid: 'REC00003', settings };
    const raised = recorder.note(equipment, { at: T, ai: [4000, 7], online: true });
    expect(raised.map((t) => `${t.type} ${t.channelKind}${t.channel}`)).toEqual(['raise ai0']);
    // Pushed once its event is stored, naming it.
    expect(pushed).toHaveLength(0);
    // Only what changed; nothing at all when nothing did.
    expect(recorder.note(equipment, { at: T + 1, ai: [4000, 7], online: true })).toEqual([]);
    expect(writer.backlog).toBe(5);
    await writer.flush();
    const alarm = await storage()
      .db.selectFrom('events')
      .select('id')
      .where('equipment_id', '=', 13)
      .where('kind', '=', 'alarm')
      .executeTakeFirstOrThrow();
    expect(pushed).toMatchObject([{ infotype: 'Notiface', info: { SN: 'REC00003', eventId: alarm.id } }]);
    const rows = await storage()
      .db.selectFrom('telemetry')
      .select(['kind', 'channel'])
      .where('equipment_id', '=', 13)
      .orderBy('kind')
      .orderBy('channel')
      .execute();
    expect(rows.map((r) => `${r.kind}${r.channel}`)).toEqual(['ai0', 'ai1', 'online0']);
    await writer.close();
    // A refused write starts the equipment afresh, as a failed observe does.
    expect(recorder.alarms.active(13)).toHaveLength(1);
    recorder.note(equipment, { at: T + 2, ai: [4000, 8] });
    expect(recorder.alarms.active(13)).toEqual([]);
  });

  it('keeps the alarm events of a status whose samples were shed as backlog, raising them once', async () => {
    const db = storage().db;
    const writer = new HistoryWriter(db, { flushMs: 60_000, maxQueuedRows: 3 });
    const recorder = new HistoryRecorder({ writer });
    const equipment: RecordedEquipment = { id: 15, unid: 'REC00005', settings };
    const full = writer.record(
      [0, 1, 2].map((channel) => ({ equipmentId: 14, kind: 'do', channel, value: 1, at: T })),
    );
    expect(recorder.note(equipment, { at: T, ai: [4000, 7] })).toHaveLength(1);
    expect(recorder.alarms.active(15)).toHaveLength(1);
    await writer.flush();
    await full;
    // The values shed are stored with the next status; the alarm, kept, is not raised again.
    expect(recorder.note(equipment, { at: T + 1, ai: [4000, 7] })).toEqual([]);
    await writer.flush();
    const alarms = await db
      .selectFrom('events')
      .select(['kind', 'at'])
      .where('equipment_id', '=', 15)
      .execute();
    expect(alarms.map((e) => [e.kind, Number(e.at)])).toEqual([['alarm', T]]);
    const values = await db
      .selectFrom('telemetry')
      .select(['kind', 'at'])
      .where('equipment_id', '=', 15)
      .execute();
    expect(values.map((v) => Number(v.at))).toEqual([T + 1, T + 1]);
    await writer.close();
  });

  it('pushes no alarm whose event could not be stored; it is raised again with the next status', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 1 });
    let failing = true;
    const sink: HistorySink = {
      record: (samples) => writer.record(samples),
      recordEvent: (event) => (failing ? Promise.reject(new Error('store down')) : writer.recordEvent(event)),
      append: (samples, events, onFailed, onStored) => writer.append(samples, events, onFailed, onStored),
    };
    const pushed: ServerMessage[] = [];
    const recorder = new HistoryRecorder({ writer: sink, publish: (_, m) => pushed.push(m) });
    const equipment: RecordedEquipment = { id: 16, unid: 'REC00006', settings };
    await expect(recorder.observe(equipment, { at: T, ai: [4000, 7] })).rejects.toThrow('store down');
    expect(pushed).toEqual([]);
    failing = false;
    await recorder.observe(equipment, { at: T + 1, ai: [4000, 7] });
    expect(pushed).toMatchObject([{ infotype: 'Notiface', info: { SN: 'REC00006', channel: 'AI1' } }]);
    await writer.close();
  });

  it('stores the whole status again after a failed write', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 1 });
    let failing = true;
    const sink: HistorySink = {
      record: (samples) => (failing ? Promise.reject(new Error('store down')) : writer.record(samples)),
      recordEvent: (event) => writer.recordEvent(event),
      append: (samples, events, onFailed) => writer.append(samples, events, onFailed),
    };
    const recorder = new HistoryRecorder({ writer: sink });
    const equipment: RecordedEquipment = { id: 12, unid: 'REC00002', settings };
    await expect(recorder.observe(equipment, { at: T, do: [true] })).rejects.toThrow('store down');
    failing = false;
    await recorder.observe(equipment, { at: T + 1, do: [true] });
    await recorder.observe(equipment, { at: T + 2, do: [true] });
    recorder.forget(12);
    await recorder.observe(equipment, { at: T + 3, do: [true] });
    const rows = await storage()
      .db.selectFrom('telemetry')
      .select('at')
      .where('equipment_id', '=', 12)
      .execute();
    expect(rows.map((r) => Number(r.at) - T).sort()).toEqual([1, 3]);
    await writer.close();
  });
});
