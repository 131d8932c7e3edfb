/**
 * What every BlobStore does, as one suite to run against each of them:
 *
 * ```ts
 * blobStoreContract('database (sqlite)', async () => createDatabaseBlobStore(storage().db));
 * blobStoreContract('s3', async () => createS3BlobStore(server().settings), serverCase.skip);
 * ```
 *
 * `makeStore` is called before each test and must give a store that holds no keys yet (a fresh
 * database, or a fresh prefix in a bucket); the suite closes it after the test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './types.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array | null): string | null =>
  bytes === null ? null : new TextDecoder().decode(bytes);

/** Keys as users' file names make them: spaces, non-ASCII letters, URL-reserved characters. */
export const AWKWARD_KEYS = [
  'u/12/photos/a.png',
  'u/12/фото 2024/雪 景.png',
  'u/12/café.txt',
  'u/12/cafe\u0301.txt', // the same name decomposed (NFD): a different key
  'u/12/Café.txt',
  'u/12/a+b c%20d?e#f&g=h;i,j:k@l$m!(n)*~\'o".txt',
  'e/7/compile/cfg.json',
  't/12/thumb.webp',
  'u/12/emoji 🚜.bin',
] as const;

/** Enough keys for two DeleteObjects requests (1000 each) at S3. */
const MANY_KEYS = 1_001;

export function blobStoreContract(
  name: string,
  makeStore: () => Promise<BlobStore>,
  skip: string | null = null,
): void {
  describe.skipIf(skip !== null)(
    skip === null ? `${name} blob store` : `${name} blob store (skipped: ${skip})`,
    () => {
      let current: BlobStore | undefined;
      const store = (): BlobStore => {
        if (!current) throw new Error('the blob store is made before each test');
        return current;
      };
      beforeEach(async () => {
        current = await makeStore();
      });
      afterEach(async () => {
        await current?.close();
        current = undefined;
      });

      it('answers check()', async () => {
        await expect(store().check()).resolves.toBeUndefined();
      });

      it('gives null for a key that holds nothing', async () => {
        expect(await store().get('u/12/never-stored.png')).toBeNull();
      });

      it('gives back the bytes put, every byte value', async () => {
        const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
        await store().put('u/12/photos/a.png', bytes, 'image/png');
        expect(await store().get('u/12/photos/a.png')).toEqual(bytes);
      });

      it('stores empty bytes as empty, not as nothing', async () => {
        await store().put('u/12/empty.txt', new Uint8Array(0), 'text/plain');
        expect(await store().get('u/12/empty.txt')).toEqual(new Uint8Array(0));
      });

      it('replaces the bytes of a key put again', async () => {
        await store().put(
          'e/7/compile/cfg.json',
          encode('{"v":1,"long":"first version"}'),
          'application/json',
        );
        await store().put('e/7/compile/cfg.json', encode('{"v":2}'), 'application/json');
        expect(decode(await store().get('e/7/compile/cfg.json'))).toBe('{"v":2}');
      });

      it('keeps keys with spaces, non-ASCII and URL-reserved characters apart', async () => {
        await Promise.all(
          AWKWARD_KEYS.map((key) => store().put(key, encode(`bytes of ${key}`), 'application/octet-stream')),
        );
        for (const key of AWKWARD_KEYS) expect(decode(await store().get(key))).toBe(`bytes of ${key}`);
        await store().delete(AWKWARD_KEYS);
        for (const key of AWKWARD_KEYS) expect(await store().get(key)).toBeNull();
      });

      it('deletes the keys given and no others; absent keys and repeats are no error', async () => {
        await store().put('u/1/a', encode('a'), 'text/plain');
        await store().put('u/1/b', encode('b'), 'text/plain');
        await store().put('u/1/c', encode('c'), 'text/plain');
        await store().delete(['u/1/a', 'u/1/absent', 'u/1/c', 'u/1/a']);
        expect(await store().get('u/1/a')).toBeNull();
        expect(decode(await store().get('u/1/b'))).toBe('b');
        expect(await store().get('u/1/c')).toBeNull();
        await expect(store().delete([])).resolves.toBeUndefined();
        await expect(store().delete(['u/1/a'])).resolves.toBeUndefined();
      });

      // Over 1000 puts take seconds against a server in this process on a busy machine.
      it(`deletes ${MANY_KEYS} keys in one call`, { timeout: 90_000 }, async () => {
        const keys = Array.from(
          { length: MANY_KEYS },
          (_, i) => `u/3/many/${String(i).padStart(4, '0')}.bin`,
        );
        for (let i = 0; i < keys.length; i += 50) {
          await Promise.all(
            keys.slice(i, i + 50).map((key) => store().put(key, encode(key), 'application/octet-stream')),
          );
        }
        await store().put('u/3/kept.bin', encode('kept'), 'application/octet-stream');
        await store().delete(keys);
        const left = await Promise.all([keys[0], keys[999], keys[1000]].map((key) => store().get(key ?? '')));
        expect(left).toEqual([null, null, null]);
        expect(decode(await store().get('u/3/kept.bin'))).toBe('kept');
      });

      it('copies bytes to a new key and leaves the source as it was', async () => {
        await store().put('u/12/фото 2024/雪 景.png', encode('snow'), 'image/png');
        await store().copy('u/12/фото 2024/雪 景.png', 'u/13/copied snow.png');
        expect(decode(await store().get('u/13/copied snow.png'))).toBe('snow');
        await store().put('u/12/фото 2024/雪 景.png', encode('changed'), 'image/png');
        expect(decode(await store().get('u/13/copied snow.png'))).toBe('snow');
        expect(decode(await store().get('u/12/фото 2024/雪 景.png'))).toBe('changed');
      });

      it('copies over the bytes a key already holds', async () => {
        await store().put('u/1/from', encode('new'), 'text/plain');
        await store().put('u/1/to', encode('old and longer'), 'text/plain');
        await store().copy('u/1/from', 'u/1/to');
        expect(decode(await store().get('u/1/to'))).toBe('new');
      });

      it('copies a key onto itself without losing it', async () => {
        await store().put('u/1/self', encode('me'), 'text/plain');
        await store().copy('u/1/self', 'u/1/self');
        expect(decode(await store().get('u/1/self'))).toBe('me');
      });

      it('refuses to copy from a key that holds nothing, and writes no target', async () => {
        await expect(store().copy('u/1/absent', 'u/1/target')).rejects.toThrow(/u\/1\/absent/);
        expect(await store().get('u/1/target')).toBeNull();
      });

      it('keeps a 5 MiB object whole, and copies it', async () => {
        const bytes = new Uint8Array(5 * 1024 * 1024);
        // An LCG: a pattern no run of equal bytes or short period could hide a shifted chunk in.
        let x = 12345;
        for (let i = 0; i < bytes.length; i++) {
          x = (Math.imul(x, 1103515245) + 12345) >>> 0;
          bytes[i] = x >>> 24;
        }
        await store().put('u/12/big.bin', bytes, 'application/octet-stream');
        const back = await store().get('u/12/big.bin');
        expect(back?.byteLength).toBe(bytes.byteLength);
        expect(Buffer.compare(Buffer.from(back ?? []), Buffer.from(bytes))).toBe(0);
        await store().copy('u/12/big.bin', 'u/12/big copy.bin');
        const copy = await store().get('u/12/big copy.bin');
        expect(Buffer.compare(Buffer.from(copy ?? []), Buffer.from(bytes))).toBe(0);
      });

      it('stores a view of a larger buffer as the view alone', async () => {
        const whole = encode('xxHELLOxx');
        await store().put('u/1/view', whole.subarray(2, 7), 'text/plain');
        expect(decode(await store().get('u/1/view'))).toBe('HELLO');
      });
    },
  );
}
