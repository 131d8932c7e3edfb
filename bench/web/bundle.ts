/**
 * What JavaScript a page loaded, from its resource timings, and which heavy libraries each file
 * holds, from the build's source maps (served beside each file as `<file>.map`).
 */

/** A resource timing entry as probes.ts RESOURCES reads it. */
export interface ResourceEntry {
  readonly name: string;
  readonly initiatorType: string;
  /** Bytes on the wire, headers included (0 when served from the cache). */
  readonly transferSize: number;
  /** The body as sent (gzip when the server compressed it). */
  readonly encodedBodySize: number;
  readonly decodedBodySize: number;
  readonly start: number;
  readonly end: number;
}

/** The libraries that must load only on the pages that use them. */
export const HEAVY_LIBRARIES: Readonly<Record<string, RegExp>> = {
  ECharts: /node_modules\/(echarts|zrender)\//,
  Leaflet: /node_modules\/leaflet\//,
  'three.js': /node_modules\/three\//,
};

export interface ScriptFile {
  readonly url: string;
  readonly file: string;
  readonly gzipBytes: number;
  readonly bytes: number;
  /** The heavy libraries it holds (by name of HEAVY_LIBRARIES). */
  readonly heavy: readonly string[];
}

export interface ScriptLoad {
  readonly files: readonly ScriptFile[];
  readonly gzipBytes: number;
  readonly bytes: number;
  /** Heavy libraries among the files loaded. */
  readonly heavy: readonly string[];
}

const mapCache = new Map<string, Promise<readonly string[]>>();

/** The heavy libraries in the file at `url`, by its source map (none when it has no map). */
function heavyIn(url: string): Promise<readonly string[]> {
  let found = mapCache.get(url);
  if (!found) {
    found = (async () => {
      const reply = await fetch(`${url}.map`);
      if (!reply.ok) return [];
      const map = (await reply.json()) as { sources?: string[] };
      const sources = map.sources ?? [];
      return Object.entries(HEAVY_LIBRARIES)
        .filter(([, pattern]) => sources.some((s) => pattern.test(s)))
        .map(([name]) => name);
    })();
    mapCache.set(url, found);
  }
  return found;
}

export function isScript(entry: ResourceEntry): boolean {
  return /\.m?js(\?|$)/.test(new URL(entry.name).pathname);
}

/** The scripts among `entries` (all of them, or those not in `before`), with their sizes. */
export async function scriptLoad(
  entries: readonly ResourceEntry[],
  before: readonly ResourceEntry[] = [],
): Promise<ScriptLoad> {
  const seen = new Set(before.map((e) => e.name));
  const scripts = entries.filter((e) => isScript(e) && !seen.has(e.name));
  const files = await Promise.all(
    scripts.map(async (e): Promise<ScriptFile> => ({
      url: e.name,
      file: new URL(e.name).pathname.split('/').pop() ?? e.name,
      gzipBytes: e.encodedBodySize,
      bytes: e.decodedBodySize,
      heavy: await heavyIn(e.name),
    })),
  );
  return {
    files,
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    heavy: [...new Set(files.flatMap((f) => f.heavy))].sort(),
  };
}

export const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
