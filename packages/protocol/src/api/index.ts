/** The REST contract (docs/api.md): request and reply schemas both the server and the console import. */
export * from './fields.js';
export * from './settings.js';
export * from './equipment.js';
export * from './sharing.js';
export * from './history.js';
export * from './preferences.js';
export * from './files.js';
export * from './cameras.js';
export * from './diagrams.js';
export * from './diagram-links.js';
export * from './admin.js';
export * from './weather.js';
export * from './tenants.js';
export * from './notices.js';
export * from './apps.js';
export * from './reports.js';
export * from './feedback.js';
