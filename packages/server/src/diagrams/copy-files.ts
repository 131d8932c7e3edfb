/**
 * A copied project's own files: everything under the original's directory in the project space
 * (its SVG drawing, 3D scene, preview, pictures) copied under the copy's id, and the copy's
 * document, cover and preview pointed at the copies — so deleting the original, which clears its
 * directory, leaves the copy whole.
 */
import type { DiagramDocument } from '@fieldlink/protocol';
import type { FileStore } from '../files/store.js';
import type { StoredFile } from '../storage/file-schema.js';

/** Where a file sits relative to `dir` ('' for `dir` itself), with its name. */
function relativePath(file: StoredFile, dir: string): string {
  const rest = file.dir === dir ? '' : file.dir.slice(dir.length + 1);
  return `${rest}/${file.name}`;
}

/**
 * Copies the files under `from` to `to` in `space`, counted against the copier's quota; returns
 * each copied picture's old key with its new one (pictures are read by key, sign-in free).
 */
export async function copyProjectFiles(
  store: FileStore,
  space: { key: string; quota: boolean },
  from: string,
  to: string,
  userId: number,
): Promise<Map<string, string>> {
  const before = await store.list(space.key, from, true);
  const keys = new Map<string, string>();
  if (before.items.length === 0) return keys;
  await store.copy(
    { key: space.key, dir: from },
    { key: space.key, dir: to, quota: space.quota },
    userId,
    false,
  );
  const after = await store.list(space.key, to, true);
  const copied = new Map(after.items.map((file) => [relativePath(file, to), file.picture_key]));
  for (const file of before.items) {
    const key = copied.get(relativePath(file, from));
    if (file.picture_key !== null && key) keys.set(file.picture_key, key);
  }
  return keys;
}

/** A picture address, cover or preview with its picture key replaced by the copy's. */
export function repointPictures(text: string, keys: ReadonlyMap<string, string>): string {
  return text.replace(
    /(\/api\/v1\/(?:pictures|picture-thumbnails)\/)([A-Za-z0-9_-]+)/g,
    (whole, prefix: string, key: string) => {
      const copy = keys.get(key);
      return copy ? `${prefix}${copy}` : whole;
    },
  );
}

/** The copy's document: its pictures repointed and a scene kept under the original's id moved. */
export function repointDocument(
  document: DiagramDocument,
  keys: ReadonlyMap<string, string>,
  from: string,
  to: string,
): DiagramDocument {
  const copy = JSON.parse(repointPictures(JSON.stringify(document), keys)) as DiagramDocument;
  if (copy.scene && copy.scene.src.startsWith(`${from}/`)) {
    copy.scene = { ...copy.scene, src: `${to}/${copy.scene.src.slice(from.length + 1)}` };
  }
  return copy;
}
