/**
 * The tables of the file store, saved user documents and stream-address cameras (migration 0016).
 * See storage/schema.ts for the conventions (epoch milliseconds, JSON as text).
 */
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, JsonText } from './schema.js';

export type StoredFileKind = 'image' | 'svg' | 'file';

/** One stored file's metadata; its bytes are in the blob store under `blob_key`. */
export interface FileTable {
  id: Generated<number>;
  /**
   * Whose space: `u:{user}` (a user's files), `e:{equipment}`, `t:{tenant}` or `p:{user}` (project
   * files of a tenant or of a user without one), `a` (the platform's).
   */
  space: string;
  /** `a/b` without leading or trailing slash; '' at the top. */
  dir: string;
  name: string;
  size: number;
  content_type: string;
  kind: StoredFileKind;
  width: number | null;
  height: number | null;
  sha256: string;
  blob_key: string;
  thumb_key: string | null;
  /** The unguessable part of a picture's address (pictures only). */
  picture_key: string | null;
  /** Who uploaded it; their quota counts it. Null once the account is gone. */
  created_by: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** The bytes of the database blob store. */
export interface FileBlobTable {
  key: string;
  data: Uint8Array;
  content_type: string;
  size: number;
}

/** Spec §3 saved user files: userid, ftype, fname, context. */
export interface UserDocumentTable {
  user_id: number;
  ftype: string;
  fname: string;
  context: JsonText;
  size: number;
  updated_at: EpochMs;
}

/** A camera given by a stream address (HLS or MJPEG) rather than a video-cloud account. */
export interface UrlCameraTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  url: string;
  kind: 'mjpeg' | 'hls';
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** A configuration-diagram project (migration 0017); its files are in the project space under its id. */
export interface DiagramProjectTable {
  /** 32 hexadecimal characters. */
  id: string;
  /** The project space it belongs to: `t:{tenant}` or `p:{user}` (see FileTable.space). */
  space: string;
  kind: 'svg' | '3d';
  name: string;
  remarks: string;
  equip_type: string | null;
  cover: string;
  preview: string;
  /** The diagram document of the current version, as JSON. */
  document: JsonText;
  /** The equipment ids the document draws, as a JSON array. */
  equipment: JsonText;
  revision: number;
  created_by: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface FileStoreTables {
  diagram_projects: DiagramProjectTable;
  files: FileTable;
  file_blobs: FileBlobTable;
  user_documents: UserDocumentTable;
  url_cameras: UrlCameraTable;
}

export type StoredFile = Selectable<FileTable>;
export type UrlCamera = Selectable<UrlCameraTable>;
export type DiagramProject = Selectable<DiagramProjectTable>;
