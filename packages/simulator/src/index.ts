export { EquipmentMemory } from './memory.js';
export type { EquipmentShape } from './memory.js';
export { RtuSlave } from './rtu-slave.js';
export type { RtuSlaveOptions } from './rtu-slave.js';
export {
  checkWaveform,
  constantWave,
  defaultWaveform,
  MAX_RAW,
  rampWave,
  randomWalk,
  sineWave,
  squareWave,
  WAVEFORM_KINDS,
  waveValue,
} from './waveforms.js';
export type {
  ConstantWave,
  RampWave,
  RandomWalk,
  SineWave,
  SquareWave,
  Waveform,
  WaveformKind,
} from './waveforms.js';
export { RuleEngine, RUN_PAGE_TYPES } from './rules/engine.js';
export type { RuleEngineOptions } from './rules/engine.js';
export { OutputRunner } from './rules/outputs.js';
export { checkSecret, checkSerial, standaloneType, VirtualDevice } from './virtual-device.js';
export type { DeviceSnapshot, DiPattern, VirtualDeviceOptions } from './virtual-device.js';
export { backoffDelay, DEFAULT_DTU_PORT, DtuClient, SYSTEM_TIMERS } from './dtu-client.js';
export type {
  Backoff,
  DisconnectInfo,
  DtuClientEvents,
  DtuClientOptions,
  DtuClientState,
  Timers,
} from './dtu-client.js';
export { Fleet, fleetSerial, MAX_FLEET_INDEX } from './fleet.js';
export type { FleetOptions, FleetStatus } from './fleet.js';
export { parseSimulateArgs, USAGE } from './cli-args.js';
export type { ParsedArgs, ServeOptions, SimulateOptions } from './cli-args.js';
export { ModbusTcpServer, ModbusTcpSlave, UNIT_SELF } from './modbus-tcp-server.js';
export type { ModbusTcpServerOptions } from './modbus-tcp-server.js';
