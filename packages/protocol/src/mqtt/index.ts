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
  encodeMqttReport,
  encodeMqttStatus,
  MAX_MQTT_PAYLOAD_BYTES,
  parseMqttReport,
  parseMqttStatus,
} from './payloads.js';
export type { MqttReport } from './payloads.js';
