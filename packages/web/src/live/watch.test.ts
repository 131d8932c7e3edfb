import type { Operation } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { SelectionWatcher, STALE_MS } from './watch';
import type { WatchedDevice } from './watch';

const device: WatchedDevice = { id: 5, unid: 'AO4', aoRegister: 400, aoCount: 4 };

function setup(open = true) {
  let now = 1_000_000;
  let lastPush = 0;
  const sent: Operation[] = [];
  const state = { open };
  const watcher = new SelectionWatcher({
    now: () => now,
    send: (_d, op) => {
      if (!state.open) return false;
      sent.push(op);
      return true;
    },
    lastPushAt: () => lastPush,
  });
  return {
    watcher,
    sent,
    state,
    advance: (ms: number) => (now += ms),
    push: () => (lastPush = now),
  };
}

const cyclic = { opr: 'read', cnt: 10, cycletime: 3000 };
const ao = { opr: 'rao', regstart: 400, regnum: 4 };

describe('SelectionWatcher', () => {
  it('starts a cyclic read (10 × 3000 ms) and reads the outputs on selection', () => {
    const { watcher, sent } = setup();
    watcher.select(device);
    expect(sent).toEqual([cyclic, ao]);
  });

  it('reads no outputs of a device without them', () => {
    const { watcher, sent } = setup();
    watcher.select({ ...device, aoCount: 0 });
    expect(sent).toEqual([cyclic]);
  });

  it('reads the outputs again on a register reply', () => {
    const { watcher, sent } = setup();
    watcher.select(device);
    watcher.registered();
    expect(sent).toEqual([cyclic, ao, ao]);
  });

  it('asks for another cyclic read only after more than 30 s without a push', () => {
    const { watcher, sent, advance, push } = setup();
    watcher.select({ ...device, aoCount: 0 });
    sent.length = 0;
    advance(20_000);
    push();
    advance(STALE_MS);
    watcher.tick();
    expect(sent).toEqual([]);
    advance(1);
    watcher.tick();
    expect(sent).toEqual([cyclic]);
  });

  it('reads the outputs again when the last read is over 30 s old, pushes or not', () => {
    const { watcher, sent, advance, push } = setup();
    watcher.select(device);
    sent.length = 0;
    advance(STALE_MS);
    push();
    watcher.tick();
    expect(sent).toEqual([]);
    advance(1);
    watcher.tick();
    expect(sent).toEqual([ao]);
  });

  it('retries on the next tick when the channel was closed', () => {
    const { watcher, sent, state } = setup(false);
    watcher.select(device);
    expect(sent).toEqual([]);
    state.open = true;
    watcher.tick();
    expect(sent).toEqual([cyclic, ao]);
  });

  it('does nothing without a selection', () => {
    const { watcher, sent, advance } = setup();
    watcher.select(null);
    advance(STALE_MS * 3);
    watcher.tick();
    expect(sent).toEqual([]);
  });
});
