import type { ClientMessage, ServerMessage } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterReadError, RegisterReads } from './register-reads';

const reply = (SN: string, regstart: number, hexdata: string): ServerMessage => ({
  infotype: 'ModbusReg',
  info: { SN, fn: 3, regstart, regnum: hexdata.length / 4, hexdata },
});

describe('RegisterReads', () => {
  let sent: ClientMessage[];
  let reads: RegisterReads;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    reads = new RegisterReads({ send: (m) => (sent.push(m), true), timeoutMs: 1000 });
  });
  afterEach(() => vi.useRealTimers());

  it('sends ModbusReg fn 3 and takes the reply of its own device and first register', async () => {
    const read = reads.read('dev1', 12000, 2);
    expect(sent).toEqual([
      { infotype: 'ModbusReg', info: { fn: 3, unid: 'dev1', regstart: 12000, regnum: 2 } },
    ]);
    // Another device's reply, and one at the AO start, are not it.
    reads.onMessage(reply('DEV2', 12000, '00010002'));
    reads.onMessage(reply('DEV1', 400, '00010002'));
    expect(reads.pending).toBe(1);
    reads.onMessage(reply('DEV1', 12000, '0A0B0C0D'));
    expect([...(await read)]).toEqual([0x0a, 0x0b, 0x0c, 0x0d]);
    expect(reads.pending).toBe(0);
  });

  it('fails the read a refusal names, and leaves the others waiting', async () => {
    const first = reads.read('DEV1', 12000, 70);
    const second = reads.read('DEV1', 12070, 70);
    reads.onMessage({
      infotype: 'error',
      info: {
        code: 'refused',
        message: 'illegal data address',
        infotype: 'ModbusReg',
        exception: 2,
        SN: 'DEV1',
        fn: 3,
        regstart: 12070,
      },
    });
    await expect(second).rejects.toMatchObject({ reason: 'refused', exception: 2 });
    expect(reads.pending).toBe(1);
    reads.onMessage({
      infotype: 'error',
      info: { code: 'offline', message: 'offline', infotype: 'ModbusReg' },
    });
    await expect(first).rejects.toMatchObject({ reason: 'offline' });
  });

  it('ignores a refused write and other kinds of errors', () => {
    void reads.read('DEV1', 12000, 70).catch(() => undefined);
    reads.onMessage({
      infotype: 'error',
      info: { code: 'forbidden', message: 'no', infotype: 'ModbusReg', SN: 'DEV1', fn: 16, regstart: 12000 },
    });
    reads.onMessage({ infotype: 'error', info: { code: 'offline', message: 'no', infotype: 'damopr' } });
    expect(reads.pending).toBe(1);
  });

  it('gives up after its time, and refuses at once without a connection', async () => {
    const read = reads.read('DEV1', 12000, 70);
    vi.advanceTimersByTime(1000);
    await expect(read).rejects.toBeInstanceOf(RegisterReadError);
    await expect(read).rejects.toMatchObject({ reason: 'timeout' });
    const offline = new RegisterReads({ send: () => false });
    await expect(offline.read('DEV1', 12000, 70)).rejects.toMatchObject({ reason: 'not_connected' });
  });

  it('refuses a reply that does not hold the registers asked for, and fails all when the channel drops', async () => {
    const short = reads.read('DEV1', 12000, 2);
    reads.onMessage(reply('DEV1', 12000, '0001'));
    await expect(short).rejects.toMatchObject({ reason: 'bad_reply' });
    const a = reads.read('DEV1', 12000, 2);
    const b = reads.read('DEV2', 12000, 2);
    reads.failAll();
    await expect(a).rejects.toMatchObject({ reason: 'not_connected' });
    await expect(b).rejects.toMatchObject({ reason: 'not_connected' });
  });
});
