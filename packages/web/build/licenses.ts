/**
 * A build step that lists the npm packages bundled in the console with their licences: at the end
 * of `vite build` it takes every module the chunks hold from under node_modules, reads each
 * package's package.json (name, version, license) and its licence file, and writes
 * `licenses.json` beside index.html, which the About page shows. Only what the bundle holds is
 * listed, not everything installed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LICENSES_FILE } from '../src/api/licenses';
import type { BundledPackage, LicenseList } from '../src/api/licenses';

/** A licence file's name: LICENSE, LICENCE or COPYING, with or without an extension or suffix. */
const LICENSE_FILE = /^(licen[cs]e|copying)([.-].*)?$/i;

/**
 * The folder of the package a module id lies in (the part after the last node_modules, with its
 * scope), or null for the console's own modules and the bundler's virtual ones.
 */
export function packageDirOf(id: string): string | null {
  if (id.startsWith('\0')) return null;
  const path = id.split('?')[0]!.replace(/\\/g, '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = path.slice(at + '/node_modules/'.length).split('/');
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  if (rest.length <= depth || rest.slice(0, depth).some((part) => part === '')) return null;
  return path.slice(0, at + '/node_modules/'.length) + rest.slice(0, depth).join('/');
}

/** How a package.json names its licence: the SPDX string, the old `{ type }` or `licenses` list. */
export function licenseOf(manifest: Record<string, unknown>): string {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  const typed = (value: unknown): string | null =>
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
      ? (value as { type: string }).type
      : null;
  if (typed(license)) return typed(license)!;
  if (Array.isArray(licenses)) {
    const types = licenses.map(typed).filter((t): t is string => t !== null);
    if (types.length > 0) return types.length === 1 ? types[0]! : `(${types.join(' OR ')})`;
  }
  return '';
}

export interface PackageFiles {
  /** The package.json's text, or null when there is none. */
  readonly manifest: (dir: string) => string | null;
  /** The file names of the package's folder. */
  readonly list: (dir: string) => readonly string[];
  readonly read: (path: string) => string | null;
}

const disk: PackageFiles = {
  manifest: (dir) => readOrNull(join(dir, 'package.json')),
  list: (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  },
  read: readOrNull,
};

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The packages of these module ids, each once (by name and version), sorted by name. */
export function collectLicenses(moduleIds: Iterable<string>, files: PackageFiles = disk): LicenseList {
  const dirs = new Set<string>();
  for (const id of moduleIds) {
    const dir = packageDirOf(id);
    if (dir !== null) dirs.add(dir);
  }
  const found = new Map<string, BundledPackage>();
  for (const dir of dirs) {
    const text = files.manifest(dir);
    if (text === null) continue;
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof manifest.name !== 'string') continue;
    const version = typeof manifest.version === 'string' ? manifest.version : '';
    const licenseFile = files
      .list(dir)
      .filter((name) => LICENSE_FILE.test(name))
      .sort()[0];
    const licenseText = licenseFile === undefined ? null : files.read(join(dir, licenseFile));
    found.set(`${manifest.name}@${version}`, {
      name: manifest.name,
      version,
      license: licenseOf(manifest),
      text: licenseText?.trim() || null,
    });
  }
  const packages = [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en') || a.version.localeCompare(b.version, 'en'),
  );
  return { packages };
}

/** The Vite plugin: `licenses.json` from the modules of the finished bundle. */
export function bundledLicenses(files: PackageFiles = disk): Plugin {
  return {
    name: 'fieldlink-bundled-licenses',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        // Modules tree-shaken away to nothing are not in the console.
        for (const [id, module] of Object.entries(output.modules))
          if (module.renderedLength > 0) ids.push(id);
      }
      this.emitFile({
        type: 'asset',
        fileName: LICENSES_FILE,
        source: JSON.stringify(collectLicenses(ids, files)),
      });
    },
  };
}
