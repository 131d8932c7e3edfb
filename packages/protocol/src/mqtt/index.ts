export {
  isMqttNodeId,
  isMqttSerial,
  isMqttTopicRoot,
  mqttDeviceTopics,
  mqttNodeTopic,
  mqttServerFilters,
  MQTT_NODES_LEVEL,
  MQTT_SHARE_GROUP,
  MQTT_TOPIC_ROOT,
  parseMqttTopic,
} from './topics.js';
export type { MqttDeviceTopics, MqttServerFilters, MqttTopic } from './topics.js';
export {
  encodeMqttRadioFrame,
  encodeMqttReport,
  encodeMqttStatus,
  MAX_MQTT_PAYLOAD_BYTES,
  MAX_RF_FRAME_BYTES,
  parseMqttJson,
  parseMqttRadioFrame,
  parseMqttReport,
  parseMqttStatus,
} from './payloads.js';
export type { MqttRadioFrame, MqttReport } from './payloads.js';
