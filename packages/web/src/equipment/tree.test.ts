import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countFlags } from './counters';
import { deviceEntry as entry, treeDevice, treeReply } from './test-support';
import { buildTree, collator, deviceIds, flattenTreeReply } from './tree';
import type { TreeNode } from './tree';

const names = (nodes: readonly TreeNode[]): string[] => nodes.map((n) => n.name);

describe('buildTree', () => {
  it('puts groups first as m_<index> in collation order, then the devices without a group', () => {
    const tree = buildTree([
      entry(1, '水泵', '泵站'),
      entry(2, 'Tank'),
      entry(3, 'A', '北区'),
      entry(4, '阀门', '泵站'),
    ]);
    expect(tree.map((n) => n.key)).toEqual(['m_0', 'm_1', 'd_2']);
    // Pinyin: 北 (bei) before 泵 (beng).
    expect(names(tree)).toEqual(['北区', '泵站', 'Tank']);
    expect(names(tree[1]!.children)).toEqual(['阀门', '水泵']);
  });

  it('sorts Chinese names by pinyin and digits by value', () => {
    const tree = buildTree([entry(1, '设备10'), entry(2, '设备2'), entry(3, '阿里'), entry(4, '中心')]);
    expect(names(tree)).toEqual(['阿里', '设备2', '设备10', '中心']);
  });

  it('nests sub-devices under their host, sorted, and lifts orphans to the top level', () => {
    const tree = buildTree([
      entry(1, 'Host', 'G'),
      entry(2, 'Slave 10', 'G', 1),
      entry(3, 'Slave 2', 'G', 1),
      entry(4, 'Orphan', 'G', 99),
    ]);
    const group = tree[0]!;
    expect(names(group.children)).toEqual(['Host', 'Orphan']);
    expect(names(group.children[0]!.children)).toEqual(['Slave 2', 'Slave 10']);
  });

  it('survives a host cycle in bad data', () => {
    const tree = buildTree([entry(1, 'A', '', 2), entry(2, 'B', '', 1), entry(3, 'C')]);
    expect(deviceIds(tree)).toEqual([3]);
  });

  it('keeps every device exactly once, whatever the names and groups', () => {
    const arb = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 500 }),
        name: fc.string({ maxLength: 6 }),
        group: fc.constantFrom('', 'North', '南区', '泵站'),
        parent: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
      }),
      { selector: (r) => r.id, maxLength: 60 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        // Parents only point to lower ids, as the server's data does (no cycles).
        const entries = rows.map((r) =>
          entry(r.id, r.name, r.group, r.parent !== null && r.parent < r.id ? r.parent : null),
        );
        const tree = buildTree(entries);
        const ids = deviceIds(tree);
        expect([...ids].sort((a, b) => a - b)).toEqual(entries.map((e) => e.id).sort((a, b) => a - b));
        const check = (level: readonly TreeNode[]): void => {
          const devices = level.filter((n) => n.kind === 'device');
          for (let i = 1; i < devices.length; i++)
            expect(collator.compare(devices[i - 1]!.name, devices[i]!.name)).toBeLessThanOrEqual(0);
          for (const n of level) check(n.children);
        };
        check(tree);
      }),
    );
  });
});

describe('flattenTreeReply', () => {
  it('gives one entry per node with the host as parent, and the flags apart', () => {
    const reply = treeReply(
      [
        {
          id: 'm_0',
          name: 'North',
          children: [
            treeDevice({ id: 1, name: 'Host', isOnline: true, children: [treeDevice({ id: 2, name: 'S' })] }),
          ],
        },
      ],
      [treeDevice({ id: 3, name: 'Loose', isAlarm: true, soc: 80 })],
    );
    const { entries, flags } = flattenTreeReply(reply);
    expect(entries.map((e) => [e.id, e.parentId])).toEqual([
      [1, null],
      [2, 1],
      [3, null],
    ]);
    expect(flags.get(3)).toEqual({ isOnline: false, isAlarm: true, soc: 80 });
    // The server's default for a device that never reported a battery is no reading.
    expect(flags.get(1)?.soc).toBeNull();
    expect(countFlags(flags.values())).toEqual({ total: 3, online: 1, offline: 2, alarm: 1, normal: 2 });
  });
});

describe('countFlags', () => {
  it('offline and normal are the complements of online and alarm', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ isOnline: fc.boolean(), isAlarm: fc.boolean(), soc: fc.nat(100) })),
        (flags) => {
          const c = countFlags(flags);
          expect(c.total).toBe(flags.length);
          expect(c.online + c.offline).toBe(c.total);
          expect(c.alarm + c.normal).toBe(c.total);
          expect(c.online).toBe(flags.filter((f) => f.isOnline).length);
        },
      ),
    );
  });
  it('counts nothing for no devices', () => {
    expect(countFlags([])).toEqual({ total: 0, online: 0, offline: 0, alarm: 0, normal: 0 });
  });
});
