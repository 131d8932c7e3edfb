/**
 * Small glTF scenes made in code for the 3D tests (unit and browser): named boxes of one colour
 * each, written as a GLB (the binary container) or as a .gltf whose buffer is a data: URI, and
 * variants that point outside themselves. Written by hand (glTF 2.0, Khronos): the exporter of
 * three needs a DOM, and no binary file is kept in the tree.
 */

export interface BoxSpec {
  readonly name: string;
  /** Centre, in metres. */
  readonly at: readonly [number, number, number];
  readonly size: readonly [number, number, number];
  /** Linear RGB, 0-1. */
  readonly color: readonly [number, number, number];
}

/** A pump house: 'Pump', 'Tank' and 'Valve' under a 'Plant' node, a floor beside them. */
export const PLANT_BOXES: readonly BoxSpec[] = [
  { name: 'Pump', at: [-1.6, 0.5, 0], size: [1, 1, 1], color: [0.6, 0.6, 0.6] },
  { name: 'Tank', at: [0.2, 0.9, 0], size: [1.2, 1.8, 1.2], color: [0.2, 0.35, 0.7] },
  { name: 'Valve', at: [1.7, 0.3, 0], size: [0.6, 0.6, 0.6], color: [0.6, 0.6, 0.6] },
];

/** The six faces of a unit box: normal, and two axes spanning the face. */
const FACES: readonly (readonly [readonly number[], readonly number[], readonly number[]])[] = [
  [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  [
    [-1, 0, 0],
    [0, 0, 1],
    [0, 1, 0],
  ],
  [
    [0, 1, 0],
    [0, 0, 1],
    [1, 0, 0],
  ],
  [
    [0, -1, 0],
    [1, 0, 0],
    [0, 0, 1],
  ],
  [
    [0, 0, 1],
    [1, 0, 0],
    [0, 1, 0],
  ],
  [
    [0, 0, -1],
    [0, 1, 0],
    [1, 0, 0],
  ],
];

/** Positions, normals (24 vertices) and indices (36, counter-clockwise outside) of a box. */
function boxGeometry(size: readonly [number, number, number]) {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  FACES.forEach(([n, u, v], face) => {
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      for (let k = 0; k < 3; k++) {
        positions.push(((n[k]! + a * u[k]! + b * v[k]!) * size[k]!) / 2);
        normals.push(n[k]!);
      }
    }
    const base = face * 4;
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  });
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices };
}

export interface GltfParts {
  /** The glTF JSON (buffers[0] without uri: the binary chunk). */
  readonly json: Record<string, unknown>;
  readonly bin: Uint8Array;
}

/** The JSON and the binary buffer of a scene of `boxes` under one parent node named `root`. */
export function gltfParts(boxes: readonly BoxSpec[] = PLANT_BOXES, root = 'Plant'): GltfParts {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const bufferViews: Record<string, unknown>[] = [];
  const accessors: Record<string, unknown>[] = [];
  const add = (bytes: Uint8Array, target: number): number => {
    bufferViews.push({ buffer: 0, byteOffset: length, byteLength: bytes.byteLength, target });
    chunks.push(bytes);
    length += bytes.byteLength;
    const pad = (4 - (length % 4)) % 4;
    if (pad > 0) {
      chunks.push(new Uint8Array(pad));
      length += pad;
    }
    return bufferViews.length - 1;
  };
  const meshes = boxes.map((box, i) => {
    const geometry = boxGeometry(box.size);
    const half = box.size.map((s) => s / 2);
    const position = accessors.push({
      bufferView: add(new Uint8Array(geometry.positions.buffer), 34962),
      componentType: 5126,
      count: 24,
      type: 'VEC3',
      min: half.map((h) => -h),
      max: half,
    });
    const normal = accessors.push({
      bufferView: add(new Uint8Array(geometry.normals.buffer), 34962),
      componentType: 5126,
      count: 24,
      type: 'VEC3',
    });
    const index = accessors.push({
      bufferView: add(new Uint8Array(new Uint16Array(geometry.indices).buffer), 34963),
      componentType: 5123,
      count: 36,
      type: 'SCALAR',
    });
    return {
      name: `${box.name}Mesh`,
      primitives: [
        { attributes: { POSITION: position - 1, NORMAL: normal - 1 }, indices: index - 1, material: i },
      ],
    };
  });
  const bin = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bin.set(chunk, at);
    at += chunk.byteLength;
  }
  const json = {
    asset: { version: '2.0', generator: 'fieldlink test-support' },
    scene: 0,
    scenes: [{ name: 'Scene', nodes: [0] }],
    nodes: [
      { name: root, children: boxes.map((_, i) => i + 1) },
      ...boxes.map((box, i) => ({ name: box.name, mesh: i, translation: [...box.at] })),
    ],
    meshes,
    materials: boxes.map((box) => ({
      name: `${box.name}Paint`,
      pbrMetallicRoughness: { baseColorFactor: [...box.color, 1], metallicFactor: 0, roughnessFactor: 1 },
    })),
    accessors,
    bufferViews,
    buffers: [{ byteLength: length }],
  };
  return { json, bin };
}

/** The GLB container of a glTF JSON and its binary chunk (glTF 2.0 § GLB File Format). */
export function glbOf(json: unknown, bin: Uint8Array | null): ArrayBuffer {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.byteLength / 4) * 4;
  const binLength = bin ? Math.ceil(bin.byteLength / 4) * 4 : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // magic 'glTF'
  view.setUint32(4, 2, true); // version
  view.setUint32(8, total, true); // length
  view.setUint32(12, jsonLength, true); // chunk length
  view.setUint32(16, 0x4e4f534a, true); // chunk type 'JSON'
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength); // padded with spaces
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true); // chunk length
    view.setUint32(at + 4, 0x004e4942, true); // chunk type 'BIN\0'
    out.set(bin, at + 8);
  }
  return out.buffer;
}

/** The pump house as a GLB. */
export function plantGlb(boxes: readonly BoxSpec[] = PLANT_BOXES): ArrayBuffer {
  const { json, bin } = gltfParts(boxes);
  return glbOf(json, bin);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The pump house as a self-contained .gltf: its buffer a data: URI. */
export function plantGltfText(boxes: readonly BoxSpec[] = PLANT_BOXES): string {
  const { json, bin } = gltfParts(boxes);
  const buffers = [
    { byteLength: bin.byteLength, uri: `data:application/octet-stream;base64,${base64(bin)}` },
  ];
  return JSON.stringify({ ...json, buffers });
}

/** The pump house as a .gltf whose buffer is fetched from `uri` (refused by the viewer). */
export function externalGltfText(uri: string): string {
  const { json, bin } = gltfParts();
  return JSON.stringify({ ...json, buffers: [{ byteLength: bin.byteLength, uri }] });
}

/** The pump house as a GLB with a texture image fetched from `uri` (refused by the viewer). */
export function glbWithExternalImage(uri: string): ArrayBuffer {
  const { json, bin } = gltfParts();
  return glbOf({ ...json, images: [{ uri }], textures: [{ source: 0 }] }, bin);
}

/** Text as the bytes a file of it holds. */
export function bytesOf(text: string): ArrayBuffer {
  return new TextEncoder().encode(text).buffer as ArrayBuffer;
}
