/**
 * What a scene file is allowed to be before three.js reads it: a GLB or a self-contained .gltf
 * (JSON), nothing in it naming a resource outside the file — every `uri` a data: URI — so that
 * opening a scene never makes the browser fetch an address the file chose. The file is then
 * handed on as one GLB whose data: buffers are merged into its binary chunk: the console's
 * Content-Security-Policy lets it fetch only its own server, so three.js must not fetch buffers.
 */

/** Why a scene file was refused; `code` picks the words shown to the user. */
export class SceneFileError extends Error {
  constructor(
    readonly code: 'not-gltf' | 'version' | 'external' | 'buffer',
    message: string,
    /** The address the file pointed to (code 'external'). */
    readonly uri?: string,
  ) {
    super(message);
    this.name = 'SceneFileError';
  }
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'

type Json = Record<string, unknown>;

interface Container {
  readonly json: Json;
  /** The GLB's binary chunk (buffer 0 when it has no uri), or null. */
  readonly bin: Uint8Array | null;
  readonly glb: boolean;
}

function readContainer(buffer: ArrayBuffer): Container {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  if (bytes.byteLength >= 12 && view.getUint32(0, true) === GLB_MAGIC) {
    if (view.getUint32(4, true) !== 2) {
      throw new SceneFileError('version', `GLB version ${view.getUint32(4, true)}; only version 2 is read`);
    }
    const length = Math.min(view.getUint32(8, true), bytes.byteLength);
    let json: Json | null = null;
    let bin: Uint8Array | null = null;
    for (let at = 12; at + 8 <= length;) {
      const size = view.getUint32(at, true);
      const type = view.getUint32(at + 4, true);
      if (at + 8 + size > length) throw new SceneFileError('not-gltf', 'the GLB file is cut short');
      const body = bytes.subarray(at + 8, at + 8 + size);
      if (type === CHUNK_JSON && json === null) json = parseJson(new TextDecoder().decode(body));
      else if (type === CHUNK_BIN && bin === null) bin = body;
      at += 8 + size;
    }
    if (json === null) throw new SceneFileError('not-gltf', 'the GLB file has no JSON chunk');
    return { json, bin, glb: true };
  }
  return { json: parseJson(new TextDecoder().decode(bytes)), bin: null, glb: false };
}

function parseJson(text: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new SceneFileError('not-gltf', 'neither a GLB file nor glTF JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SceneFileError('not-gltf', 'the glTF JSON is not an object');
  }
  const version = ((parsed as Json).asset as Json | undefined)?.version;
  if (typeof version !== 'string') throw new SceneFileError('not-gltf', 'no glTF asset version');
  if (!version.startsWith('2.')) {
    throw new SceneFileError('version', `glTF version ${version}; only version 2 is read`);
  }
  return parsed as Json;
}

/** Every `uri` string anywhere in the JSON (buffers, images, extensions), with its place. */
function urisOf(value: unknown, path: string, found: { uri: string; path: string }[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => urisOf(item, `${path}[${i}]`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'uri' && typeof item === 'string') found.push({ uri: item, path });
      else urisOf(item, path ? `${path}.${key}` : key, found);
    }
  }
}

/**
 * Refuses a file that names anything outside itself: the first `uri` that is not a data: URI
 * (an address, or a path beside the file), with where it stands.
 */
export function checkSelfContained(json: Json): void {
  const found: { uri: string; path: string }[] = [];
  urisOf(json, '', found);
  const outside = found.find(({ uri }) => !/^data:/i.test(uri.trim()));
  if (outside) {
    const shown = outside.uri.length > 120 ? `${outside.uri.slice(0, 117)}…` : outside.uri;
    throw new SceneFileError('external', `${outside.path} refers to ${shown}`, shown);
  }
}

/** The bytes of a data: URI (base64 or percent-encoded). */
export function dataUriBytes(uri: string): Uint8Array {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new SceneFileError('buffer', 'a data: URI without data');
  const head = uri.slice(0, comma);
  const body = uri.slice(comma + 1);
  try {
    if (/;base64$/i.test(head)) {
      const binary = atob(body.replace(/\s+/g, ''));
      const out = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
      return out;
    }
    const text = decodeURIComponent(body);
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
    return out;
  } catch {
    throw new SceneFileError('buffer', 'a data: URI that does not decode');
  }
}

const align4 = (n: number): number => Math.ceil(n / 4) * 4;

/**
 * The file as one GLB three.js can read without fetching anything: checked self-contained, its
 * buffers (the GLB's binary chunk, data: URIs) laid end to end in one binary chunk, the buffer
 * views pointed into it. A GLB with only its own chunk is handed on as it is.
 */
export function selfContainedGlb(buffer: ArrayBuffer): ArrayBuffer {
  const { json, bin, glb } = readContainer(buffer);
  checkSelfContained(json);
  const buffers = Array.isArray(json.buffers) ? (json.buffers as Json[]) : [];
  if (glb && buffers.every((b, i) => i === 0 && b.uri === undefined)) return buffer;

  const parts = buffers.map((b, i): Uint8Array => {
    if (typeof b.uri === 'string') return dataUriBytes(b.uri);
    if (i === 0 && bin) return bin;
    throw new SceneFileError('buffer', `buffers[${i}] has neither a uri nor the GLB's binary chunk`);
  });
  const starts: number[] = [];
  let total = 0;
  for (const part of parts) {
    starts.push(total);
    total = align4(total + part.byteLength);
  }
  const merged = new Uint8Array(total);
  parts.forEach((part, i) => merged.set(part, starts[i]!));
  const bufferViews = Array.isArray(json.bufferViews) ? (json.bufferViews as Json[]) : [];
  const out: Json = {
    ...json,
    buffers: total > 0 ? [{ byteLength: total }] : [],
    bufferViews: bufferViews.map((view, i) => {
      const index = typeof view.buffer === 'number' ? view.buffer : -1;
      if (starts[index] === undefined) {
        throw new SceneFileError(
          'buffer',
          `bufferViews[${i}] names buffer ${String(view.buffer)}, not there`,
        );
      }
      const offset = typeof view.byteOffset === 'number' ? view.byteOffset : 0;
      return { ...view, buffer: 0, byteOffset: starts[index]! + offset };
    }),
  };
  return writeGlb(out, total > 0 ? merged : null);
}

function writeGlb(json: Json, bin: Uint8Array | null): ArrayBuffer {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = align4(text.byteLength);
  const binLength = bin ? align4(bin.byteLength) : 0;
  const total = 20 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  if (bin) {
    view.setUint32(20 + jsonLength, binLength, true);
    view.setUint32(24 + jsonLength, CHUNK_BIN, true);
    out.set(bin, 28 + jsonLength);
  }
  return out.buffer;
}
