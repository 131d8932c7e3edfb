import { encodePage, encodeRule, pageWrite, parseStartHexdata, toHex } from '@fieldlink/protocol';
import type { ClientMessage, PageRule } from '@fieldlink/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { announceRead, pageWriteOperation, readAllPages, readPage, writePage } from './page-actions';
import type { PageDevice } from './page-actions';
import { pageEntry, pageKey, useRulePages, withEdit } from './page-store';
import { RegisterReads } from './register-reads';

/** A device's holding registers behind a fake live channel: reads answer at once, or are refused. */
class FakeDevice {
  readonly registers = new Map<number, number>();
  refuse: Set<number> = new Set();
  readonly asked: ClientMessage[] = [];
  readonly reads: RegisterReads = new RegisterReads({
    send: (message) => {
      this.asked.push(message);
      queueMicrotask(() => this.answer(message));
      return true;
    },
  });

  answer(message: ClientMessage): void {
    if (message.infotype !== 'ModbusReg' || message.info.fn !== 3) return;
    const { unid, regstart, regnum } = message.info;
    if (this.refuse.has(regstart)) {
      this.reads.onMessage({
        infotype: 'error',
        info: {
          code: 'refused',
          message: 'illegal data address',
          infotype: 'ModbusReg',
          exception: 2,
          SN: unid,
          fn: 3,
          regstart,
        },
      });
      return;
    }
    const bytes = new Uint8Array(regnum * 2);
    for (let i = 0; i < regnum; i++) {
      const value = this.registers.get(regstart + i) ?? 0;
      bytes[i * 2] = value >> 8;
      bytes[i * 2 + 1] = value & 0xff;
    }
    this.reads.onMessage({
      infotype: 'ModbusReg',
      info: { SN: unid, fn: 3, regstart, regnum, hexdata: toHex(bytes) },
    });
  }

  /** Carries a waohex write as the device would (FC16 at the start of its start_hexdata). */
  write(aoinfos: string, change?: (registers: number[]) => number[]): void {
    const parsed = parseStartHexdata(aoinfos)!;
    let values: number[] = [];
    for (let i = 0; i < parsed.bytes.length; i += 2)
      values.push((parsed.bytes[i]! << 8) | parsed.bytes[i + 1]!);
    if (change) values = change(values);
    values.forEach((v, i) => this.registers.set(parsed.start + i, v));
  }
}

const DEVICE: PageDevice = { id: 9, unid: 'RULES001', series2000: false };
const trigger: PageRule<'di'> = {
  dev: 3,
  source: 1,
  more: false,
  forced: false,
  repeat: false,
  channel: 0,
  level: 'active',
  holdTime: 2,
  unholdTime: 1,
  output: { mode: 2, channel: 2, value: 0, addr: 0 },
};

describe('rule page actions', () => {
  let device: FakeDevice;
  beforeEach(() => {
    useRulePages.getState().reset();
    device = new FakeDevice();
  });

  it('reads a page at its start (2000-series 10000 lower) and decodes its ten rules', async () => {
    device.write(pageWrite('di', 1, [null, trigger]).startHexdata);
    expect(await readPage(device.reads, DEVICE, 'di', 1)).toBe(true);
    expect(device.asked[0]).toEqual({
      infotype: 'ModbusReg',
      info: { fn: 3, unid: 'RULES001', regstart: 14070, regnum: 70 },
    });
    const entry = pageEntry(pageKey(9, 'di', 1));
    expect(entry.rules?.[1]).toEqual(trigger);
    expect(entry.rules).toHaveLength(10);
    expect(entry.error).toBeNull();

    await readPage(device.reads, { ...DEVICE, series2000: true }, 'di', 1);
    expect(device.asked[1]).toMatchObject({ info: { regstart: 4070 } });
  });

  it('keeps the edited rows through a read, and through a refused one says why', async () => {
    await readPage(device.reads, DEVICE, 'di', 0);
    const key = pageKey(9, 'di', 0);
    useRulePages.getState().update(key, (e) => withEdit(e, 'di', 4, trigger));
    device.write(pageWrite('di', 0, [trigger]).startHexdata);
    await readPage(device.reads, DEVICE, 'di', 0);
    expect(pageEntry(key).draft?.[4]).toEqual(trigger);
    expect(pageEntry(key).draft?.[0]).toEqual(trigger);
    expect(pageEntry(key).edited).toEqual([4]);

    device.refuse.add(14000);
    expect(await readPage(device.reads, DEVICE, 'di', 0)).toBe(false);
    expect(pageEntry(key).error).toMatchObject({ during: 'read', reason: 'refused', exception: 2 });
    expect(pageEntry(key).edited).toEqual([4]);
  });

  it('reads every page in turn, telling the progress and the pages that failed', async () => {
    device.refuse.add(12000 + 3 * 70);
    const seen: number[] = [];
    const outcome = await readAllPages(device.reads, DEVICE, 'rtc', (done) => seen.push(done));
    expect(outcome).toEqual({ read: 6, failed: 1 });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageEntry(pageKey(9, 'rtc', 3)).error?.reason).toBe('refused');
    const modbus = await readAllPages(device.reads, DEVICE, 'mb', () => undefined);
    expect(modbus.read).toBe(25);
  });

  it('writes the rows as shown, reads them back, and marks nothing when the device holds them', async () => {
    await readPage(device.reads, DEVICE, 'di', 0);
    const key = pageKey(9, 'di', 0);
    useRulePages.getState().update(key, (e) => withEdit(e, 'di', 2, trigger));
    const operation = pageWriteOperation(DEVICE, 'di', 0)!;
    expect(operation.aoinfos).toBe(pageWrite('di', 0, [null, null, trigger]).startHexdata);
    const outcome = await writePage(
      device.reads,
      DEVICE,
      'di',
      0,
      async (op) => {
        device.write(op.aoinfos);
        return true;
      },
      () => 1234,
    );
    expect(outcome).toBe('written');
    const entry = pageEntry(key);
    expect(entry.rules?.[2]).toEqual(trigger);
    expect(entry.draft).toBeNull();
    expect(entry.edited).toEqual([]);
    expect(entry.differences).toEqual([]);
    expect(useRulePages.getState().writtenAt[9]).toBe(1234);
  });

  it('marks the rows the device reads back otherwise than written, with what was written', async () => {
    await readPage(device.reads, DEVICE, 'di', 0);
    const key = pageKey(9, 'di', 0);
    useRulePages.getState().update(key, (e) => withEdit(e, 'di', 1, trigger));
    // The device keeps the first register of rule 1 (bytes 14-15) as it was.
    const outcome = await writePage(device.reads, DEVICE, 'di', 0, async (op) => {
      device.write(op.aoinfos, (values) => values.map((v, i) => (i === 7 ? 0 : v)));
      return true;
    });
    expect(outcome).toBe('differs');
    expect(pageEntry(key).differences).toEqual([{ slot: 1, written: trigger }]);
  });

  it('keeps the edited rows when the write is refused', async () => {
    await readPage(device.reads, DEVICE, 'di', 0);
    const key = pageKey(9, 'di', 0);
    useRulePages.getState().update(key, (e) => withEdit(e, 'di', 1, trigger));
    expect(await writePage(device.reads, DEVICE, 'di', 0, async () => false)).toBe('failed');
    expect(pageEntry(key).edited).toEqual([1]);
    expect(pageEntry(key).error?.during).toBe('write');
    expect(useRulePages.getState().writtenAt[9]).toBeUndefined();
  });

  it('does not mark a row edited back to what was read', async () => {
    device.write(pageWrite('di', 0, [trigger]).startHexdata);
    await readPage(device.reads, DEVICE, 'di', 0);
    const key = pageKey(9, 'di', 0);
    useRulePages.getState().update(key, (e) => withEdit(e, 'di', 0, { ...trigger, channel: 5 }));
    expect(pageEntry(key).edited).toEqual([0]);
    useRulePages.getState().update(key, (e) => withEdit(e, 'di', 0, trigger));
    expect(pageEntry(key).edited).toEqual([]);
    expect(pageEntry(key).draft).toBeNull();
    expect(toHex(encodePage('di', pageEntry(key).rules as never))).toBe(toHex(encodePage('di', [trigger])));
    expect(toHex(encodeRule('trigger', pageEntry(key).rules![0] as never))).toBe(
      toHex(encodeRule('trigger', trigger)),
    );
  });

  it('announces a page index read at most once in 5 s, whatever the page type', () => {
    expect(announceRead(1, 0, 10_000)).toBe(true);
    expect(announceRead(1, 0, 14_999)).toBe(false);
    expect(announceRead(1, 1, 14_999)).toBe(true);
    expect(announceRead(2, 0, 14_999)).toBe(true);
    expect(announceRead(1, 0, 15_000)).toBe(true);
  });
});
