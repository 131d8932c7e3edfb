/**
 * A V8 heap snapshot as Chromium writes it (DevTools, CDP HeapProfiler.takeHeapSnapshot), read
 * for the benchmarks: its objects by kind and constructor, their own sizes, what holds them (the
 * shortest strong path from the roots), and how much of the heap is compiled code.
 */
import { readFile } from 'node:fs/promises';

export interface RawSnapshot {
  readonly snapshot: {
    readonly meta: {
      readonly node_fields: string[];
      readonly node_types: [string[], ...unknown[]];
      readonly edge_fields: string[];
      readonly edge_types: [string[], ...unknown[]];
    };
  };
  readonly nodes: number[];
  readonly edges: number[];
  readonly strings: string[];
}

export class Heap {
  readonly nodeWidth: number;
  readonly edgeWidth: number;
  readonly count: number;
  /** The index in `edges` of each node's first edge (nodes list their edges in order). */
  readonly firstEdge: Uint32Array;
  private readonly f: Record<'type' | 'name' | 'id' | 'size' | 'edges', number>;
  private readonly e: Record<'type' | 'name' | 'to', number>;
  private retainersOf: Map<number, number[]> | null = null;
  private distance: Int32Array | null = null;

  constructor(private readonly raw: RawSnapshot) {
    const meta = raw.snapshot.meta;
    this.nodeWidth = meta.node_fields.length;
    this.edgeWidth = meta.edge_fields.length;
    this.f = {
      type: meta.node_fields.indexOf('type'),
      name: meta.node_fields.indexOf('name'),
      id: meta.node_fields.indexOf('id'),
      size: meta.node_fields.indexOf('self_size'),
      edges: meta.node_fields.indexOf('edge_count'),
    };
    this.e = {
      type: meta.edge_fields.indexOf('type'),
      name: meta.edge_fields.indexOf('name_or_index'),
      to: meta.edge_fields.indexOf('to_node'),
    };
    this.count = raw.nodes.length / this.nodeWidth;
    this.firstEdge = new Uint32Array(this.count + 1);
    let edge = 0;
    for (let n = 0; n < this.count; n++) {
      this.firstEdge[n] = edge;
      edge += raw.nodes[n * this.nodeWidth + this.f.edges]! * this.edgeWidth;
    }
    this.firstEdge[this.count] = edge;
  }

  private field(n: number, f: number): number {
    return this.raw.nodes[n * this.nodeWidth + f]!;
  }
  type(n: number): string {
    return this.raw.snapshot.meta.node_types[0][this.field(n, this.f.type)]!;
  }
  name(n: number): string {
    return this.raw.strings[this.field(n, this.f.name)]!;
  }
  id(n: number): number {
    return this.field(n, this.f.id);
  }
  size(n: number): number {
    return this.field(n, this.f.size);
  }

  /** The node's edges as [edge type, edge name, target node]. */
  *edgesOf(n: number): Generator<[string, string, number]> {
    const types = this.raw.snapshot.meta.edge_types[0];
    for (let i = this.firstEdge[n]!; i < this.firstEdge[n + 1]!; i += this.edgeWidth) {
      const type = types[this.raw.edges[i + this.e.type]!]!;
      const nameOrIndex = this.raw.edges[i + this.e.name]!;
      const name =
        type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : this.raw.strings[nameOrIndex]!;
      yield [type, name, this.raw.edges[i + this.e.to]! / this.nodeWidth];
    }
  }

  /** A group's label: strings and code by kind, objects by constructor. */
  group(n: number): string {
    const type = this.type(n);
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return '(string)';
    if (type === 'code' || type === 'hidden' || type === 'array' || type === 'number')
      return `(${type}) ${this.name(n).slice(0, 60)}`;
    if (type === 'closure') return `(closure) ${this.name(n) || '(anonymous)'}`;
    return `${type === 'object' ? '' : `(${type}) `}${this.name(n).slice(0, 80)}`;
  }

  /** Distance of every node from the root along strong edges (breadth first), -1 for unreachable. */
  private distances(): Int32Array {
    if (this.distance) return this.distance;
    const distance = new Int32Array(this.count).fill(-1);
    const queue = new Uint32Array(this.count);
    let head = 0;
    let tail = 0;
    distance[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
      const n = queue[head++]!;
      for (const [type, , to] of this.edgesOf(n)) {
        if (type === 'weak' || distance[to] !== -1) continue;
        distance[to] = distance[n]! + 1;
        queue[tail++] = to;
      }
    }
    this.distance = distance;
    return distance;
  }

  private retainers(): Map<number, number[]> {
    if (this.retainersOf) return this.retainersOf;
    const map = new Map<number, number[]>();
    for (let n = 0; n < this.count; n++)
      for (const [type, , to] of this.edgesOf(n)) {
        if (type === 'weak') continue;
        const list = map.get(to);
        if (list) list.push(n);
        else map.set(to, [n]);
      }
    this.retainersOf = map;
    return map;
  }

  /** The shortest strong path from the root to `n`, as lines "holder --edge--> held". */
  pathTo(n: number): string[] {
    const distance = this.distances();
    const retainers = this.retainers();
    const lines: string[] = [];
    let node = n;
    for (let steps = 0; steps < 40 && distance[node]! > 0; steps++) {
      let best = -1;
      for (const r of retainers.get(node) ?? [])
        if (distance[r]! >= 0 && (best < 0 || distance[r]! < distance[best]!)) best = r;
      if (best < 0) break;
      const edge = [...this.edgesOf(best)].find(([type, , to]) => to === node && type !== 'weak');
      lines.push(`${this.group(best)} --${edge?.[1] ?? '?'}--> ${this.group(node)}`);
      node = best;
    }
    if (distance[n] === -1)
      lines.push('(not reachable along strong edges: kept by a weak or internal holder)');
    return lines.reverse();
  }
}

/** A snapshot's text (the chunks CDP sends, joined) read. */
export function heapOf(text: string): Heap {
  return new Heap(JSON.parse(text) as RawSnapshot);
}

export async function loadHeap(path: string): Promise<Heap> {
  return heapOf(await readFile(path, 'utf8'));
}

/**
 * The snapshot's own sizes in three parts: V8's compiled code (bytecode, optimised code and what
 * V8 keeps with it: the 'code' kind), which grows as V8 compiles more of the page's functions and
 * levels off; the browser's native objects (the DOM, layout, the performance timeline's bounded
 * buffers); and the page's JavaScript objects, strings and arrays, which a leak of the page's own
 * would grow.
 */
export function heapParts(heap: Heap): {
  readonly code: number;
  readonly native: number;
  readonly js: number;
} {
  let code = 0;
  let native = 0;
  let js = 0;
  for (let n = 0; n < heap.count; n++) {
    const type = heap.type(n);
    if (type === 'code') code += heap.size(n);
    else if (type === 'native') native += heap.size(n);
    else js += heap.size(n);
  }
  return { code, native, js };
}
