/**
 * Whether a password is strong enough for an administrator set up from the environment
 * (ADMIN_PASSWORD; docs/operations.md § The first administrator). Sign-up keeps §5's own rule (six
 * characters); an account that holds every right on every device is held to more.
 */

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/**
 * Well-known passwords that meet the length and class rules, compared in any case: the lists
 * guessers try first are full of them. Short ones are refused by the length rule already.
 */
const COMMON_PASSWORDS = new Set([
  'password123!',
  'password1234',
  'password@123',
  'password@1234',
  'password1234!',
  'passw0rd1234',
  'passw0rd123!',
  'p@ssw0rd1234',
  'p@ssword1234',
  'p@ssw0rd123!',
  'admin@123456',
  'admin1234567',
  'admin123456!',
  'administrator1',
  'administrator!',
  'qwerty123456',
  'qwerty123456!',
  'qwerty@123456',
  'qwertyuiop123',
  'qwertyuiop1!',
  '1qaz@wsx3edc',
  '1qaz!qaz2wsx',
  '1qaz2wsx#edc',
  'zaq1@wsx3edc',
  'aa123456789!',
  'abc123456789!',
  'abcd1234!@#$',
  'welcome@1234',
  'welcome12345',
  'welcome1234!',
  'iloveyou123!',
  'changeme123!',
  'letmein12345',
  'letmein1234!',
  'fieldlink123',
  'fieldlink123!',
  'fieldlink@123',
  'fieldlink2024',
  'fieldlink2025',
  'fieldlink2026',
]);

/** The character classes counted: lower case, upper case, digits, anything else. */
function classesOf(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u].filter((re) => re.test(password)).length;
}

/** Why `password` is too weak for the administrator `userName`, or null when it is strong enough. */
export function adminPasswordWeakness(password: string, userName: string): string | null {
  if ([...password].length < MIN_ADMIN_PASSWORD_LENGTH) {
    return `it has fewer than ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  }
  if (classesOf(password) < 3) {
    return 'it needs characters of at least 3 of these kinds: lower case, upper case, digits, others';
  }
  if (userName !== '' && password.toLowerCase().includes(userName.toLowerCase())) {
    return 'it contains the user name';
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'it is a well-known password';
  return null;
}
