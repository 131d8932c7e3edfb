// @vitest-environment jsdom
/**
 * Register blocks a device does not have, where its channels show: the device view's note names
 * each block with the exception it answered, in the user's language, and the channels of such a
 * block read '—' with the reason as tooltip (no value, state, alarm or control); the group table
 * the same; all following the live pushes (set, cleared by {} and by going offline).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Equipment } from '../../api/equipment';
import { directory } from '../../equipment/directory';
import type { DeviceUpdate } from '../../equipment/live-state';
import { useEquipmentStore } from '../../equipment/store';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { sampleRecord, sampleType, seedEquipment } from '../../equipment/test-support';
import type { UnsupportedBlocks } from '../../equipment/unsupported';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { sampleMe } from '../../session/test-support';
import DeviceView from './DeviceView';
import GroupView from './GroupView';
import { renderWithApp } from './test-render';

const SLOW = { timeout: 8000 };
// Operating needs the account's OPR ability as well as the right: the sample user holds it.
const hooks = setUpDeviceTests({ after: () => useMe.getState().setMe(null) });
const push = (...updates: DeviceUpdate[]) => act(() => useEquipmentStore.getState().applyUpdates(updates));

const AI_LINE =
  'This device does not have analog inputs (it answered ‘illegal data address’): they are not read.';
const DI_LINE =
  'This device does not have digital inputs (it answered ‘illegal function’): they are not read.';
const RETRY = 'The server asks for them again about once an hour.';
const AI_TIP = 'Not read: this device does not have analog inputs (‘illegal data address’)';

/** An FL-R8 (8 DO, 8 DI, 2 AI) online, refusing `unsupported`; `counts` for other shapes. */
const record = (unsupported: UnsupportedBlocks = {}, more: Partial<Equipment> = {}) =>
  sampleRecord({
    id: 5,
    unid: 'AB12CD34',
    sn: 'AB12CD34',
    group: 'Site A',
    status: { ...sampleRecord().status, online: true, unsupported },
    ...more,
  });

function show(r: Equipment) {
  seedEquipment({
    types: { [r.type]: sampleType(r.type, r.counts) },
    records: [r],
    flags: { [r.id]: { isOnline: true, isAlarm: false, soc: 30 } },
  });
  renderWithApp(<DeviceView id={r.id} />);
}

const alert = () => screen.queryByTestId('unsupported');
const lines = () => [...(alert()?.querySelectorAll('[data-block]') ?? [])].map((l) => l.textContent);
const cell = (kind: string, passage: string) =>
  document.querySelector<HTMLElement>(`[data-kind="${kind}"] [data-channel="${passage}"]`)!;
const unavailable = (passage: string) => screen.queryByTestId(`unavailable-${passage}`);

beforeEach(() => {
  useMe.getState().setMe(sampleMe());
  hooks.serve({
    // The record read on selection fails: the one held stays.
    'GET /equipment/5': { status: 500 },
  });
});

describe('the device view of a device without some blocks', { timeout: 30_000 }, () => {
  it('names the block and its exception, and shows its channels as not read', async () => {
    show(record({ ai: 2 }));
    expect(lines()).toEqual([AI_LINE]);
    expect(alert()?.textContent).toContain(RETRY);
    expect(alert()?.className).toContain('ant-alert-info');
    // The analog inputs: '—', with the reason as their name and tooltip; no value, no alarm.
    for (const passage of ['AI1', 'AI2']) {
      const dash = unavailable(passage)!;
      expect(dash.textContent).toBe('—');
      expect(dash.getAttribute('aria-label')).toBe(AI_TIP);
      expect(screen.queryByTestId(`value-${passage}`)).toBeNull();
      expect(cell('ai', passage).dataset.alarm).toBe('0');
      expect(cell('ai', passage).dataset.unavailable).toBe('true');
    }
    fireEvent.mouseEnter(unavailable('AI1')!);
    expect((await screen.findByRole('tooltip', {}, SLOW)).textContent).toBe(AI_TIP);
    // The other blocks are read as usual.
    expect(cell('di', 'DI1').textContent).toContain('DI1 · Off');
    expect(cell('do', 'DO1').dataset.on).toBe('false');
    expect(unavailable('DI1')).toBeNull();
  });

  it('follows the live pushes: set, another block added, cleared by {}, gone offline', () => {
    show(record());
    expect(alert()).toBeNull();
    push({ SN: 'AB12CD34', IsOnline: true, Unsupported: { ai: 2 } });
    expect(lines()).toEqual([AI_LINE]);
    push({ SN: 'AB12CD34', IsOnline: true, Unsupported: { di: 1, ai: 2 } });
    expect(lines()).toEqual([DI_LINE, AI_LINE]);
    // The inputs: no on or off, no alarm, '—'.
    expect(cell('di', 'DI1').textContent).not.toMatch(/ · (On|Off)/);
    expect(unavailable('DI1')?.textContent).toBe('—');
    expect(cell('di', 'DI1').dataset.on).toBeUndefined();
    expect(unavailable('DI8')?.getAttribute('aria-label')).toBe(
      'Not read: this device does not have digital inputs (‘illegal function’)',
    );

    push({ SN: 'AB12CD34', IsOnline: true, Unsupported: {} });
    expect(alert()).toBeNull();
    expect(unavailable('AI1')).toBeNull();
    expect(screen.getByTestId('value-AI1').textContent).toBe('0');
    expect(cell('di', 'DI1').textContent).toContain('DI1 · Off');

    push({ SN: 'AB12CD34', IsOnline: true, Unsupported: { ai: 2 } });
    expect(lines()).toEqual([AI_LINE]);
    push({ SN: 'AB12CD34', IsOnline: false });
    expect(alert()).toBeNull();
    expect(screen.getByTestId('value-AI1')).toBeTruthy();
  });

  it('offers no control for outputs the device does not have', () => {
    const counts = { do: 2, di: 0, ai: 0, ao: 2 };
    show(record({ do: 1, ao: 2 }, { counts, settings: { ...sampleRecord({ counts }).settings } }));
    expect(lines()).toEqual([
      'This device does not have relay outputs (it answered ‘illegal function’): they are not read.',
      'This device does not have analog outputs (it answered ‘illegal data address’): they are not read.',
    ]);
    for (const passage of ['DO1', 'DO2', 'AO1', 'AO2']) expect(unavailable(passage)?.textContent).toBe('—');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open all' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set' })).toBeNull();
    expect(screen.queryByTestId('value-AO1')).toBeNull();
    // Read again, they are operated as usual.
    push({ SN: 'AB12CD34', IsOnline: true, Unsupported: {} });
    expect(screen.getAllByRole('switch')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Set' })).toHaveLength(2);
  });

  it('names the blocks and exceptions in the user’s language', async () => {
    setLanguage('zh');
    show(record({ ai: 2, di: 1 }));
    expect(lines()).toEqual([
      '此设备没有开关量输入（应答为“非法功能码”）：不读取这些通道。',
      '此设备没有模拟量输入（应答为“非法数据地址”）：不读取这些通道。',
    ]);
    expect(unavailable('AI1')?.getAttribute('aria-label')).toBe(
      '未读取：此设备没有模拟量输入（“非法数据地址”）',
    );
    act(() => setLanguage('tc'));
    await waitFor(() =>
      expect(lines()).toEqual([
        '此設備沒有開關量輸入（應答為「非法功能碼」）：不讀取這些通道。',
        '此設備沒有類比量輸入（應答為「非法數據地址」）：不讀取這些通道。',
      ]),
    );
    expect(alert()?.textContent).toContain('伺服器約每小時重新讀取一次。');
  });

  it('names an exception code outside the standard by its number', () => {
    show(record({ ai: 42 }));
    expect(lines()).toEqual([
      'This device does not have analog inputs (it answered ‘exception 42’): they are not read.',
    ]);
  });
});

describe('the group table of a device without some blocks', { timeout: 30_000 }, () => {
  it('shows the block’s column as not read, with the reason, following the pushes', () => {
    seedEquipment({
      types: { 'FL-R8': sampleType() },
      records: [record({ ai: 2 })],
      flags: { 5: { isOnline: true, isAlarm: false, soc: 30 } },
    });
    const key = directory().groups.find((g) => g.name === 'Site A')!.key;
    renderWithApp(<GroupView groupKey={key} onSelect={() => undefined} onClose={() => undefined} />);
    const row = document.querySelector<HTMLElement>('tr[data-device="AB12CD34"]')!;
    const dash = () => row.querySelector<HTMLElement>('.group-unavailable');
    expect(dash()?.textContent).toBe('—');
    expect(dash()?.title).toBe(AI_TIP);
    expect(row.querySelector('[data-channel="AI1"]')).toBeNull();
    // The relays and inputs are shown as lamps.
    expect(row.querySelectorAll('.group-lamp')).toHaveLength(16);

    push({ SN: 'AB12CD34', IsOnline: true, Unsupported: {} });
    expect(dash()).toBeNull();
    expect(row.querySelector('[data-channel="AI1"]')?.textContent).toBe('0');
  });
});
