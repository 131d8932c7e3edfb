/** The live fan-out on its own: who hears what, coalescing, and a socket that does not keep up. */
import type { PushInfo, ServerMessage } from '@fieldlink/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub } from './hub.js';
import type { LiveSocket } from './hub.js';
import { RecordingSocket as FakeSocket } from './test-support.js';

const push = (SN: string, info: Partial<PushInfo['info']>): PushInfo => ({
  infotype: 'PushInfo',
  info: { SN, ...info },
});

describe('LiveHub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends device info only to sessions that may read the equipment, merged per device per window', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ batchMs: 300 });
    // A first push after a quiet window goes at once; this one opens the window.
    const opener = new FakeSocket();
    hub.setReadable(hub.attach(opener), [9]);
    const a = new FakeSocket();
    const b = new FakeSocket();
    const sa = hub.attach(a);
    const sb = hub.attach(b);
    hub.setReadable(sa, [1, 2]);
    hub.setReadable(sb, [2]);
    hub.pushDeviceInfo(1, push('ONE', { regdo: [0] }));
    hub.pushDeviceInfo(2, { infotype: 'EquipInfoNow', info: { SN: 'TWO', IsOnline: false } });
    expect(a.sent).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(a.sent).toEqual([
      push('ONE', { regdo: [0] }),
      { infotype: 'EquipInfoNow', info: { SN: 'TWO', IsOnline: false } },
    ]);
    a.sent.length = 0;
    b.sent.length = 0;
    // Within the window: merged per device, sent when it closes, 300 ms after the last send.
    vi.advanceTimersByTime(100);
    hub.pushDeviceInfo(1, push('ONE', { regdo: [1] }));
    hub.pushDeviceInfo(1, push('ONE', { regai: [100, 200] }));
    hub.pushDeviceInfo(1, push('ONE', { regdo: [3] }));
    hub.pushDeviceInfo(2, { infotype: 'EquipInfoNow', info: { SN: 'TWO', IsOnline: true } });
    hub.pushDeviceInfo(3, push('THREE', { regdo: [1] }));
    expect(a.sent).toEqual([]);
    vi.advanceTimersByTime(199);
    expect(a.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(a.sent).toEqual([
      push('ONE', { regdo: [3], regai: [100, 200] }),
      { infotype: 'EquipInfoNow', info: { SN: 'TWO', IsOnline: true } },
    ]);
    expect(b.sent).toEqual([{ infotype: 'EquipInfoNow', info: { SN: 'TWO', IsOnline: true } }]);
    expect(opener.sent).toEqual([]);
  });

  it('sends a quiet device at once while another device streams to the same console', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ batchMs: 300 });
    const a = new FakeSocket();
    hub.setReadable(hub.attach(a), [1, 2]);
    // Device 1 streams ten updates a second; device 2 changes once, at 150 ms (a switched relay).
    for (let t = 0; t < 1000; t += 50) {
      hub.pushDeviceInfo(1, push('ONE', { regai: [t] }));
      if (t === 150) {
        hub.pushDeviceInfo(2, push('TWO', { regdo: [1] }));
        vi.advanceTimersByTime(0);
        expect(a.sent.at(-1)).toEqual(push('TWO', { regdo: [1] }));
      }
      vi.advanceTimersByTime(50);
    }
    // Device 1 still only once a window.
    expect(a.sent.filter((m) => (m as PushInfo).info.SN === 'ONE').length).toBeLessThanOrEqual(5);
  });

  it('sends what an operation read back at once, even within the device’s window', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ batchMs: 300 });
    const a = new FakeSocket();
    hub.setReadable(hub.attach(a), [1]);
    hub.pushDeviceInfo(1, push('ONE', { regdo: [0] }));
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(50);
    // A poll's update waits for the window; the relay a user just switched does not.
    hub.pushDeviceInfo(1, push('ONE', { regai: [5] }));
    hub.pushDeviceInfo(1, push('ONE', { regdo: [1] }), true);
    vi.advanceTimersByTime(0);
    expect(a.sent).toEqual([push('ONE', { regdo: [0] }), push('ONE', { regai: [5], regdo: [1] })]);
  });

  it('merges the link fields of a device within a window: a battery level and a silence both arrive', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ batchMs: 300 });
    const a = new FakeSocket();
    hub.setReadable(hub.attach(a), [1]);
    hub.pushDeviceInfo(1, { infotype: 'EquipInfoNow', info: { SN: 'ONE', IsOnline: true, SOC: 55 } });
    hub.pushDeviceInfo(1, { infotype: 'EquipInfoNow', info: { SN: 'ONE', IsOnline: true, Unanswered: 254 } });
    vi.advanceTimersByTime(0);
    expect(a.sent).toEqual([
      { infotype: 'EquipInfoNow', info: { SN: 'ONE', IsOnline: true, SOC: 55, Unanswered: 254 } },
    ]);
  });

  it('sends the first update after a quiet window at once, and throttles a stream to one a window', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ batchMs: 300 });
    const a = new FakeSocket();
    hub.setReadable(hub.attach(a), [1]);
    // Ten updates a second for two seconds: the first at once, then one per 300 ms.
    const sentAt: number[] = [];
    for (let t = 0; t < 2000; t += 100) {
      hub.pushDeviceInfo(1, push('ONE', { regai: [t] }));
      const before = a.sent.length;
      vi.advanceTimersByTime(100);
      for (let i = before; i < a.sent.length; i++) sentAt.push(t);
    }
    vi.advanceTimersByTime(300);
    expect(sentAt[0]).toBe(0);
    expect(a.sent.length).toBeLessThanOrEqual(8);
    expect(a.sent.at(-1)).toEqual(push('ONE', { regai: [1900] }));
    // Quiet for a window: the next goes at once again.
    vi.advanceTimersByTime(1000);
    hub.pushDeviceInfo(1, push('ONE', { regai: [7] }));
    vi.advanceTimersByTime(0);
    expect(a.sent.at(-1)).toEqual(push('ONE', { regai: [7] }));
  });

  it('publishes alarms at once, and forgets detached sessions and dropped equipment', () => {
    const hub = new LiveHub();
    const a = new FakeSocket();
    const sa = hub.attach(a);
    hub.setReadable(sa, [7]);
    const alarm: ServerMessage = {
      infotype: 'Notiface',
      info: { SN: 'S7', channel: 'AI1', level: 1, value: 9, Time: '2026-01-05 08:00:00', text: 'high' },
    };
    expect(hub.publish(7, alarm)).toBe(1);
    expect(a.sent).toEqual([alarm]);
    hub.setReadable(sa, []);
    expect(hub.publish(7, alarm)).toBe(0);
    hub.setReadable(sa, [7]);
    hub.detach(sa);
    expect(hub.publish(7, alarm)).toBe(0);
    expect(hub.size).toBe(0);
  });

  it('sends a window of device info between cork and uncork, one frame per device, in push order', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ batchMs: 300 });
    const log: string[] = [];
    const socket: LiveSocket = {
      bufferedAmount: 0,
      send: (text) => log.push((JSON.parse(text) as PushInfo).info.SN),
      close: () => {},
      cork: () => log.push('cork'),
      uncork: () => log.push('uncork'),
    };
    const s = hub.attach(socket);
    hub.setReadable(s, [1, 2, 3]);
    hub.pushDeviceInfo(2, push('TWO', { regdo: [1] }));
    hub.pushDeviceInfo(1, push('ONE', { regdo: [1] }));
    hub.pushDeviceInfo(3, { infotype: 'EquipInfoNow', info: { SN: 'THREE', IsOnline: false } });
    hub.pushDeviceInfo(2, push('TWO', { regdo: [0] }));
    expect(log).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(log).toEqual(['cork', 'TWO', 'ONE', 'THREE', 'uncork']);
  });

  it('holds device info for a full socket, keeps only the latest, and drops a session that stays blocked', () => {
    vi.useFakeTimers();
    let now = 0;
    const hub = new LiveHub({ batchMs: 100, maxBuffered: 1000, stallMs: 1000, now: () => now });
    const slow = new FakeSocket();
    const s = hub.attach(slow);
    hub.setReadable(s, [1]);
    slow.bufferedAmount = 5000;
    for (let i = 0; i < 10_000; i++) hub.pushDeviceInfo(1, push('ONE', { regai: [i % 65536] }));
    expect(s.pending.size).toBe(1);
    now = 500;
    vi.advanceTimersByTime(500);
    expect(slow.sent).toEqual([]);
    // It drains: the latest state goes out.
    slow.bufferedAmount = 0;
    vi.advanceTimersByTime(100);
    expect(slow.sent).toEqual([push('ONE', { regai: [9999] })]);
    // Blocked again, for longer than stallMs: told to read anew, and closed.
    slow.bufferedAmount = 5000;
    hub.pushDeviceInfo(1, push('ONE', { regai: [1] }));
    for (let t = 0; t < 15; t++) {
      now += 100;
      vi.advanceTimersByTime(100);
    }
    expect(slow.sent.at(-1)).toEqual({ infotype: 'unregister', info: { reason: 'overflow' } });
    expect(slow.closed?.code).toBe(1013);
    expect(hub.size).toBe(0);
  });
});
