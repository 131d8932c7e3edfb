/** Pictures and listings of the file store as the server gives them, for the pictures' tests. */
import type { FileEntry, FileList, FileSpace } from '../../api/files';

const AT = '2026-01-05T08:00:00.000Z';

export function samplePicture(name: string, space: FileSpace = 'me'): FileEntry {
  const url = `/api/v1/pictures/K-${space}/${encodeURIComponent(name)}`;
  return {
    name,
    dir: '',
    size: 2048,
    contentType: 'image/png',
    kind: 'image',
    width: 64,
    height: 64,
    createdAt: AT,
    updatedAt: AT,
    createdBy: 7,
    createdByName: null,
    url,
    thumbnailUrl: `${url}?thumbnail`,
  };
}

export function sampleListing(space: FileSpace, items: readonly FileEntry[], writable = true): FileList {
  return { space, dir: '', items, dirs: [], used: 0, quota: null, maxFileSize: 1_000_000, writable };
}
