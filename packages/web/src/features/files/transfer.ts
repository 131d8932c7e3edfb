/**
 * The manager's work on a listing: its order (both views sort the same way), the text of a
 * picture's size and the downloads of chosen files, each saved under its own name.
 */
import { fetchFile } from '../../api/files';
import type { FileEntry, FileSpace } from '../../api/files';
import { saveFile } from '../history/export-stream';
import type { SortKey, SortOrder } from './layout';
import { filePath } from './paths';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: FileEntry, b: FileEntry, key: SortKey): number {
  if (key === 'size') return a.size - b.size;
  if (key === 'updatedAt') return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
  return collator.compare(a.name, b.name);
}

/** The files in the chosen order; ties and no order keep the server's (by name). */
export function sortFiles(
  items: readonly FileEntry[],
  key: SortKey | null,
  order: SortOrder | null,
): readonly FileEntry[] {
  if (key === null || order === null) return items;
  const sign = order === 'ascend' ? 1 : -1;
  return [...items].sort((a, b) => sign * compare(a, b, key));
}

/** `1920 × 1080` of a picture; null for other files. */
export const dimensionsOf = (file: FileEntry): string | null =>
  file.width !== null && file.height !== null ? `${file.width} × ${file.height}` : null;

export const isPicture = (file: FileEntry): boolean => file.kind !== 'file';

/** One after another (browsers refuse a burst of downloads), each failure reported on its own. */
export async function downloadFiles(
  space: FileSpace,
  files: readonly FileEntry[],
  onFailure: (file: FileEntry, error: unknown) => void,
): Promise<void> {
  for (const file of files) {
    try {
      const blob = await fetchFile(space, filePath(file));
      saveFile([blob], file.name, blob.type || file.contentType);
    } catch (error) {
      onFailure(file, error);
    }
  }
}
