export { buildApp } from './app.js';
export type { AppOptions } from './app.js';
export { loadConfig } from './config.js';
export type { ServerConfig } from './config.js';
export { ApiError } from './http/errors.js';
export type { ErrorBody, ErrorCode } from './http/errors.js';
export * from './storage/index.js';
