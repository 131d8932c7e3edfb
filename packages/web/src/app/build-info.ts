/**
 * What the build says of itself (the About page): the console's version from its package.json,
 * the commit it was built from and when. Vite's `define` puts them in at build time
 * (build/build-info.ts); without it (the unit tests) the build is told apart as a development one.
 */
export interface BuildInfo {
  /** packages/web/package.json's version. */
  readonly version: string;
  /** The short hash of the commit built, or 'unknown' outside a git checkout. */
  readonly commit: string;
  /** When it was built (ISO instant). */
  readonly builtAt: string;
}

declare const __FIELDLINK_BUILD__: BuildInfo | undefined;

/** The build's facts; null when the code runs without a build's (the unit tests). */
export function buildInfo(): BuildInfo | null {
  return typeof __FIELDLINK_BUILD__ === 'undefined' ? null : __FIELDLINK_BUILD__;
}
