/**
 * @fieldlink/protocol: pure codecs for Fieldlink equipment. No I/O; runs in Node and the browser.
 * docs/protocol.md defines every layout implemented here.
 */
export * from './bytes.js';
export * from './i18n.js';
export * from './time.js';
export * from './wall-clock.js';
export * from './register-map.js';
export * from './device-registers.js';
export * from './pages.js';
export * from './rules/index.js';
export type { RuleKind } from './rules/kinds.js';
export * from './modbus/index.js';
export * from './channels.js';
export * from './scaling.js';
export * from './alarm.js';
export * from './bounds.js';
export * from './equipment/index.js';
export * from './live/index.js';
export * from './mqtt/index.js';
export * from './api/index.js';
export * from './diagrams/document.js';
