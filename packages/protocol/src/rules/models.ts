/**
 * Each rule model's types, option tables (codes with their names in three languages) and
 * helpers, for whatever edits rules field by field (the console's rule editors). The codecs'
 * public entry points are in index.ts; this module only re-exports the models.
 */
export * from './output.js';
export * from './register-operation.js';
export * from './trigger.js';
export * from './analog-trigger.js';
export * from './ai-window.js';
export * from './digital-level.js';
export * from './weekly-cycle.js';
export * from './fixed-point.js';
export * from './date-time-interval.js';
export * from './week-interval.js';
export * from './schedule.js';
export * from './scene/scene.js';
export * from './analog-output.js';
export * from './logic.js';
export * from './modbus-meter.js';
export * from './dl645-meter.js';
