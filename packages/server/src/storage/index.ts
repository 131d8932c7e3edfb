export { migrateToLatest } from './migrate.js';
export type { MigrateOptions } from './migrate.js';
export { MIGRATIONS } from './migrations/index.js';
export { openStorage, redactUrl, SQLITE_FILE_NAME } from './open.js';
export type { Storage, StorageDialect, StorageOptions } from './open.js';
export { isUniqueViolation } from './errors.js';
export { loadSecrets, MIN_JWT_SECRET_LENGTH, SECRETS_FILE_NAME } from './secrets.js';
export type { Secrets, SecretsOptions } from './secrets.js';
export type * from './schema.js';
