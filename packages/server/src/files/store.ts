/**
 * The file store: metadata in the database (always), bytes in a blob store (the database by
 * default, or S3). Names are unique per space and directory; a replaced file keeps its picture
 * address. Every upload counts against its uploader's quota, except in the platform's space.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { StoredFile } from '../storage/file-schema.js';
import type { Database } from '../storage/schema.js';
import type { BlobStore } from './blob-store/types.js';
import type { PreparedFile } from './prepare.js';

export interface FileLimits {
  /** The largest file taken (FILE_MAX_BYTES). */
  readonly maxFileBytes: number;
  /** Bytes each user's uploads may take (FILE_QUOTA_BYTES); null for no quota. */
  readonly quotaBytes: number | null;
}

export const DEFAULT_FILE_LIMITS: FileLimits = {
  maxFileBytes: 20 * 1024 * 1024,
  quotaBytes: 512 * 1024 * 1024,
};

const newBlobKey = (): string => `b/${randomUUID()}`;
/** 128 random bits: a picture's address cannot be guessed. */
const newPictureKey = (): string => randomBytes(16).toString('base64url');

const joinPath = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);

/** `path` as directory and name; null when it names no file. */
export function splitPath(path: string): { dir: string; name: string } | null {
  const clean = path.replace(/^\/+/, '');
  const slash = clean.lastIndexOf('/');
  const name = slash < 0 ? clean : clean.slice(slash + 1);
  const dir = slash < 0 ? '' : clean.slice(0, slash);
  return name === '' ? null : { dir, name };
}

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export class FileStore {
  constructor(
    readonly db: Kysely<Database>,
    readonly blobs: BlobStore,
    readonly limits: FileLimits = DEFAULT_FILE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Files in `dir` (and under it when recursive), and the directories directly under it. */
  async list(
    space: string,
    dir: string,
    recursive: boolean,
  ): Promise<{ items: StoredFile[]; dirs: string[] }> {
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('space', '=', space)
      .where((eb) => (dir === '' ? eb.lit(true) : eb.or([eb('dir', '=', dir), this.under(eb, dir)])))
      .orderBy('dir')
      .orderBy('name')
      .execute();
    const dirs = new Set<string>();
    const prefix = dir === '' ? '' : `${dir}/`;
    for (const row of rows) {
      if (row.dir !== dir && row.dir.startsWith(prefix))
        dirs.add(row.dir.slice(prefix.length).split('/')[0] ?? '');
    }
    dirs.delete('');
    return { items: recursive ? rows : rows.filter((row) => row.dir === dir), dirs: [...dirs].sort() };
  }

  /** Directories strictly under `dir` (portable: no LIKE, whose wildcards names may contain). */
  private under(eb: ExpressionBuilder<Database, 'files'>, dir: string) {
    const prefix = `${dir}/`;
    return eb(sql<string>`substr(dir, 1, ${prefix.length})`, '=', prefix);
  }

  /** Bytes the user's uploads take (the platform's files are not counted). */
  async usedBy(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('used'))
      .where('created_by', '=', userId)
      .where('space', '!=', 'a')
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  async find(space: string, dir: string, name: string): Promise<StoredFile | undefined> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('space', '=', space)
      .where('dir', '=', dir)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async findPicture(key: string): Promise<StoredFile | undefined> {
    return this.db.selectFrom('files').selectAll().where('picture_key', '=', key).executeTakeFirst();
  }

  async bytesOf(file: StoredFile, variant: 'content' | 'thumbnail'): Promise<Uint8Array | null> {
    const key = variant === 'content' ? file.blob_key : file.thumb_key;
    return key === null ? null : this.blobs.get(key);
  }

  /**
   * Stores prepared files in `dir`: refused whole (nothing stored) when a name is taken and
   * `replace` is off, or when the uploader's quota would be exceeded.
   */
  async save(
    space: { key: string; quota: boolean },
    dir: string,
    files: readonly PreparedFile[],
    userId: number,
    replace: boolean,
  ): Promise<StoredFile[]> {
    const names = new Set<string>();
    for (const file of files) {
      if (names.has(file.name)) throw new ApiError('bad_request', `${file.name} is sent twice`);
      names.add(file.name);
    }
    const existing = new Map<string, StoredFile>();
    for (const file of files) {
      const found = await this.find(space.key, dir, file.name);
      if (found) existing.set(file.name, found);
    }
    if (existing.size > 0 && !replace) {
      const taken = [...existing.keys()];
      throw new ApiError(
        'conflict',
        taken.length === 1
          ? `a file named ${taken[0]} is already here`
          : `${taken.length} files of these names are already here: ${taken.slice(0, 5).join(', ')}`,
      );
    }
    if (space.quota) {
      const freed = [...existing.values()]
        .filter((f) => f.created_by === userId)
        .reduce((n, f) => n + f.size, 0);
      const adding = files.reduce((n, f) => n + f.bytes.byteLength, 0);
      await this.checkQuota(userId, adding - freed);
    }
    const at = this.now();
    const stored: StoredFile[] = [];
    for (const file of files) {
      const blobKey = newBlobKey();
      const thumbKey = file.thumbnail === null ? null : newBlobKey();
      await this.blobs.put(blobKey, file.bytes, file.contentType);
      if (thumbKey !== null && file.thumbnail !== null)
        await this.blobs.put(thumbKey, file.thumbnail, 'image/webp');
      const old = existing.get(file.name);
      const picture = file.kind === 'file' ? null : (old?.picture_key ?? newPictureKey());
      const values = {
        size: file.bytes.byteLength,
        content_type: file.contentType,
        kind: file.kind,
        width: file.width,
        height: file.height,
        sha256: file.sha256,
        blob_key: blobKey,
        thumb_key: thumbKey,
        picture_key: picture,
        created_by: userId,
        updated_at: at,
      };
      const row = old
        ? await this.db
            .updateTable('files')
            .set(values)
            .where('id', '=', old.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await this.db
            .insertInto('files')
            .values({ ...values, space: space.key, dir, name: file.name, created_at: at })
            .returningAll()
            .executeTakeFirstOrThrow();
      if (old) await this.blobs.delete([old.blob_key, ...(old.thumb_key === null ? [] : [old.thumb_key])]);
      stored.push(row);
    }
    return stored;
  }

  private async checkQuota(userId: number, adding: number): Promise<void> {
    const quota = this.limits.quotaBytes;
    if (quota === null || adding <= 0) return;
    const used = await this.usedBy(userId);
    if (used + adding > quota) {
      throw new ApiError(
        'payload_too_large',
        `this would take ${megabytes(used + adding)} of your ${megabytes(quota)} quota (${megabytes(used)} used): delete some files first`,
      );
    }
  }

  /** Removes the named files of `dir`; returns how many there were. */
  async remove(space: string, dir: string, names: readonly string[]): Promise<number> {
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('space', '=', space)
      .where('dir', '=', dir)
      .where('name', 'in', [...names])
      .execute();
    return this.drop(rows);
  }

  /** Removes everything in `dir` and under it ('' : the whole space). */
  async clear(space: string, dir: string): Promise<number> {
    const { items } = await this.list(space, dir, true);
    return this.drop(items);
  }

  private async drop(rows: readonly StoredFile[]): Promise<number> {
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    for (let i = 0; i < ids.length; i += 500) {
      await this.db
        .deleteFrom('files')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    await this.blobs.delete(
      rows.flatMap((row) => [row.blob_key, ...(row.thumb_key === null ? [] : [row.thumb_key])]),
    );
    return rows.length;
  }

  /**
   * Copies `from.dir` and everything under it to `to.dir` (copying configuration between devices).
   * Refused whole when a name is taken and `replace` is off, or over the quota.
   */
  async copy(
    from: { key: string; dir: string },
    to: { key: string; dir: string; quota: boolean },
    userId: number,
    replace: boolean,
  ): Promise<number> {
    if (
      from.key === to.key &&
      (to.dir === from.dir || to.dir.startsWith(`${from.dir}/`) || from.dir === '')
    ) {
      throw new ApiError('bad_request', 'a directory cannot be copied into itself');
    }
    const { items } = await this.list(from.key, from.dir, true);
    const target = (file: StoredFile): { dir: string; name: string } => {
      const relative = from.dir === '' ? file.dir : file.dir.slice(from.dir.length).replace(/^\//, '');
      return {
        dir: relative === '' ? to.dir : to.dir === '' ? relative : `${to.dir}/${relative}`,
        name: file.name,
      };
    };
    const existing = new Map<number, StoredFile>();
    for (const file of items) {
      const { dir, name } = target(file);
      const found = await this.find(to.key, dir, name);
      if (found) existing.set(file.id, found);
    }
    if (existing.size > 0 && !replace) {
      const first = [...existing.values()][0];
      throw new ApiError(
        'conflict',
        `${existing.size} of the files are already there (${first ? joinPath(first.dir, first.name) : ''} …)`,
      );
    }
    if (to.quota) {
      const freed = [...existing.values()]
        .filter((f) => f.created_by === userId)
        .reduce((n, f) => n + f.size, 0);
      await this.checkQuota(userId, items.reduce((n, f) => n + f.size, 0) - freed);
    }
    const at = this.now();
    for (const file of items) {
      const { dir, name } = target(file);
      const blobKey = newBlobKey();
      const thumbKey = file.thumb_key === null ? null : newBlobKey();
      await this.blobs.copy(file.blob_key, blobKey);
      if (file.thumb_key !== null && thumbKey !== null) await this.blobs.copy(file.thumb_key, thumbKey);
      const old = existing.get(file.id);
      const values = {
        size: file.size,
        content_type: file.content_type,
        kind: file.kind,
        width: file.width,
        height: file.height,
        sha256: file.sha256,
        blob_key: blobKey,
        thumb_key: thumbKey,
        picture_key: file.picture_key === null ? null : (old?.picture_key ?? newPictureKey()),
        created_by: userId,
        updated_at: at,
      };
      if (old) {
        await this.db.updateTable('files').set(values).where('id', '=', old.id).execute();
        await this.blobs.delete([old.blob_key, ...(old.thumb_key === null ? [] : [old.thumb_key])]);
      } else {
        await this.db
          .insertInto('files')
          .values({ ...values, space: to.key, dir, name, created_at: at })
          .execute();
      }
    }
    return items.length;
  }

  /** Everything of these spaces, when their owners (equipment, a user) are removed. */
  async removeSpaces(spaces: readonly string[]): Promise<number> {
    if (spaces.length === 0) return 0;
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('space', 'in', [...spaces])
      .execute();
    return this.drop(rows);
  }
}
