export { EquipmentMemory } from './memory.js';
export type { EquipmentShape, ModbusHandler, RegisterArea } from './memory.js';
export { RtuSlave } from './rtu-slave.js';
export type { RtuSlaveOptions, UnitRouter } from './rtu-slave.js';
export { batteryWave, checkGps, checkSoc, DeviceRegisters } from './device-registers.js';
export type { DeviceRegistersOptions, GpsPosition, InputBlock, SocSetting } from './device-registers.js';
export { BLOCK_NAMES, blockOf, checkRefused, refusal } from './refused-blocks.js';
export type { BlockName, RefusedBlocks } from './refused-blocks.js';
export { DEFAULT_INTERVAL, DEFAULT_RADIO, keepAwakeMs, SEARCH_MS, TeamRadio } from './hosts/team-radio.js';
export { buildSubDevices, Dl645Meter, METER_SETTINGS, SlaveBoard } from './hosts/sub-devices.js';
export type { Dl645MeterSnapshot, SubDevice, SubDeviceSpec } from './hosts/sub-devices.js';
export { DEFAULT_POLL_MS, ModbusList, pollMs } from './hosts/modbus-list.js';
export type { EntryResult } from './hosts/modbus-list.js';
export { Dl645List } from './hosts/dl645-list.js';
export type { Dl645Result } from './hosts/dl645-list.js';
export {
  DL645_ITEMS,
  dl645Item,
  dl645ItemValue,
  ENERGY_EPOCH,
  ENERGY_STEP_MS,
  MODBUS_METER_REGISTERS,
  modbusMeterWaveform,
} from './hosts/meters.js';
export type { Dl645Item } from './hosts/meters.js';
export {
  DEFAULT_DL645_ITEMS,
  defaultDl645List,
  defaultModbusList,
  prefillLists,
  writeDl645List,
  writeModbusList,
} from './hosts/lists.js';
export type { Dl645MeterEntry, ModbusMeterEntry } from './hosts/lists.js';
export {
  DeviceStateStore,
  formatDeviceState,
  parseDeviceState,
  STATE_FORMAT,
  STATE_WRITE_MS,
} from './state-store.js';
export type { AttachResult, DeviceStateStoreOptions } from './state-store.js';
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
export {
  checkSecret,
  checkSerial,
  CLOCK_JUMP_MS,
  MASTER_AREA,
  standaloneType,
  VirtualDevice,
} from './virtual-device.js';
export type { DeviceSnapshot, DeviceState, DiPattern, VirtualDeviceOptions } from './virtual-device.js';
export { backoffDelay, DEFAULT_DTU_PORT, DtuClient, SYSTEM_TIMERS } from './dtu-client.js';
export type {
  Backoff,
  DisconnectInfo,
  DtuClientEvents,
  DtuClientOptions,
  DtuClientState,
  Timers,
} from './dtu-client.js';
export { DEFAULT_REPORT_MS, MIN_REPORT_MS, MqttDeviceClient } from './mqtt-client.js';
export type {
  MqttDeviceClientEvents,
  MqttDeviceClientOptions,
  MqttDeviceClientState,
} from './mqtt-client.js';
export { DeviceFleet, Fleet, fleetSerial, MAX_FLEET_INDEX, MqttFleet } from './fleet.js';
export type { FleetBaseOptions, FleetClient, FleetOptions, FleetStatus, MqttFleetOptions } from './fleet.js';
export { parseSimulateArgs, USAGE } from './cli-args.js';
export type { MqttOptions, ParsedArgs, ServeOptions, SimulateOptions } from './cli-args.js';
export { BrokerProxy, clearRetained, DEFAULT_TEST_MQTT_URL, testBroker, testRoot } from './test-broker.js';
export type { TestBroker } from './test-broker.js';
export { ModbusTcpServer, ModbusTcpSlave, UNIT_SELF } from './modbus-tcp-server.js';
export type { ModbusTcpServerOptions } from './modbus-tcp-server.js';
export * from './video-cloud/index.js';
