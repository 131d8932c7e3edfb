/**
 * The live channel: message kinds in both directions, the device-operation catalogue, LoRa
 * commands, and the compressed payload envelope. docs/protocol.md § Live channel.
 */
export * from './base64.js';
export * from './client-messages.js';
export * from './compressed.js';
export * from './equip-opr.js';
export { isBoundedJson, LIVE_MAX_ARRAY, LIVE_MAX_JSON_DEPTH, LIVE_MAX_STRING } from './fields.js';
export type { JsonValue } from './fields.js';
export * from './lora.js';
export * from './messages.js';
export * from './operation-checks.js';
export * from './operation-plan.js';
export * from './operation-request.js';
export * from './operation-result.js';
export * from './operations.js';
export * from './relay-mode.js';
export * from './rule-pages.js';
export * from './server-messages.js';
