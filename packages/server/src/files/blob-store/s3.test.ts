import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { blobStoreContract } from './contract.test-support.js';
import { createS3BlobStore, MAX_S3_KEY_BYTES, S3StoreError } from './s3.js';
import { s3ServerCase, useS3Server } from './s3-server.test-support.js';

const serverCase = s3ServerCase();
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe(serverCase.title, () => {
  const server = useS3Server(serverCase);
  let stores = 0;

  // Each test of the contract gets a prefix of its own in the one bucket: an empty store.
  blobStoreContract(
    's3',
    async () => createS3BlobStore({ ...server().settings, prefix: `contract-${++stores}` }),
    serverCase.skip,
  );

  describe.skipIf(serverCase.skip !== null)('beyond the contract', () => {
    it('stores keys under the prefix as they are, neither encoded twice nor decoded', async () => {
      const store = createS3BlobStore({ ...server().settings, prefix: '/inst-a/' });
      await store.put('u/12/фото 1+2 %41?.png', encode('x'), 'image/png');
      await store.put('e/7/compile/cfg.json', encode('{}'), 'application/json');
      expect(await server().listKeys('inst-a/')).toEqual([
        'inst-a/e/7/compile/cfg.json',
        'inst-a/u/12/фото 1+2 %41?.png',
      ]);
      const unprefixed = createS3BlobStore(server().settings);
      expect(await unprefixed.get('inst-a/u/12/фото 1+2 %41?.png')).toEqual(encode('x'));
      await store.delete(['u/12/фото 1+2 %41?.png', 'e/7/compile/cfg.json']);
      expect(await server().listKeys('inst-a/')).toEqual([]);
    });

    it('keeps the keys of two prefixes in one bucket apart', async () => {
      const a = createS3BlobStore({ ...server().settings, prefix: 'apart-a' });
      const b = createS3BlobStore({ ...server().settings, prefix: 'apart-b' });
      await a.put('u/1/same', encode('a'), 'text/plain');
      await b.put('u/1/same', encode('b'), 'text/plain');
      await a.delete(['u/1/same']);
      expect(await a.get('u/1/same')).toBeNull();
      expect(await b.get('u/1/same')).toEqual(encode('b'));
    });

    it('deletes keys that an XML body could alter one by one', async () => {
      const store = createS3BlobStore({ ...server().settings, prefix: 'control' });
      const keys = [
        'u/1/bell\u0007.txt',
        'u/1/cr\r.txt',
        'u/1/ends in space ',
        'u/1/tab\t.txt',
        'u/1/plain.txt',
      ];
      for (const key of keys) await store.put(key, encode(key), 'text/plain');
      expect(await server().listKeys('control/')).toHaveLength(keys.length);
      await store.delete(keys);
      expect(await server().listKeys('control/')).toEqual([]);
    });

    it('check() refuses a wrong secret, and names no credential', async () => {
      const secret = 'wrong-secret-1234567890';
      const store = createS3BlobStore({ ...server().settings, secretAccessKey: secret });
      const error = await store.check().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(S3StoreError);
      expect((error as S3StoreError).status).toBe(403);
      expect((error as Error).message).toMatch(/refused the credentials.*S3_SECRET_ACCESS_KEY/);
      expect((error as Error).message).not.toContain(secret);
      expect((error as Error).message).not.toContain('S3RVER');
    });

    it('check() refuses an unknown access key id', async () => {
      const store = createS3BlobStore({ ...server().settings, accessKeyId: 'NOBODY' });
      await expect(store.check()).rejects.toThrow(/refused the credentials/);
    });

    it('refuses puts signed with a wrong secret, with a hint at the variables', async () => {
      const store = createS3BlobStore({ ...server().settings, secretAccessKey: 'wrong' });
      await expect(store.put('u/1/x', encode('x'), 'text/plain')).rejects.toThrow(
        /403 SignatureDoesNotMatch.*check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
      );
    });

    it('check() says when the bucket does not exist, and get() does not take it for an absent key', async () => {
      const store = createS3BlobStore({ ...server().settings, bucket: 'no-such-bucket' });
      await expect(store.check()).rejects.toThrow(
        /the bucket 'no-such-bucket' does not exist at http:\/\/127\.0\.0\.1:\d+/,
      );
      await expect(store.get('u/1/x')).rejects.toThrow(/404 NoSuchBucket.*check S3_BUCKET/);
      await expect(store.put('u/1/x', encode('x'), 'text/plain')).rejects.toThrow(/NoSuchBucket/);
    });

    it('check() says when nothing answers at the endpoint', async () => {
      const port = await closedPort();
      const store = createS3BlobStore({ ...server().settings, url: `http://127.0.0.1:${port}` });
      await expect(store.check()).rejects.toThrow(
        `http://127.0.0.1:${port} cannot be reached (ECONNREFUSED)`,
      );
    });

    it('refuses keys that no URL or S3 can carry, before sending anything', async () => {
      const store = createS3BlobStore({ ...server().settings, prefix: 'refused' });
      await expect(store.put('', encode('x'), 'text/plain')).rejects.toThrow(/cannot be empty/);
      await expect(store.put('u/1/../x', encode('x'), 'text/plain')).rejects.toThrow(/'\.\.' segment/);
      await expect(store.get('u/./x')).rejects.toThrow(/'\.' segment/);
      await expect(store.put('u/1/\ud800', encode('x'), 'text/plain')).rejects.toThrow(/not valid Unicode/);
      // Folders of 99 bytes: the test server keeps keys as files, whose names have a limit of 255.
      const folder = `${'é'.repeat(49)}/`;
      const rest = MAX_S3_KEY_BYTES - Buffer.byteLength(`refused/u/${folder.repeat(10)}`);
      const longest = `u/${folder.repeat(10)}${'x'.repeat(rest)}`;
      await store.put(longest, encode('fits'), 'text/plain');
      expect(await store.get(longest)).toEqual(encode('fits'));
      await expect(store.put(`${longest}x`, encode('x'), 'text/plain')).rejects.toThrow(
        /1025 bytes long, over S3's 1024/,
      );
      await expect(store.delete(['u/1/fine', 'u/../bad'])).rejects.toThrow(/'\.\.' segment/);
      expect(await server().listKeys('refused/')).toEqual([`refused/${longest}`]);
    });

    it('refuses calls once closed', async () => {
      const store = createS3BlobStore(server().settings);
      await store.close();
      await expect(store.get('u/1/x')).rejects.toThrow(/the blob store is closed/);
    });
  });
});

/** A port on 127.0.0.1 that nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
