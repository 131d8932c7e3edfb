/**
 * What grew between heap snapshots of one page (Chromium's, as DevTools or the big-screen
 * benchmark's WALL_SNAPSHOTS write them; V8 keeps an object's id across the snapshots of a
 * session), by kind and constructor, and what holds it: the nearest holders on the shortest strong
 * path from the page's roots, counted over the group's objects.
 *
 *   npm run bench:heap-diff -- a.heapsnapshot b.heapsnapshot
 *     the groups that grew from a to b (count and own size), and who holds their new objects;
 *   npm run bench:heap-diff -- a.heapsnapshot b.heapsnapshot c.heapsnapshot
 *     what was allocated between a and b and is still alive in c: what a page that only churns
 *     replaces by c, so what is left is what it keeps (a leak, a cache, a bounded buffer filling).
 */
import { loadHeap } from './heap-snapshot.js';
import type { Heap } from './heap-snapshot.js';

const SHOWN_GROUPS = 8;
const HOLDER_SAMPLES = 2_000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function idsOf(heap: Heap): Set<number> {
  const ids = new Set<number>();
  for (let n = 0; n < heap.count; n++) ids.add(heap.id(n));
  return ids;
}

interface Group {
  count: number;
  size: number;
  readonly nodes: number[];
}

/** The nodes of `heap` that `keep` accepts, by group. */
function grouped(heap: Heap, keep: (n: number) => boolean): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (let n = 0; n < heap.count; n++) {
    if (!keep(n)) continue;
    const label = heap.group(n);
    const group = groups.get(label) ?? { count: 0, size: 0, nodes: [] };
    group.count++;
    group.size += heap.size(n);
    if (group.nodes.length < HOLDER_SAMPLES) group.nodes.push(n);
    groups.set(label, group);
  }
  return groups;
}

/** The most frequent nearest holders (the last four steps of the path from the roots) of `nodes`. */
function printHolders(heap: Heap, label: string, group: Group): void {
  const holders = new Map<string, number>();
  for (const n of group.nodes) {
    const key = heap.pathTo(n).slice(-4).reverse().join('  <=  ');
    holders.set(key, (holders.get(key) ?? 0) + 1);
  }
  console.log(`\n${label}: ${group.count} (${kb(group.size)}); holders of ${group.nodes.length}:`);
  for (const [key, count] of [...holders.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4))
    console.log(`  ${String(count).padStart(6)}  ${key.slice(0, 600)}`);
}

const paths = process.argv.slice(2);
if (paths.length < 2 || paths.length > 3) {
  console.error('usage: heap-diff a.heapsnapshot b.heapsnapshot [c.heapsnapshot]');
  process.exit(2);
}
const [aPath, bPath, cPath] = paths as [string, string, string | undefined];
const a = await loadHeap(aPath);
const inA = idsOf(a);
const b = await loadHeap(bPath);
/** The JavaScript groups worth a holders' list (compiled code and native objects are V8's and Blink's). */
const pageGroup = (label: string) => !label.startsWith('(code)') && !label.startsWith('(native)');

if (cPath === undefined) {
  const before = grouped(a, () => true);
  const after = grouped(b, () => true);
  const net = [...new Set([...before.keys(), ...after.keys()])]
    .map((label) => ({
      label,
      count: (after.get(label)?.count ?? 0) - (before.get(label)?.count ?? 0),
      size: (after.get(label)?.size ?? 0) - (before.get(label)?.size ?? 0),
    }))
    .sort((x, y) => y.size - x.size);
  console.log(`${aPath}: ${a.count} objects; ${bPath}: ${b.count} objects`);
  console.log('\ngroups that grew the most (own size, count; b minus a):');
  for (const g of net.slice(0, 30))
    console.log(`  ${kb(g.size).padStart(10)}  ${String(g.count).padStart(6)}  ${g.label}`);
  const fresh = grouped(b, (n) => !inA.has(b.id(n)));
  console.log('\nwho holds the new objects of the JavaScript groups that grew in number:');
  for (const g of net.filter((g) => g.count > 0 && pageGroup(g.label)).slice(0, SHOWN_GROUPS))
    printHolders(b, g.label, fresh.get(g.label)!);
} else {
  const between = new Set<number>();
  for (let n = 0; n < b.count; n++) if (!inA.has(b.id(n))) between.add(b.id(n));
  const c = await loadHeap(cPath);
  const alive = grouped(c, (n) => between.has(c.id(n)));
  const ranked = [...alive.entries()].sort((x, y) => y[1].size - x[1].size);
  const total = ranked.reduce((sum, [, g]) => sum + g.size, 0);
  console.log(
    `allocated between ${aPath} and ${bPath} (${between.size} objects), alive in ${cPath}: ${kb(total)}`,
  );
  for (const [label, g] of ranked.slice(0, 30))
    console.log(`  ${kb(g.size).padStart(10)}  ${String(g.count).padStart(6)}  ${label}`);
  for (const [label, g] of ranked.filter(([label]) => pageGroup(label)).slice(0, SHOWN_GROUPS))
    printHolders(c, label, g);
}
