// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEquipment, resetEquipment } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import {
  deviceEntry,
  loadTreeStore,
  R8_COUNTS,
  sampleType,
  treeDevice,
  treeReply,
} from '../../equipment/test-support';
import type { NodeFlags } from '../../equipment/tree';
import { setLanguage } from '../../i18n';
import { mockFetch } from '../../session/test-support';
import { STATE_COLORS } from './DeviceIcon';
import EquipmentTree, { ROW_HEIGHT } from './EquipmentTree';
import { renderWithApp } from './test-render';

const DEVICES = 10_000;
const HEIGHT = 320;

beforeEach(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  resetEquipment();
});

const rowNames = () =>
  screen.queryAllByRole('treeitem').map((r) => r.querySelector('.tree-name')?.textContent ?? '');

describe('equipment tree with 10,000 devices', () => {
  beforeEach(() => {
    // Names that sort as their numbers: device i is row i - 1.
    const entries = Array.from({ length: DEVICES }, (_, i) =>
      deviceEntry(i + 1, `Device ${String(i + 1).padStart(5, '0')}`),
    );
    const flags: Record<number, NodeFlags> = {};
    for (const e of entries) flags[e.id] = { isOnline: true, isAlarm: false, soc: 100 };
    loadTreeStore(entries, flags);
  });

  it('puts only a window of rows in the page, and moves the window as the list scrolls', () => {
    renderWithApp(
      <EquipmentTree
        filter={{ text: '', status: 'all' }}
        selectedId={null}
        onSelect={() => undefined}
        height={HEIGHT}
      />,
    );
    const tree = screen.getByRole('tree');
    // The screenful and a few rows either side, not ten thousand.
    const screenful = HEIGHT / ROW_HEIGHT;
    expect(rowNames().length).toBeGreaterThanOrEqual(screenful);
    expect(rowNames().length).toBeLessThan(screenful + 20);
    expect(rowNames()[0]).toBe('Device 00001');
    // The list is as tall as every row, so the scroll bar covers all of them.
    expect((tree.firstElementChild as HTMLElement).style.height).toBe(`${DEVICES * ROW_HEIGHT}px`);

    tree.scrollTop = 5000 * ROW_HEIGHT;
    fireEvent.scroll(tree);
    const names = rowNames();
    expect(names).toContain('Device 05001');
    expect(names).not.toContain('Device 00001');
    expect(names.length).toBeLessThan(screenful + 20);
  });
});

/** A colour as the page's style reads it back. */
function cssColor(color: string): string {
  const probe = document.createElement('span');
  probe.style.color = color;
  return probe.style.color;
}

/** What a row shows: its level, icon (glyph and colour), alarm tag, battery and link dot. */
function rowState(name: string) {
  const row = screen
    .getAllByRole('treeitem')
    .find((r) => r.querySelector('.tree-name')?.textContent === name);
  if (!row) throw new Error(`no row ${name}`);
  const icon = row.querySelector<HTMLElement>('.anticon');
  const soc = row.querySelector<HTMLElement>('.tree-soc');
  const dot = row.querySelector<HTMLElement>('.tree-dot');
  return {
    level: row.getAttribute('aria-level'),
    icon: icon?.getAttribute('aria-label'),
    color: icon?.style.color,
    alarm: row.querySelector('.tree-alarm')?.textContent ?? null,
    soc: soc?.textContent,
    socTitle: soc?.title,
    online: dot?.dataset.online,
    dotTitle: dot?.title,
  };
}

describe('tree rows follow each device', () => {
  const GREEN = () => cssColor(STATE_COLORS.online);
  const GREY = () => cssColor(STATE_COLORS.offline);
  const RED = () => cssColor(STATE_COLORS.alarm);
  let restore = (): void => undefined;

  beforeEach(async () => {
    const aiModule = { do: 0, di: 0, ai: 8, ao: 0 };
    restore = mockFetch({
      'GET /equipment-types': {
        body: {
          items: [
            sampleType(),
            { ...sampleType('FL-TEAM', R8_COUNTS), hostRole: 'team', isTeam: true },
            sampleType('FL-AI8', aiModule),
          ],
          total: 3,
        },
      },
      'GET /equipment/tree': {
        body: treeReply(
          [
            {
              id: 'm_0',
              name: 'North',
              children: [
                // Online and alarming, with a sub-device (the host's link and battery).
                treeDevice({
                  id: 1,
                  unid: 'PUMP1',
                  name: 'Pump house',
                  group: 'North',
                  type: 'FL-TEAM',
                  icon: 'relay8.png',
                  isOnline: true,
                  isAlarm: true,
                  soc: 80,
                  children: [
                    treeDevice({
                      id: 2,
                      unid: 'PUMP1_2',
                      name: 'Level meter',
                      type: 'FL-AI8',
                      isOnline: true,
                      soc: 80,
                    }),
                  ],
                }),
                // A board that never reported a battery.
                treeDevice({
                  id: 3,
                  unid: 'TANK3',
                  name: 'Tank',
                  group: 'North',
                  isOnline: false,
                  soc: null,
                }),
              ],
            },
          ],
          // Low battery.
          [treeDevice({ id: 4, unid: 'WELL4', name: 'Well', isOnline: true, soc: 8 })],
        ),
      },
      // The records read after the tree: none (the rows need only the tree).
      'GET /equipment': { body: { items: [], total: 0 } },
    }).restore;
    await loadEquipment();
  });
  afterEach(() => restore());

  const renderTree = () =>
    renderWithApp(
      <EquipmentTree filter={{ text: '', status: 'all' }} selectedId={null} onSelect={() => undefined} />,
    );

  it('shows the alarm tag, battery level and link dot of each device, its icon by type and state', () => {
    renderTree();
    expect(rowNames()).toEqual(['North', 'Pump house', 'Tank', 'Well']);
    expect(rowState('Pump house')).toEqual({
      level: '2',
      icon: 'apartment',
      color: RED(),
      alarm: 'Alarm',
      soc: '80%',
      socTitle: 'Battery 80%',
      online: 'true',
      dotTitle: 'Online',
    });
    expect(rowState('Tank')).toEqual({
      level: '2',
      icon: 'control',
      color: GREY(),
      alarm: null,
      // No battery shown for the default 30: the board has reported none.
      soc: undefined,
      socTitle: undefined,
      online: 'false',
      dotTitle: 'Offline',
    });
    expect(rowState('Well')).toEqual({
      level: '1',
      icon: 'control',
      color: GREEN(),
      alarm: null,
      soc: '8%',
      socTitle: 'Battery 8%',
      online: 'true',
      dotTitle: 'Online',
    });
    // A group: its count (the sub-device included), no device badges.
    expect(screen.getAllByRole('treeitem')[0]?.textContent).toBe('▾North3 devices');
  });

  it('nests a sub-device under its host, showing the host’s link and battery as they change', () => {
    renderTree();
    const host = screen.getAllByRole('treeitem')[1]!;
    expect(host.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(host.querySelector('.tree-switcher')!);
    expect(rowNames()).toEqual(['North', 'Pump house', 'Level meter', 'Tank', 'Well']);
    expect(rowState('Level meter')).toMatchObject({
      level: '3',
      icon: 'dashboard',
      color: GREEN(),
      alarm: null,
      soc: '80%',
      online: 'true',
    });

    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'PUMP1', IsOnline: false, SOC: 12 }]));
    expect(rowState('Pump house')).toMatchObject({
      color: RED(),
      alarm: 'Alarm',
      soc: '12%',
      online: 'false',
    });
    expect(rowState('Level meter')).toMatchObject({ color: GREY(), soc: '12%', online: 'false' });

    // The tank shows a battery once it reports one, 30 included.
    expect(rowState('Tank').soc).toBeUndefined();
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'TANK3', IsOnline: false }]));
    expect(rowState('Tank').soc).toBeUndefined();
    act(() => useEquipmentStore.getState().applyUpdates([{ SN: 'TANK3', SOC: 30 }]));
    expect(rowState('Tank')).toMatchObject({ soc: '30%', socTitle: 'Battery 30%' });

    // An alarm pushed for the offline tank shows at once.
    act(() => useEquipmentStore.getState().markAlarm('TANK3'));
    expect(rowState('Tank')).toMatchObject({ color: RED(), alarm: 'Alarm', online: 'false' });
  });
});
