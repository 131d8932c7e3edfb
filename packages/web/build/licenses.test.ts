import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildInfoOf, commitOf } from './build-info';
import { collectLicenses, licenseOf, packageDirOf } from './licenses';
import type { PackageFiles } from './licenses';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the packages of a bundle', () => {
  it('finds the package folder of a module id, scoped or not, nested or not', () => {
    expect(packageDirOf('/w/node_modules/react/index.js')).toBe('/w/node_modules/react');
    expect(packageDirOf('/w/node_modules/@ant-design/icons/es/A.js?commonjs-es-import')).toBe(
      '/w/node_modules/@ant-design/icons',
    );
    expect(packageDirOf('/w/node_modules/antd/node_modules/@rc-component/util/es/x.js')).toBe(
      '/w/node_modules/antd/node_modules/@rc-component/util',
    );
    expect(packageDirOf('C:\\w\\node_modules\\zod\\v4\\index.js')).toBe('C:/w/node_modules/zod');
    expect(packageDirOf('/w/packages/web/src/main.tsx')).toBeNull();
    expect(packageDirOf('\0vite/preload-helper.js')).toBeNull();
    expect(packageDirOf('/w/node_modules/@scope')).toBeNull();
  });

  it('reads the licence however package.json names it', () => {
    expect(licenseOf({ license: 'MIT' })).toBe('MIT');
    expect(licenseOf({ license: { type: 'BSD-3-Clause' } })).toBe('BSD-3-Clause');
    expect(licenseOf({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT OR Apache-2.0)');
    expect(licenseOf({})).toBe('');
  });

  it('lists each package once, sorted, with its licence file when it has one', () => {
    const manifests: Record<string, string> = {
      '/n/node_modules/b': JSON.stringify({ name: 'b', version: '2.0.0', license: 'ISC' }),
      '/n/node_modules/@s/a': JSON.stringify({ name: '@s/a', version: '1.0.0', license: 'MIT' }),
      '/n/node_modules/broken': '{',
    };
    const files: PackageFiles = {
      manifest: (dir) => manifests[dir] ?? null,
      list: (dir) =>
        dir === '/n/node_modules/@s/a' ? ['README.md', 'LICENSE.md', 'index.js'] : ['index.js'],
      read: (path) =>
        path === join('/n/node_modules/@s/a', 'LICENSE.md') ? '  MIT License\n\nCopyright …\n' : null,
    };
    const list = collectLicenses(
      [
        '/n/node_modules/b/index.js',
        '/n/node_modules/@s/a/x.js',
        '/n/node_modules/@s/a/y.js',
        '/n/node_modules/broken/index.js',
        '/n/node_modules/missing/index.js',
        '/n/src/App.tsx',
      ],
      files,
    );
    expect(list).toEqual({
      packages: [
        { name: '@s/a', version: '1.0.0', license: 'MIT', text: 'MIT License\n\nCopyright …' },
        { name: 'b', version: '2.0.0', license: 'ISC', text: null },
      ],
    });
  });

  it('reads the installed packages from disk: react, MIT, with its licence text', () => {
    const react = fileURLToPath(import.meta.resolve('react'));
    const { packages } = collectLicenses([react]);
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({ name: 'react', license: 'MIT' });
    expect(packages[0]!.text).toMatch(/MIT License/);
  });
});

describe('the build facts', () => {
  it('takes the version of package.json, a commit hash or unknown, and the time', () => {
    const info = buildInfoOf(WEB_ROOT, new Date(Date.UTC(2026, 0, 5)));
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.commit).toMatch(/^([0-9a-f]{4,40}|unknown)$/);
    expect(info.builtAt).toBe('2026-01-05T00:00:00.000Z');
  });

  it('says unknown outside a git checkout rather than failing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fieldlink-no-git-'));
    try {
      expect(commitOf(dir)).toBe('unknown');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
