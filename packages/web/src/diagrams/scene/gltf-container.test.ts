// Scene files before three.js reads them: GLB or self-contained glTF only, nothing in them
// pointing outside the file, their data: buffers merged into one GLB so that nothing is fetched.
import { describe, expect, it } from 'vitest';
import { checkSelfContained, dataUriBytes, SceneFileError, selfContainedGlb } from './gltf-container';
import {
  bytesOf,
  externalGltfText,
  glbOf,
  glbWithExternalImage,
  gltfParts,
  plantGlb,
  plantGltfText,
} from './test-support';

/** The JSON chunk and the binary chunk of a GLB. */
function chunks(glb: ArrayBuffer): { json: Record<string, unknown>; bin: Uint8Array } {
  const view = new DataView(glb);
  expect(view.getUint32(0, true)).toBe(0x46546c67);
  expect(view.getUint32(8, true)).toBe(glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(glb, 20, jsonLength))) as Record<
    string,
    unknown
  >;
  const binLength = view.getUint32(20 + jsonLength, true);
  return { json, bin: new Uint8Array(glb, 28 + jsonLength, binLength) };
}

function refused(make: () => unknown): SceneFileError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(SceneFileError);
    return error as SceneFileError;
  }
  throw new Error('not refused');
}

describe('a scene file’s container', () => {
  it('hands a GLB holding only its own binary chunk on as it is', () => {
    const glb = plantGlb();
    expect(selfContainedGlb(glb)).toBe(glb);
  });

  it('turns a .gltf with a data: buffer into a GLB with the same bytes in its binary chunk', () => {
    const { bin } = gltfParts();
    const out = chunks(selfContainedGlb(bytesOf(plantGltfText())));
    expect(out.json.buffers).toEqual([{ byteLength: bin.byteLength }]);
    expect([...out.bin.subarray(0, bin.byteLength)]).toEqual([...bin]);
  });

  it('merges a GLB’s chunk and further data: buffers, pointing the buffer views into the merged one', () => {
    const { json, bin } = gltfParts();
    const extra = Uint8Array.from([1, 2, 3, 4, 5]);
    const uri = `data:application/octet-stream;base64,${btoa(String.fromCharCode(...extra))}`;
    const twoBuffers = {
      ...json,
      buffers: [{ byteLength: bin.byteLength }, { byteLength: 5, uri }],
      bufferViews: [...(json.bufferViews as object[]), { buffer: 1, byteOffset: 1, byteLength: 3 }],
    };
    const out = chunks(selfContainedGlb(glbOf(twoBuffers, bin)));
    const views = out.json.bufferViews as { buffer: number; byteOffset: number; byteLength: number }[];
    expect(views.every((v) => v.buffer === 0)).toBe(true);
    const last = views[views.length - 1]!;
    expect(last.byteOffset).toBe(bin.byteLength + 1);
    expect([...out.bin.subarray(last.byteOffset, last.byteOffset + 3)]).toEqual([2, 3, 4]);
    expect(views[0]).toEqual((json.bufferViews as object[])[0]);
  });

  it('refuses a buffer fetched from an address, naming where it stands and the address', () => {
    const error = refused(() => selfContainedGlb(bytesOf(externalGltfText('https://evil.example/x.bin'))));
    expect(error.code).toBe('external');
    expect(error.uri).toBe('https://evil.example/x.bin');
    expect(error.message).toBe('buffers[0] refers to https://evil.example/x.bin');
  });

  it('refuses a buffer beside the file (a relative path) and a texture image from an address', () => {
    expect(refused(() => selfContainedGlb(bytesOf(externalGltfText('pump.bin')))).uri).toBe('pump.bin');
    const image = refused(() => selfContainedGlb(glbWithExternalImage('//tracker.example/p.png')));
    expect(image.code).toBe('external');
    expect(image.message).toBe('images[0] refers to //tracker.example/p.png');
  });

  it('refuses an address anywhere in the JSON, an extension’s included', () => {
    const json = { asset: { version: '2.0' }, extensions: { EXT_any: { sources: [{ uri: 'http://x/a' }] } } };
    expect(refused(() => checkSelfContained(json)).message).toBe(
      'extensions.EXT_any.sources[0] refers to http://x/a',
    );
    expect(() =>
      checkSelfContained({ asset: { version: '2.0' }, images: [{ uri: 'data:image/png;base64,AA==' }] }),
    ).not.toThrow();
  });

  it('refuses what is not glTF 2.0', () => {
    expect(refused(() => selfContainedGlb(bytesOf('solid cube\nendsolid'))).code).toBe('not-gltf');
    expect(refused(() => selfContainedGlb(bytesOf('{"asset":{"version":"1.0"}}'))).code).toBe('version');
    expect(refused(() => selfContainedGlb(bytesOf('[1,2]'))).code).toBe('not-gltf');
    const cut = plantGlb().slice(0, 100);
    new DataView(cut).setUint32(8, 100, true);
    expect(refused(() => selfContainedGlb(cut)).message).toBe('the GLB file is cut short');
  });

  it('reads base64 and percent-encoded data: URIs', () => {
    expect([...dataUriBytes('data:application/octet-stream;base64,AQID')]).toEqual([1, 2, 3]);
    expect([...dataUriBytes('data:,A%01')]).toEqual([65, 1]);
    expect(refused(() => dataUriBytes('data:;base64,@@@')).code).toBe('buffer');
  });
});
