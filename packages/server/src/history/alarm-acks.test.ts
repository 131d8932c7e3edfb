/**
 * Alarm acknowledgement on both databases: who may acknowledge (operate right), the first
 * acknowledgement standing, 404s, the push to the sessions that may read the equipment, the
 * events replies showing who and when, and each user's clears.
 */
import { parseServerMessage } from '@fieldlink/protocol';
import type { AlarmAckMessage } from '@fieldlink/protocol';
import { beforeAll, describe, expect, it as baseIt } from 'vitest';
import { T0, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { addEquipment, HOUR, MINUTE, send, share, store, user } from './test-support.js';

interface AckBody {
  eventId: number;
  ack: { userId: number; userName: string; at: string };
}
interface EventBody {
  id: number;
  kind: string;
  ack?: AckBody['ack'] | null;
}

describe.each(storageCases())('alarm acknowledgement on %s', (store_) => {
  const it = baseIt.skipIf(store_.skip !== null);
  const h = useAccountsApp(store_);
  let owner: { token: string; id: number };
  let operator: { token: string; id: number };
  let reader: { token: string; id: number };
  let stranger: { token: string; id: number };
  let tank: number;
  /** Alarm events of the tank: three raised an hour ago; one clear. */
  let alarms: number[];
  let clearEvent: number;

  const post = (url: string, token: string, body?: unknown) => send(h, 'POST', url, token, body);
  const alarmList = async (token: string, query = 'kind=alarm&cleared=hide'): Promise<EventBody[]> => {
    const res = await send(h, 'GET', `/me/events?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: EventBody[] }).items.filter((e) => alarms.includes(e.id));
  };

  /** A live session that may read these equipment ids; what it was sent. */
  function session(userId: number, readable: number[]): string[] {
    const sent: string[] = [];
    const s = h.app.live.attach({ send: (text) => sent.push(text), bufferedAmount: 0, close: () => {} });
    s.userId = userId;
    h.app.live.setReadable(s, readable);
    return sent;
  }

  beforeAll(async () => {
    if (store_.skip !== null) return;
    h.clock.ms = T0;
    owner = await user(h, 'ack-owner');
    operator = await user(h, 'ack-operator');
    reader = await user(h, 'ack-reader');
    stranger = await user(h, 'ack-stranger');
    tank = await addEquipment(h, owner.token, { sn: 'ACKS0001', type: 'FL-AI8', name: 'Tank farm' });
    await share(h, owner.token, tank, operator.token, 'operate');
    await share(h, owner.token, tank, reader.token, 'read');
    const alarm = (channel: number, at: number) => ({
      equipmentId: tank,
      kind: 'alarm' as const,
      at,
      channelKind: 'ai' as const,
      channel,
      level: 1 as const,
      value: 9,
      message: `AI${channel + 1} above the upper limit 8: 9`,
    });
    await store(
      h,
      [],
      [
        alarm(0, T0 - HOUR),
        alarm(1, T0 - HOUR + MINUTE),
        alarm(2, T0 - HOUR + 2 * MINUTE),
        {
          equipmentId: tank,
          kind: 'alarm_clear',
          at: T0 - 30 * MINUTE,
          channelKind: 'ai',
          channel: 0,
          level: 1,
        },
      ],
    );
    const rows = await h.storage.db
      .selectFrom('events')
      .select(['id', 'kind'])
      .where('equipment_id', '=', tank)
      .orderBy('id')
      .execute();
    alarms = rows.filter((r) => r.kind === 'alarm').map((r) => r.id);
    clearEvent = rows.find((r) => r.kind === 'alarm_clear')!.id;
  });

  it('lets an operator acknowledge an alarm once: who and when stand, pushed to its readers only', async () => {
    const readerSession = session(reader.id, [tank]);
    const strangerSession = session(stranger.id, []);
    h.clock.ms = T0 + 5 * MINUTE;
    const first = await post(`/equipment/${tank}/events/${alarms[0]}/ack`, operator.token);
    expect(first.statusCode, first.body).toBe(200);
    const ack = {
      userId: operator.id,
      userName: 'ack-operator',
      at: new Date(T0 + 5 * MINUTE).toISOString(),
    };
    expect(first.json()).toEqual({ eventId: alarms[0], ack });

    expect(strangerSession).toEqual([]);
    expect(readerSession).toHaveLength(1);
    const pushed = parseServerMessage(readerSession[0]!);
    expect(pushed.ok).toBe(true);
    expect((pushed as { message: AlarmAckMessage }).message).toEqual({
      infotype: 'AlarmAck',
      info: { equipmentId: tank, eventId: alarms[0], SN: 'ACKS0001', ...ack },
    });

    // Again, by the owner and later: the first acknowledgement stands and nothing is pushed again.
    h.clock.ms = T0 + 9 * MINUTE;
    const again = await post(`/equipment/${tank}/events/${alarms[0]}/ack`, owner.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ eventId: alarms[0], ack });
    expect(readerSession).toHaveLength(1);

    // Every reader's events show it; the other alarms are not acknowledged.
    const listed = await alarmList(reader.token);
    expect(listed.find((e) => e.id === alarms[0])?.ack).toEqual(ack);
    expect(listed.find((e) => e.id === alarms[1])?.ack).toBeNull();
    const own = await send(h, 'GET', `/equipment/${tank}/events?kind=alarm,alarm_clear`, owner.token);
    const items = (own.json() as { items: EventBody[] }).items;
    expect(items.find((e) => e.id === alarms[0])?.ack).toEqual(ack);
    // Only alarms carry an acknowledgement.
    expect(items.find((e) => e.id === clearEvent)).not.toHaveProperty('ack');
  });

  it('refuses those who may not operate (403) and strangers (404)', async () => {
    const read = await post(`/equipment/${tank}/events/${alarms[1]}/ack`, reader.token);
    expect(read.statusCode, read.body).toBe(403);
    const strange = await post(`/equipment/${tank}/events/${alarms[1]}/ack`, stranger.token);
    expect(strange.statusCode, strange.body).toBe(404);
    const none = await send(h, 'POST', `/equipment/${tank}/events/${alarms[1]}/ack`, null);
    expect(none.statusCode).toBe(401);
    expect((await alarmList(owner.token)).find((e) => e.id === alarms[1])?.ack).toBeNull();
  });

  it('answers 404 for an unknown event, one that is not an alarm, and another equipment’s alarm', async () => {
    const unknown = await post(`/equipment/${tank}/events/999999999/ack`, owner.token);
    expect(unknown.statusCode, unknown.body).toBe(404);
    const clear = await post(`/equipment/${tank}/events/${clearEvent}/ack`, owner.token);
    expect(clear.statusCode, clear.body).toBe(404);
    const other = await addEquipment(h, owner.token, { sn: 'ACKS0002', type: 'FL-R8', name: 'Relay' });
    const elsewhere = await post(`/equipment/${other}/events/${alarms[1]}/ack`, owner.token);
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    const bad = await post(`/equipment/${tank}/events/0/ack`, owner.token);
    expect(bad.statusCode, bad.body).toBe(400);
  });

  it("clears acknowledged alarms from one user's list only, and only acknowledged ones", async () => {
    await post(`/equipment/${tank}/events/${alarms[2]}/ack`, owner.token);
    // alarms[0] and [2] are acknowledged, [1] is not; the clear event and an unknown id are no alarms.
    const res = await post('/me/alarms/clear', reader.token, { ids: [...alarms, clearEvent, 999999999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cleared: 2 });
    expect((await alarmList(reader.token)).map((e) => e.id)).toEqual([alarms[1]]);
    // Once is enough; the history keeps them, and the others' lists are unchanged.
    expect((await post('/me/alarms/clear', reader.token, { ids: alarms })).json()).toEqual({ cleared: 0 });
    expect((await alarmList(reader.token, 'kind=alarm')).map((e) => e.id).sort()).toEqual([...alarms].sort());
    expect((await alarmList(owner.token)).map((e) => e.id).sort()).toEqual([...alarms].sort());
    // Equipment-scoped lists leave them out too.
    const scoped = await send(h, 'GET', `/equipment/${tank}/events?kind=alarm&cleared=hide`, reader.token);
    expect((scoped.json() as { items: EventBody[] }).items.map((e) => e.id)).toEqual([alarms[1]]);
    // A stranger clears nothing of what they may not read.
    expect((await post('/me/alarms/clear', stranger.token, { ids: alarms })).json()).toEqual({ cleared: 0 });
    const empty = await post('/me/alarms/clear', reader.token, { ids: [] });
    expect(empty.statusCode).toBe(400);
  });
});
