/**
 * Spaces and directories as the file manager walks them: the kind of a space (the saved view is
 * kept per kind, not per device), directories as `a/b/c` with '' for the top, and the check of a
 * new folder's name before the console navigates into it.
 */
import { fileNameProblem, normaliseDir } from '@fieldlink/protocol';
import type { FileSpace } from '../../api/files';

export const SPACE_KINDS = ['me', 'admin', 'project', 'equipment'] as const;
export type SpaceKind = (typeof SPACE_KINDS)[number];

export const spaceKind = (space: FileSpace): SpaceKind =>
  space.startsWith('equipment-') ? 'equipment' : (space as Exclude<SpaceKind, 'equipment'>);

/** `dir` and one name under it. */
export const childDir = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);

/** A file's path in its space, as the content call takes it. */
export const filePath = (file: { readonly dir: string; readonly name: string }): string =>
  childDir(file.dir, file.name);

/** The breadcrumb of `dir`: each step with the directory it opens, the top ('') excluded. */
export function dirSteps(dir: string): { readonly name: string; readonly dir: string }[] {
  if (dir === '') return [];
  const parts = dir.split('/');
  return parts.map((name, i) => ({ name, dir: parts.slice(0, i + 1).join('/') }));
}

export type FolderProblem = 'invalid' | 'tooDeep';

/** Why `name` cannot be a folder under `dir`, or null when the console may open it. */
export function folderProblem(dir: string, name: string): FolderProblem | null {
  if (fileNameProblem(name) !== null) return 'invalid';
  return normaliseDir(childDir(dir, name)) === null ? 'tooDeep' : null;
}
