/** The live nodes and the owners of devices: every node picks the same owner, and only a leaving node's devices move. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MqttNodes, rendezvousWeight } from './mqtt-nodes.js';

const nodeId = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const serial = fc.stringMatching(/^[A-Z0-9]{4,12}$/);

function view(self: string, all: readonly string[]): MqttNodes {
  const nodes = new MqttNodes(self, 1000);
  for (const n of all) nodes.heard(n);
  return nodes;
}

describe('MqttNodes', () => {
  it('gives every node that knows the same nodes the same owner', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(nodeId, { minLength: 1, maxLength: 6 }),
        fc.array(serial),
        (all, serials) => {
          const views = all.map((self) => view(self, all));
          for (const sn of serials) {
            const owners = new Set(views.map((v) => v.owner(sn)));
            expect(owners.size).toBe(1);
            expect(views.filter((v) => v.owns(sn))).toHaveLength(1);
          }
        },
      ),
    );
  });

  it('moves only the devices of a node that leaves', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(nodeId, { minLength: 2, maxLength: 6 }),
        fc.array(serial),
        (all, serials) => {
          const [self, gone] = all as [string, string];
          const before = view(self, all);
          const after = view(self, all);
          after.gone(gone);
          for (const sn of serials) {
            if (before.owner(sn) !== gone) expect(after.owner(sn)).toBe(before.owner(sn));
            else expect(after.owner(sn)).not.toBe(gone);
          }
        },
      ),
    );
  });

  it('spreads devices over the nodes', () => {
    const nodes = view('a', ['b', 'c']);
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const owner = nodes.owner(`SN${i}`)!;
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    for (const n of ['a', 'b', 'c']) expect(counts.get(n)).toBeGreaterThan(800);
    expect(rendezvousWeight('a', 'SN1')).toBe(rendezvousWeight('a', 'SN1'));
  });

  it('drops nodes not heard within the expiry, and a leaving node keeps its devices only when alone', () => {
    let now = 0;
    const nodes = new MqttNodes('a', 1000, () => now);
    expect(nodes.heard('b')).toBe(true);
    expect(nodes.heard('b')).toBe(false);
    expect(nodes.heard('a')).toBe(false);
    now = 900;
    nodes.heard('c');
    now = 1500;
    expect(nodes.expire()).toEqual(['b']);
    expect(nodes.live).toEqual(['a', 'c']);
    nodes.leave();
    expect(nodes.live).toEqual(['c']);
    expect(nodes.owns('SN1')).toBe(false);
    expect(nodes.owner('SN1')).toBe('c');

    const alone = new MqttNodes('a', 1000);
    alone.leave();
    expect(alone.owns('SN1')).toBe(true);
    alone.heard('b');
    alone.clear();
    expect(alone.live).toEqual(['a']);
  });
});
