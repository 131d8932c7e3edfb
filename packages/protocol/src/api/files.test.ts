// docs/protocol.md § REST contract: the file store's names, directories and camera keys both the
// server and the console hold to (the routes: docs/api.md § Files and § Cameras).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cameraEntryKey, UrlCameraInput } from './cameras.js';
import { FileDir, FileSpace, fileNameProblem, normaliseDir } from './files.js';

describe('file names and directories', () => {
  it('refuse separators, control characters, dot names and outer spaces', () => {
    for (const bad of [
      '',
      '.',
      '..',
      'a/b',
      'a\\b',
      'a\u0000',
      'tab\there',
      ' lead',
      'trail ',
      'x'.repeat(201),
    ]) {
      expect(fileNameProblem(bad), JSON.stringify(bad)).not.toBeNull();
    }
    for (const good of ['a.png', 'ünïcode 名前.json', '100%_done', '.hidden', 'x'.repeat(200)]) {
      expect(fileNameProblem(good), good).toBeNull();
    }
  });

  it('normalise a directory, and never let one climb out of its space', () => {
    expect(normaliseDir('/cfg/2026/')).toBe('cfg/2026');
    expect(normaliseDir('')).toBe('');
    expect(normaliseDir('a/../b')).toBeNull();
    expect(normaliseDir('a//b')).toBeNull();
    expect(normaliseDir(Array.from({ length: 9 }, () => 'd').join('/'))).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 10 }), (parts) => {
        const dir = normaliseDir(parts.join('/'));
        if (dir === null) return;
        for (const part of dir === '' ? [] : dir.split('/')) {
          expect(part === '.' || part === '..' || part === '').toBe(false);
          expect(fileNameProblem(part)).toBeNull();
        }
        // Normal is a fixed point.
        expect(normaliseDir(dir)).toBe(dir);
      }),
    );
    expect(FileDir.safeParse('../etc').success).toBe(false);
  });

  it('name the spaces of the store', () => {
    for (const good of ['me', 'admin', 'project', 'equipment-7'])
      expect(FileSpace.safeParse(good).success).toBe(true);
    for (const bad of ['equipment-0', 'equipment-x', 'user', 'ME', 'equipment-7/..']) {
      expect(FileSpace.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('cameras', () => {
  it('key a camera entry by its serial, with the channel when it is not 1 (spec §3)', () => {
    expect(cameraEntryKey('C123', 1)).toBe('C123');
    expect(cameraEntryKey('C123', 2)).toBe('C123_2');
  });

  it('take stream addresses over http(s) without credentials in them', () => {
    const camera = (url: string) => UrlCameraInput.safeParse({ name: 'Gate', url, kind: 'mjpeg' }).success;
    expect(camera('http://192.168.1.20/video.mjpg')).toBe(true);
    expect(camera('https://cams.example.com:8443/live/index.m3u8?x=1')).toBe(true);
    for (const bad of [
      'rtsp://192.168.1.20/stream',
      'javascript:alert(1)',
      'http://user:pw@host/x',
      'http:/x',
      'http://a b/',
    ]) {
      expect(camera(bad), bad).toBe(false);
    }
  });
});
