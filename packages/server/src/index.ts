export { createApp } from './app.js';
export type { App } from './app.js';
export { loadConfig } from './config.js';
export type { ServerConfig } from './config.js';
