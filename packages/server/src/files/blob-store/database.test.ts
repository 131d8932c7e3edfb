/** The database blob store keeps the contract every blob store keeps, on both databases. */
import { describe } from 'vitest';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { blobStoreContract } from './contract.test-support.js';
import { createDatabaseBlobStore } from './database.js';

describe.each(storageCases())('on %s', (storageCase) => {
  const storage = useStorage(storageCase);
  blobStoreContract(
    'database',
    async () => {
      // An empty store for each check: the table of the suite's one database, emptied.
      await storage().db.deleteFrom('file_blobs').execute();
      return createDatabaseBlobStore(storage().db);
    },
    storageCase.skip,
  );
});
