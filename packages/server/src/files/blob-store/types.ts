/**
 * Where the bytes of stored files go. File metadata (names, sizes, owners, quotas) is always in
 * the SQL database; the bytes go to the database itself (the default) or to an S3-compatible
 * object store.
 */
export interface BlobStore {
  /** 'database' (default) or 's3'. */
  readonly kind: 'database' | 's3';
  /** Stores bytes under key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under key, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the keys; absent keys are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Copies one key to another (server-side where the store can). */
  copy(from: string, to: string): Promise<void>;
  /** Checks the store answers (used at start and by /health). */
  check(): Promise<void>;
  close(): Promise<void>;
}
