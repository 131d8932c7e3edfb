import type { MicroAppTokenMessage } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { createMicroAppBridge } from './micro-app-bridge';
import type { MessageTarget } from './micro-app-bridge';

const ORIGIN = 'https://apps.example.com';

/** A frame's window that records what is posted to it, and with which target origin. */
function frameWindow() {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const target: MessageTarget = {
    postMessage: (message, targetOrigin) => void posted.push({ message, targetOrigin }),
  };
  return { target, posted };
}

function setup(token: string | null = 'tok-1') {
  const frame = frameWindow();
  let current = token;
  const bridge = createMicroAppBridge({
    origin: ORIGIN,
    frame: () => frame.target,
    tokenMessage: (): MicroAppTokenMessage | null =>
      current === null
        ? null
        : { type: 'fieldlink:token', token: current, user: { id: 7, name: 'alice' }, locale: 'en' },
  });
  return {
    bridge,
    posted: frame.posted,
    frame: frame.target,
    setToken: (next: string | null) => (current = next),
  };
}

const hello = { type: 'fieldlink:hello' };

describe('the micro-app bridge', () => {
  it('answers a hello from its own frame and the app’s origin with the token, to that origin only', () => {
    const { bridge, posted, frame } = setup();
    expect(bridge.receive({ source: frame, origin: ORIGIN, data: hello })).toBe(true);
    expect(bridge.greeted).toBe(true);
    expect(posted).toEqual([
      {
        message: { type: 'fieldlink:token', token: 'tok-1', user: { id: 7, name: 'alice' }, locale: 'en' },
        targetOrigin: ORIGIN,
      },
    ]);
  });

  it('ignores a hello from another window, even of the app’s origin', () => {
    const { bridge, posted } = setup();
    const other = frameWindow().target;
    expect(bridge.receive({ source: other, origin: ORIGIN, data: hello })).toBe(false);
    expect(bridge.receive({ source: null, origin: ORIGIN, data: hello })).toBe(false);
    expect(bridge.greeted).toBe(false);
    expect(posted).toEqual([]);
  });

  it('ignores a hello from its frame at another origin (the frame led elsewhere)', () => {
    const { bridge, posted, frame } = setup();
    for (const origin of [
      'https://evil.example',
      'http://apps.example.com',
      'https://apps.example.com:8443',
      'null',
    ]) {
      expect(bridge.receive({ source: frame, origin, data: hello }), origin).toBe(false);
    }
    expect(posted).toEqual([]);
  });

  it('ignores other messages from the app', () => {
    const { bridge, posted, frame } = setup();
    for (const data of [
      null,
      'fieldlink:hello',
      { type: 'fieldlink:token' },
      { kind: 'fieldlink:hello' },
      42,
    ]) {
      expect(bridge.receive({ source: frame, origin: ORIGIN, data })).toBe(false);
    }
    expect(posted).toEqual([]);
  });

  it('posts a renewed token after a hello, and nothing before one or without a session', () => {
    const { bridge, posted, frame, setToken } = setup();
    setToken('tok-2');
    expect(bridge.renew()).toBe(false);
    expect(posted).toEqual([]);
    bridge.receive({ source: frame, origin: ORIGIN, data: hello });
    setToken('tok-3');
    expect(bridge.renew()).toBe(true);
    expect(posted.map((p) => (p.message as MicroAppTokenMessage).token)).toEqual(['tok-2', 'tok-3']);
    expect(posted.every((p) => p.targetOrigin === ORIGIN)).toBe(true);
    setToken(null);
    expect(bridge.renew()).toBe(false);
    expect(posted).toHaveLength(2);
  });

  it('answers a hello without a session with nothing, yet counts it', () => {
    const { bridge, posted, frame } = setup(null);
    expect(bridge.receive({ source: frame, origin: ORIGIN, data: hello })).toBe(true);
    expect(posted).toEqual([]);
  });

  it('tells a greeted app to navigate instead of reloading it; before a hello the host reloads', () => {
    const { bridge, posted, frame } = setup();
    expect(bridge.navigate('/week')).toBe('reload');
    expect(posted).toEqual([]);
    bridge.receive({ source: frame, origin: ORIGIN, data: hello });
    expect(bridge.navigate('#/month')).toBe('posted');
    expect(posted.at(-1)).toEqual({
      message: { type: 'fieldlink:navigate', page: '#/month' },
      targetOrigin: ORIGIN,
    });
  });

  it('waits for a new hello after a reset (the frame loads anew)', () => {
    const { bridge, posted, frame } = setup();
    bridge.receive({ source: frame, origin: ORIGIN, data: hello });
    bridge.reset();
    expect(bridge.greeted).toBe(false);
    expect(bridge.renew()).toBe(false);
    expect(bridge.navigate('/x')).toBe('reload');
    expect(posted).toHaveLength(1);
  });

  it('posts nothing without a frame', () => {
    const bridge = createMicroAppBridge({
      origin: ORIGIN,
      frame: () => null,
      tokenMessage: () => ({ type: 'fieldlink:token', token: 't', user: { id: 1, name: 'a' }, locale: 'en' }),
    });
    expect(bridge.receive({ source: null, origin: ORIGIN, data: hello })).toBe(false);
    expect(bridge.navigate('/x')).toBe('reload');
  });
});
