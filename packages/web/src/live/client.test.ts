import type { ServerMessage } from '@fieldlink/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay, IDLE_REINIT_MS, LiveClient, liveUrl } from './client';
import { FakeSocket, ManualClock } from './test-support';

const registered: ServerMessage = { infotype: 'register', info: { ok: true, userId: '7' } };

function setup(token: string | null = 'tok-1') {
  const clock = new ManualClock();
  const events: string[] = [];
  const messages: ServerMessage[] = [];
  let currentToken = token;
  const client = new LiveClient({
    url: () => 'ws://console.test/ws',
    token: () => currentToken,
    createSocket: (url) => new FakeSocket(url),
    onMessage: (m) => messages.push(m),
    onRegistered: () => events.push('registered'),
    onDropped: () => events.push('dropped'),
    onResync: () => events.push('resync'),
    onUntoken: (info) => events.push(`untoken:${info.reason}`),
    timers: clock,
    random: () => 0,
  });
  return { client, clock, events, messages, setToken: (t: string) => (currentToken = t) };
}

beforeEach(() => {
  FakeSocket.all = [];
});

describe('liveUrl', () => {
  it('uses the page host, wss: under https:', () => {
    expect(liveUrl({ protocol: 'https:', host: 'iot.example.com' })).toBe('wss://iot.example.com/ws');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 30 s, jitter taking up to a fifth off', () => {
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(backoffDelay(5, () => 0)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(60, () => 0)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(0, () => 0.999)).toBeGreaterThanOrEqual(800);
  });
});

describe('LiveClient', () => {
  it('registers with the access token once the socket opens, and only sends while open', () => {
    const { client, events, messages } = setup();
    client.start();
    const socket = FakeSocket.last;
    expect(socket.url).toBe('ws://console.test/ws');
    expect(client.send({ infotype: 'unregister', info: null })).toBe(false);
    socket.open();
    expect(socket.sent).toEqual([{ infotype: 'register', info: { token: 'tok-1' } }]);
    socket.receive(registered);
    expect(client.registered).toBe(true);
    expect(events).toEqual(['registered']);
    expect(messages[0]?.infotype).toBe('register');
    expect(
      client.send({ infotype: 'damopr', info: { opr: 'read', cnt: 10, cycletime: 3000, unid: 'A' } }),
    ).toBe(true);
  });

  it('does not open without a token', () => {
    const { client } = setup(null);
    client.start();
    expect(FakeSocket.all).toHaveLength(0);
    expect(client.running).toBe(false);
  });

  it('stops for good on untoken', () => {
    const { client, clock, events } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ infotype: 'untoken', info: { reason: 'revoked' } });
    expect(events).toEqual(['untoken:revoked']);
    expect(client.running).toBe(false);
    expect(FakeSocket.last.closed).toBe(true);
    clock.advance(10 * 60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reopens at once on unregister, and reads the state anew once registered again', () => {
    const { client, events } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
    FakeSocket.last.receive({ infotype: 'unregister', info: { reason: 'overflow' } });
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0]?.closed).toBe(true);
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
    expect(events).toEqual(['registered', 'dropped', 'registered', 'resync']);
    expect(client.registered).toBe(true);
  });

  it('stays put after the answer to its own unregister', () => {
    const { client } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ infotype: 'unregister', info: { reason: 'requested' } });
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects after a drop with growing waits, then resyncs and resets the back-off', () => {
    const { client, clock, events } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
    FakeSocket.last.drop();
    expect(client.registered).toBe(false);
    expect(events).toEqual(['registered', 'dropped']);
    clock.advance(999);
    expect(FakeSocket.all).toHaveLength(1);
    clock.advance(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last.drop();
    clock.advance(1999);
    expect(FakeSocket.all).toHaveLength(2);
    clock.advance(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
    expect(events).toEqual(['registered', 'dropped', 'dropped', 'registered', 'resync']);
    FakeSocket.last.drop();
    clock.advance(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('uses the token current at each reconnection', () => {
    const { client, clock, setToken } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.drop();
    setToken('tok-2');
    clock.advance(1000);
    FakeSocket.last.open();
    expect(FakeSocket.last.sent[0]).toEqual({ infotype: 'register', info: { token: 'tok-2' } });
  });

  it('re-initialises after 120 s without any message, and any message restarts the wait', () => {
    const { client, clock, events } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
    clock.advance(IDLE_REINIT_MS - 1000);
    FakeSocket.last.receive({ infotype: 'EquipInfoNow', info: { SN: 'A', IsOnline: true } });
    clock.advance(IDLE_REINIT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    clock.advance(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
    expect(events.at(-1)).toBe('resync');
  });

  it('passes on what it can read and skips what it cannot', () => {
    const { client, messages } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive('not json');
    FakeSocket.last.receive('{"infotype":"Nope","info":{}}');
    FakeSocket.last.receive({ infotype: 'PushInfo', info: { SN: 'A', regdo: [1] } });
    expect(messages.map((m) => m.infotype)).toEqual(['PushInfo']);
  });

  it('stop closes the socket and cancels the reconnection', () => {
    const { client, clock, events } = setup();
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.drop();
    client.stop();
    clock.advance(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(clock.pending).toBe(0);
    // A socket closed on purpose is not a drop.
    client.start();
    FakeSocket.last.open();
    client.stop();
    expect(events).toEqual(['dropped']);
  });
});
