/**
 * Decode and describe every rule of 7 pages of every page type for many devices (10,000 by
 * default; BENCH_DEVICES overrides), against a baseline loop that only copies the same rule
 * bytes slot by slot. Prints rules per second of both and the ratio.
 *
 *   npm run bench:protocol
 */
import {
  decodePage,
  describeRule,
  LANGS,
  PAGE_TYPE_NAMES,
  PAGE_TYPES,
  pageByteLength,
  RULE_KINDS,
} from '@fieldlink/protocol';
import type { PageTypeName, RuleKind, RuleOf } from '@fieldlink/protocol';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const PAGES = 7;
const POOL = 64;

// A small deterministic generator, so every run measures the same bytes.
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

/** Pages of random rule bytes; about one slot in five is empty (zeros), as on real devices. */
function makePool(type: PageTypeName, rand: () => number): Uint8Array[] {
  const size = RULE_KINDS[PAGE_TYPES[type].kind];
  return Array.from({ length: POOL }, () => {
    const page = new Uint8Array(pageByteLength(type));
    for (let slot = 0; slot < 10; slot++) {
      if (rand() < 0.2) continue;
      for (let b = 0; b < size; b++) page[slot * size + b] = Math.floor(rand() * 256);
    }
    return page;
  });
}

const rand = xorshift(20261122);
const pools = new Map<PageTypeName, Uint8Array[]>(PAGE_TYPE_NAMES.map((t) => [t, makePool(t, rand)]));

function decodeAndDescribe(devices: number): { rules: number; chars: number } {
  let rules = 0;
  let chars = 0;
  for (let d = 0; d < devices; d++) {
    const lang = LANGS[d % LANGS.length]!;
    for (const type of PAGE_TYPE_NAMES) {
      const pool = pools.get(type)!;
      const kind: RuleKind = PAGE_TYPES[type].kind;
      for (let p = 0; p < PAGES; p++) {
        const page = decodePage(type, pool[(d * PAGES + p) % POOL]!);
        for (const rule of page) {
          rules++;
          if (rule !== null) chars += describeRule(kind, rule as RuleOf<typeof kind>, lang).length;
        }
      }
    }
  }
  return { rules, chars };
}

function copyOnly(devices: number): { rules: number; chars: number } {
  let rules = 0;
  let chars = 0;
  for (let d = 0; d < devices; d++) {
    for (const type of PAGE_TYPE_NAMES) {
      const pool = pools.get(type)!;
      const size = RULE_KINDS[PAGE_TYPES[type].kind];
      for (let p = 0; p < PAGES; p++) {
        const bytes = pool[(d * PAGES + p) % POOL]!;
        for (let slot = 0; slot < 10; slot++) {
          const copy = bytes.slice(slot * size, slot * size + size);
          rules++;
          chars += copy[0]!;
        }
      }
    }
  }
  return { rules, chars };
}

function measure(fn: (devices: number) => { rules: number; chars: number }): { ms: number; rules: number } {
  fn(Math.min(200, DEVICES)); // warm up the JIT
  const t0 = performance.now();
  const { rules, chars } = fn(DEVICES);
  const ms = performance.now() - t0;
  if (chars < 0) console.log('unreachable'); // keeps the work observable
  return { ms, rules };
}

const copy = measure(copyOnly);
const real = measure(decodeAndDescribe);
const perSecond = (r: { ms: number; rules: number }): number => Math.round((r.rules / r.ms) * 1000);

console.log(
  `devices: ${DEVICES}, page types: ${PAGE_TYPE_NAMES.length}, pages each: ${PAGES}, rules: ${real.rules}`,
);
console.log(
  `baseline (copy rule bytes):  ${copy.ms.toFixed(0)} ms, ${perSecond(copy).toLocaleString('en')} rules/s`,
);
console.log(
  `decode + describe:           ${real.ms.toFixed(0)} ms, ${perSecond(real).toLocaleString('en')} rules/s`,
);
console.log(`ratio (decode+describe time / copy time): ${(real.ms / copy.ms).toFixed(1)}`);
