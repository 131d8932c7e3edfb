/**
 * DATA_DIR holds the signing key and, on SQLite, every account and device: it is the server's
 * alone. The directory is created 0700 and its files kept 0600, whatever the umask (which can only
 * take permissions away from the mode asked, so the mode is set again after creation).
 */
import { chmod, mkdir } from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the data directory (and its missing parents) 0700. One that exists is left as the
 * operator made it: it may be a directory shared with other things.
 */
export async function makeDataDir(dataDir: string): Promise<void> {
  const created = await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (created !== undefined) await chmod(dataDir, PRIVATE_DIR_MODE);
}

/**
 * Makes a file of ours 0600. One that is missing is skipped; one that we may not change (another
 * owner) is left as it is rather than stopping the start.
 */
export async function keepPrivate(file: string): Promise<void> {
  try {
    await chmod(file, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}
