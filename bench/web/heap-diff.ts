/**
 * What a later heap snapshot of the same page holds that an earlier one did not: the objects whose
 * ids are new (allocated between the two and still alive), grouped by kind and constructor, the
 * largest groups first, each with the shortest path from the page's roots to one of its objects
 * (what keeps it alive). Snapshots as Chromium writes them (DevTools, or WALL_SNAPSHOTS of the
 * big-screen benchmark); V8 keeps an object's id across the snapshots of one session.
 *
 *   npm run bench:heap-diff -- before.heapsnapshot after.heapsnapshot [groups=12]
 */
import { loadHeap } from './heap-snapshot.js';
import type { Heap } from './heap-snapshot.js';

const [beforePath, afterPath, groupsArg] = process.argv.slice(2);
if (!beforePath || !afterPath) {
  console.error('usage: heap-diff before.heapsnapshot after.heapsnapshot [groups]');
  process.exit(2);
}
const before = await loadHeap(beforePath);
const earlier = new Set<number>();
for (let n = 0; n < before.count; n++) earlier.add(before.id(n));
const after = await loadHeap(afterPath);

const groups = new Map<string, { count: number; size: number; sample: number }>();
let newCount = 0;
let newSize = 0;
for (let n = 0; n < after.count; n++) {
  if (earlier.has(after.id(n))) continue;
  const label = after.group(n);
  const group = groups.get(label) ?? { count: 0, size: 0, sample: n };
  group.count++;
  group.size += after.size(n);
  group.sample = n;
  groups.set(label, group);
  newCount++;
  newSize += after.size(n);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
/** Every group's count and own size in a snapshot. */
function totals(heap: Heap): Map<string, { count: number; size: number }> {
  const map = new Map<string, { count: number; size: number }>();
  for (let n = 0; n < heap.count; n++) {
    const label = heap.group(n);
    const t = map.get(label) ?? { count: 0, size: 0 };
    t.count++;
    t.size += heap.size(n);
    map.set(label, t);
  }
  return map;
}
const beforeTotals = totals(before);
const afterTotals = totals(after);
const net = [...new Set([...beforeTotals.keys(), ...afterTotals.keys()])]
  .map((label) => {
    const b = beforeTotals.get(label) ?? { count: 0, size: 0 };
    const a = afterTotals.get(label) ?? { count: 0, size: 0 };
    return { label, count: a.count - b.count, size: a.size - b.size };
  })
  .sort((x, y) => y.size - x.size);
console.log('\ngroups that grew the most (own size, count; after minus before):');
for (const g of net.slice(0, 30))
  console.log(`  ${kb(g.size).padStart(10)}  ${String(g.count).padStart(6)}  ${g.label}`);

// For the groups that grew in number, what holds their new objects: the nearest holders on the
// shortest path from the roots (the last steps of it), counted over all the group's new objects.
const grown = net
  .filter((g) => g.count > 0 && !g.label.startsWith('(code)'))
  .slice(0, Number(groupsArg ?? 12));
console.log(
  `\nwho holds the new objects of the ${grown.length} groups that grew most (nearest holders first):`,
);
for (const g of grown) {
  const holders = new Map<string, number>();
  let seen = 0;
  for (let n = 0; n < after.count && seen < 20_000; n++) {
    if (earlier.has(after.id(n)) || after.group(n) !== g.label) continue;
    seen++;
    const key = after.pathTo(n).slice(-4).reverse().join('  <=  ');
    holders.set(key, (holders.get(key) ?? 0) + 1);
  }
  console.log(`\n${g.label}: +${g.count} (${kb(g.size)}); ${seen} new objects`);
  for (const [key, count] of [...holders.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5))
    console.log(`  ${String(count).padStart(6)}  ${key.slice(0, 600)}`);
}
console.log(
  `${beforePath}: ${before.count} objects; ${afterPath}: ${after.count} objects, ${newCount} of them new (${kb(newSize)} own size)`,
);
const shown = Number(groupsArg ?? 12);
const ranked = [...groups.entries()].sort((a, b) => b[1].size - a[1].size);
console.log('\nnew objects by group (own size, count):');
for (const [label, g] of ranked.slice(0, 40))
  console.log(`  ${kb(g.size).padStart(10)}  ${String(g.count).padStart(6)}  ${label}`);
console.log(`\nwhat keeps one object of each of the ${shown} largest groups:`);
for (const [label, g] of ranked.slice(0, shown)) {
  console.log(`\n${label} (${g.count}, ${kb(g.size)}), object @${after.id(g.sample)}:`);
  for (const line of after.pathTo(g.sample)) console.log(`    ${line}`);
}
