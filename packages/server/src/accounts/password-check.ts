/**
 * Checking a signed-in user's password again (the `/me` routes, secured operations). Every check
 * is counted by the sign-in limits as a sign-in from the client's address (login-limits.ts): the
 * attempt is reserved before the hash is checked, so a stolen access token is no way to guess the
 * password quickly (429 with Retry-After past the limits), and wrong guesses here and at sign-in
 * count together.
 */
import type { User } from '../storage/schema.js';
import type { LoginLimits } from './login-limits.js';
import { verifyPassword } from './passwords.js';

/** Whether `password` is the account's; throws RetryLater (429) when the limits hold it back. */
export async function passwordMatches(
  limits: LoginLimits,
  account: Pick<User, 'user_name' | 'password_hash'>,
  password: string,
  address: string,
): Promise<boolean> {
  const attempt = await limits.reserve(account.user_name, address);
  if (!(await verifyPassword(account.password_hash, password))) {
    await limits.failed(attempt);
    return false;
  }
  await limits.succeeded(attempt);
  return true;
}
