/**
 * What a stored picture value is: a built-in name (drawn by the console, or a catalogue name with
 * no file here) or an address the browser may load. Uploaded pictures are served at
 * `/api/v1/pictures/{key}/{name}` without sign-in, so the tree, panels and walls show them under
 * the console's CSP (img-src 'self' data: blob: https:).
 */
import { PICTURE_EXTENSIONS } from '@fieldlink/protocol';
import type { FileEntry } from '../../api/files';

/** Where the file store serves pictures (same origin). */
export const PICTURE_PATH = '/api/v1/pictures/';

/** Uploads for the equipment picture (fEquipImg) may be fitted into this box. */
export const EQUIPMENT_PICTURE_BOX = { width: 128, height: 128 } as const;
/** Channel pictures are drawn 44 px wide: twice that keeps them sharp on dense screens. */
export const CHANNEL_PICTURE_BOX = { width: 88, height: 88 } as const;

export interface PictureBox {
  readonly width: number;
  readonly height: number;
}

const LOADABLE = /^(?:https:\/\/|data:image\/)/i;

/**
 * Whether `value` is a picture the console loads: one of the store's, an https address or a
 * data: picture. Anything else (a catalogue name such as `ab00.png`) is drawn, never fetched.
 */
export function isPictureAddress(value: string): boolean {
  const v = value.trim();
  return v.startsWith(PICTURE_PATH) || LOADABLE.test(v);
}

/** The extension of a file name, lower case, '' when it has none. */
const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Whether the name is one a picture upload takes (spec §5: png, jpg, jpeg, gif, webp). */
export function hasPictureExtension(name: string): boolean {
  return (PICTURE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** Files of a listing that are pictures (the store's kinds 'image' and 'svg'). */
export const picturesOf = (items: readonly FileEntry[]): readonly FileEntry[] =>
  items.filter((item) => item.kind !== 'file');

/** A short name for a stored value: the file name of an address, else the value itself. */
export function pictureName(value: string): string {
  const v = value.trim();
  if (/^data:/i.test(v)) return v.length > 24 ? `${v.slice(0, 24)}…` : v;
  if (!isPictureAddress(v)) return v;
  const last = v.split(/[?#]/, 1)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || v;
  } catch {
    return last || v;
  }
}

/** Whether `text` finds this name, case aside ('' finds every name). */
export function matchesName(name: string, text: string): boolean {
  const query = text.trim().toLocaleLowerCase();
  return query === '' || name.toLocaleLowerCase().includes(query);
}
