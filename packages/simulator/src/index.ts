export { EquipmentMemory } from './memory.js';
export type { EquipmentShape } from './memory.js';
export { RtuSlave } from './rtu-slave.js';
export type { RtuSlaveOptions } from './rtu-slave.js';
