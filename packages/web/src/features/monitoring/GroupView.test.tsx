// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { directory } from '../../equipment/directory';
import { resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import {
  deviceEntry,
  loadTreeStore,
  sampleRecord,
  sampleSettings,
  seedEquipment,
  R8_COUNTS,
} from '../../equipment/test-support';
import { setLanguage } from '../../i18n';
import GroupView, { PAGE_SIZE } from './GroupView';
import { renderWithApp } from './test-render';

const ONLINE = { isOnline: true, isAlarm: false, soc: 30 };

/** Devices 1-3 in 'Site A' (3 has no record yet), 4 in 'Site B'. */
function loadSites(): string {
  const settings = sampleSettings(R8_COUNTS);
  const level = {
    ...settings,
    ai: {
      ...settings.ai,
      names: ['Level', 'Pressure'],
      units: ['m', 'bar'],
      // 0-1000 raw is 0-10 m; below 1 m or above 8 m alarms.
      x1: [0, 0],
      x2: [1000, 0],
      y1: [0, 0],
      y2: [10, 0],
      alarmHigh: [8, 0],
      alarmLow: [1, 0],
    },
  };
  seedEquipment({
    entries: [
      deviceEntry(1, 'Pump house', 'Site A'),
      deviceEntry(2, 'Well', 'Site A'),
      deviceEntry(3, 'Gate', 'Site A'),
      deviceEntry(4, 'Barn', 'Site B'),
    ],
    // The well has reported no battery.
    flags: { 1: ONLINE, 2: { ...ONLINE, isOnline: false, soc: null }, 3: ONLINE, 4: ONLINE },
    records: [
      sampleRecord({ id: 1, unid: 'SN1', name: 'Pump house', settings: level }),
      sampleRecord({ id: 2, unid: 'SN2', name: 'Well' }),
    ],
  });
  return directory().groups.find((g) => g.name === 'Site A')!.key;
}

const row = (unid: string): HTMLElement => document.querySelector<HTMLElement>(`tr[data-device="${unid}"]`)!;
const cell = (unid: string, channel: string): HTMLElement =>
  row(unid).querySelector<HTMLElement>(`[data-channel="${channel}"]`)!;

beforeEach(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  resetEquipment();
});

describe('group view', () => {
  it("lists the group's devices only, each with its link, battery and channels", () => {
    const key = loadSites();
    renderWithApp(<GroupView groupKey={key} onSelect={() => undefined} onClose={() => undefined} />);
    const rows = [...document.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-device'));
    // In the tree's order (by name), without Site B's Barn.
    expect(rows).toEqual(['SN3', 'SN1', 'SN2']);
    expect(screen.getByText('3 devices')).toBeTruthy();
    expect(row('SN1').querySelector('.tree-dot-online')).not.toBeNull();
    expect(row('SN2').querySelector('.tree-dot-online')).toBeNull();
    expect(cell('SN1', 'SOC').textContent).toBe('30%');
    // No battery shown for a device that has reported none.
    expect(cell('SN2', 'SOC').textContent).toBe('');
    // Eight outputs and eight inputs as lamps, two analog inputs with their units.
    expect(row('SN1').querySelectorAll('.group-lamp')).toHaveLength(16);
    expect(cell('SN1', 'AI1').textContent).toBe('0 m');
    // Placeholder zeros before the first values do not alarm, though the lower limit is above them.
    expect(cell('SN1', 'AI1').classList.contains('group-value-alarm')).toBe(false);
    expect(cell('SN1', 'AI2').textContent).toBe('0 bar');
    // A device whose record is not in yet says so instead of showing zeros.
    expect(within(row('SN3')).getByText('Loading channels…')).toBeTruthy();
  });

  it('shows pushed values as they arrive: lamps, scaled values in the alarm colour above the limit, battery', () => {
    const key = loadSites();
    renderWithApp(<GroupView groupKey={key} onSelect={() => undefined} onClose={() => undefined} />);
    act(() =>
      useEquipmentStore
        .getState()
        .applyUpdates([{ SN: 'SN1', regdo: [0b101], regdi: [0b10], regai: [500, 7], SOC: 77 }]),
    );
    const lamps = (kind: string) =>
      [...row('SN1').querySelectorAll(`[data-channel^="${kind}"].group-lamp`)].map((l) =>
        l.getAttribute('data-value'),
      );
    expect(lamps('DO')).toEqual(['1', '0', '1', '0', '0', '0', '0', '0']);
    expect(lamps('DI')).toEqual(['0', '1', '0', '0', '0', '0', '0', '0']);
    expect(cell('SN1', 'AI1').textContent).toBe('5 m');
    expect(cell('SN1', 'AI1').classList.contains('group-value-alarm')).toBe(false);
    expect(cell('SN1', 'SOC').textContent).toBe('77%');

    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', regai: [900, 7] }]));
    expect(cell('SN1', 'AI1').textContent).toBe('9 m');
    expect(cell('SN1', 'AI1').classList.contains('group-value-alarm')).toBe(true);
    // The other rows were not touched.
    expect(cell('SN2', 'SOC').textContent).toBe('');
  });

  it('opens a device by its name and closes', () => {
    const key = loadSites();
    const onSelect = vi.fn();
    const onClose = vi.fn();
    renderWithApp(<GroupView groupKey={key} onSelect={onSelect} onClose={onClose} />);
    fireEvent.click(within(row('SN2')).getByRole('button', { name: 'Well' }));
    expect(onSelect).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says which device online does not answer at its address, until it answers', () => {
    const key = loadSites();
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true, Unanswered: 7 }]));
    renderWithApp(<GroupView groupKey={key} onSelect={() => undefined} onClose={() => undefined} />);
    const badge = (unid: string) => row(unid).querySelector<HTMLElement>('[data-testid="group-unanswered"]');
    expect(badge('SN1')?.getAttribute('role')).toBe('img');
    expect(badge('SN1')?.getAttribute('aria-label')).toBe('Does not answer at address 7');
    expect(badge('SN1')?.title).toBe('Does not answer at address 7');
    // Online still: the dot says so.
    expect(row('SN1').querySelector('.tree-dot-online')).not.toBeNull();
    expect(badge('SN3')).toBeNull();

    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true, Unanswered: null }]));
    expect(badge('SN1')).toBeNull();
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN3', IsOnline: true, Unanswered: 255 }]));
    expect(badge('SN3')?.title).toBe('Does not answer at address 255');
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN3', IsOnline: false }]));
    expect(badge('SN3')).toBeNull();

    act(() => setLanguage('zh'));
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'SN1', IsOnline: true, Unanswered: 1 }]));
    expect(badge('SN1')?.title).toBe('地址 1 无应答');
  });

  it(`shows a large group ${PAGE_SIZE} devices a page`, () => {
    const entries = Array.from({ length: PAGE_SIZE + 50 }, (_, i) =>
      deviceEntry(i + 1, `D${String(i + 1).padStart(3, '0')}`, 'Big'),
    );
    loadTreeStore(entries, Object.fromEntries(entries.map((e) => [e.id, ONLINE])));
    const key = directory().groups[0]!.key;
    renderWithApp(<GroupView groupKey={key} onSelect={() => undefined} onClose={() => undefined} />);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(PAGE_SIZE);
    expect(row('SN1')).not.toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(document.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(row(`SN${PAGE_SIZE + 50}`)).not.toBeNull();
    expect(row('SN1')).toBeNull();
  });
});
