/**
 * The licences of the libraries bundled in the console: `licenses.json`, a file the build writes
 * beside index.html (packages/web/build/licenses.ts), read from the console's own origin. Not an
 * API call: there is no token to send and no API error shape to read. A development server has no
 * such file (it answers its index page or 404): the list is then not available.
 */
import { z } from 'zod';

export const LICENSES_FILE = 'licenses.json';

export const BundledPackage = z.object({
  name: z.string(),
  version: z.string(),
  /** The SPDX expression of its package.json; '' when it names none. */
  license: z.string(),
  /** Its LICENSE (or LICENCE, COPYING) file; null when it ships none. */
  text: z.string().nullable(),
});
export type BundledPackage = z.infer<typeof BundledPackage>;

export const LicenseList = z.object({ packages: z.array(BundledPackage) });
export type LicenseList = z.infer<typeof LicenseList>;

/** The list, or null when this build has none (a development build). */
export async function fetchLicenses(signal?: AbortSignal): Promise<LicenseList | null> {
  const response = await fetch(LICENSES_FILE, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return null;
  }
  const parsed = LicenseList.safeParse(body);
  return parsed.success ? parsed.data : null;
}
