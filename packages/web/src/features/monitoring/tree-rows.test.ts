import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTree } from '../../equipment/tree';
import type { NodeFlags } from '../../equipment/tree';
import { pathTo, visibleRows } from './tree-rows';
import type { TreeFilter } from './tree-rows';
import { deviceEntry as entry } from '../../equipment/test-support';

const entries = [
  entry(1, 'Pump A', 'North'),
  entry(2, 'Pump B', 'North'),
  entry(3, 'Team host', 'South'),
  entry(4, 'Slave 1', 'South', 3),
  entry(5, 'Loose'),
];
const flags: Record<number, NodeFlags> = {
  1: { isOnline: true, isAlarm: false, soc: 30 },
  2: { isOnline: false, isAlarm: true, soc: 30 },
  3: { isOnline: true, isAlarm: false, soc: 80 },
  4: { isOnline: true, isAlarm: true, soc: 80 },
  5: { isOnline: false, isAlarm: false, soc: 30 },
};
const sources = { entries: Object.fromEntries(entries.map((e) => [e.id, e])), flags };
const tree = buildTree(entries);
const all: TreeFilter = { text: '', status: 'all' };
const names = (f: TreeFilter, toggled: string[] = []) =>
  visibleRows(tree, new Set(toggled), f, sources).map((r) => r.name);

describe('visibleRows', () => {
  it('shows groups open and hosts closed by default, with depths and counts', () => {
    const rows = visibleRows(tree, new Set(), all, sources);
    expect(rows.map((r) => [r.name, r.depth, r.count])).toEqual([
      ['North', 0, 2],
      ['Pump A', 1, 1],
      ['Pump B', 1, 1],
      ['South', 0, 2],
      ['Team host', 1, 2],
      ['Loose', 0, 1],
    ]);
    expect(rows.find((r) => r.name === 'Team host')).toMatchObject({ hasChildren: true, open: false });
  });

  it('flips what the user toggled', () => {
    expect(names(all, ['m_0', 'd_3'])).toEqual(['North', 'South', 'Team host', 'Slave 1', 'Loose']);
  });

  it('finds devices by name or serial, case aside, and opens their branches', () => {
    expect(names({ text: 'slave', status: 'all' })).toEqual(['South', 'Team host', 'Slave 1']);
    expect(names({ text: 'sn2', status: 'all' })).toEqual(['North', 'Pump B']);
    expect(names({ text: 'nothing', status: 'all' })).toEqual([]);
  });

  it('a group name that matches keeps its devices', () => {
    expect(names({ text: 'north', status: 'all' })).toEqual(['North', 'Pump A', 'Pump B']);
  });

  it('filters by status and keeps the hosts of matching sub-devices', () => {
    expect(names({ text: '', status: 'alarm' })).toEqual([
      'North',
      'Pump B',
      'South',
      'Team host',
      'Slave 1',
    ]);
    expect(names({ text: '', status: 'offline' })).toEqual(['North', 'Pump B', 'Loose']);
    expect(names({ text: 'pump', status: 'online' })).toEqual(['North', 'Pump A']);
  });

  it('shows every device that matches the filter', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 3 }),
        fc.constantFrom('all', 'online', 'offline', 'alarm' as const),
        (text, status) => {
          const f: TreeFilter = { text, status };
          // The host opened, so the unfiltered view shows its sub-device too.
          const rows = visibleRows(tree, new Set(['d_3']), f, sources);
          const shown = new Set(rows.filter((r) => r.id !== null).map((r) => r.id));
          for (const e of entries) {
            const hit =
              (e.name.toLowerCase().includes(text.trim().toLowerCase()) ||
                e.unid.toLowerCase().includes(text.trim().toLowerCase()) ||
                e.group.toLowerCase().includes(text.trim().toLowerCase()) ||
                (e.parentId !== null &&
                  entries
                    .find((p) => p.id === e.parentId)!
                    .name.toLowerCase()
                    .includes(text.trim().toLowerCase()))) &&
              (status === 'all' ||
                (status === 'online' && flags[e.id]!.isOnline) ||
                (status === 'offline' && !flags[e.id]!.isOnline) ||
                (status === 'alarm' && flags[e.id]!.isAlarm));
            if (hit) expect(shown.has(e.id)).toBe(true);
          }
        },
      ),
    );
  });

  it('flattens 10,000 devices quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => entry(i + 1, `设备${i}`, `组${i % 50}`));
    const big = buildTree(many);
    const src = { entries: Object.fromEntries(many.map((e) => [e.id, e])), flags: {} };
    const started = performance.now();
    const rows = visibleRows(big, new Set(), all, src);
    expect(rows).toHaveLength(10_050);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('pathTo', () => {
  it('gives the keys down to a device', () => {
    expect(pathTo(tree, 4)).toEqual(['m_1', 'd_3', 'd_4']);
    expect(pathTo(tree, 99)).toBeNull();
  });
});
