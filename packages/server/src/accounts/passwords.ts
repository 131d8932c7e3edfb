/** Password hashing with argon2id (the library default) and the PHC string format. */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not a hash at all. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows, verified when the account does not exist, so the time a failed
 * sign-in takes does not tell whether the name is registered.
 */
export class DummyHash {
  #hash: Promise<string> | undefined;

  async burn(password: string): Promise<void> {
    this.#hash ??= hashPassword(`unknown-account-${Math.random()}`);
    await verifyPassword(await this.#hash, password);
  }
}
