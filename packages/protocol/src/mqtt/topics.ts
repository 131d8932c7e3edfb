/**
 * The MQTT topics a device and the server nodes use on a broker, docs/protocol.md § MQTT link:
 * `ROOT/SN/status`, `ROOT/SN/report`, `ROOT/SN/down/NODE`, `ROOT/SN/up/NODE` for each device and
 * `ROOT/_nodes/NODE/status` for each server node, ROOT being `fieldlink/v1`. Builders throw a
 * RangeError for a serial, node id or root of the wrong form; the parser never throws.
 */

/** The topic root of this version of the scheme. */
export const MQTT_TOPIC_ROOT = 'fieldlink/v1';

/** The share group server nodes take device reports in (`$share/fieldlink/…`). */
export const MQTT_SHARE_GROUP = 'fieldlink';

/** The level under the root that holds server nodes; never a serial number (no `_` in those). */
export const MQTT_NODES_LEVEL = '_nodes';

/** Serial numbers as equipment records keep them; topics keep the device's own case. */
const SERIAL = /^[A-Za-z0-9.-]{4,32}$/;
/** A server node's id: 1-64 letters, digits, `_` or `-`. */
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Levels of letters, digits, `_`, `.` or `-` separated by `/`: no wildcard, no `$`, no empty level. */
const ROOT = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const MAX_ROOT_LENGTH = 100;

export function isMqttSerial(serial: string): boolean {
  return SERIAL.test(serial);
}

export function isMqttNodeId(nodeId: string): boolean {
  return NODE_ID.test(nodeId);
}

export function isMqttTopicRoot(root: string): boolean {
  return root.length <= MAX_ROOT_LENGTH && ROOT.test(root);
}

function checkSerial(serial: string): void {
  if (!isMqttSerial(serial)) {
    throw new RangeError(
      `MQTT: serial number must be 4-32 letters, digits, - or ., got ${JSON.stringify(serial)}`,
    );
  }
}

function checkNodeId(nodeId: string): void {
  if (!isMqttNodeId(nodeId)) {
    throw new RangeError(`MQTT: node id must be 1-64 letters, digits, _ or -, got ${JSON.stringify(nodeId)}`);
  }
}

function checkRoot(root: string): void {
  if (!isMqttTopicRoot(root)) {
    throw new RangeError(
      `MQTT: topic root must be up to ${MAX_ROOT_LENGTH} characters of levels of letters, digits, _, . or - ` +
        `separated by /, got ${JSON.stringify(root)}`,
    );
  }
}

/** The topics of one device. */
export interface MqttDeviceTopics {
  /** Device → server, retained: `{"online":true}`, and the device's last will `{"online":false}`. */
  readonly status: string;
  /** Device → server: the state it reports of its own accord. */
  readonly report: string;
  /** Device → server: a JSON message of its own, passed to consoles as it is (JsonMsg). */
  readonly json: string;
  /** Team host → server: a radio frame from one of its slaves (RFMsg). */
  readonly rf: string;
  /** What the device subscribes to: the requests of every node. */
  readonly downFilter: string;
  /** Server node → device: one Modbus RTU request frame per message. */
  down(nodeId: string): string;
  /** Device → server node: the RTU reply to that node's request. */
  up(nodeId: string): string;
}

/** The topics of the device `serial` (spelt as the device spells it). */
export function mqttDeviceTopics(serial: string, root: string = MQTT_TOPIC_ROOT): MqttDeviceTopics {
  checkSerial(serial);
  checkRoot(root);
  const base = `${root}/${serial}`;
  return {
    status: `${base}/status`,
    report: `${base}/report`,
    json: `${base}/json`,
    rf: `${base}/rf`,
    downFilter: `${base}/down/+`,
    down: (nodeId) => {
      checkNodeId(nodeId);
      return `${base}/down/${nodeId}`;
    },
    up: (nodeId) => {
      checkNodeId(nodeId);
      return `${base}/up/${nodeId}`;
    },
  };
}

/** A server node's presence topic: `{"online":false}` when it leaves the broker. */
export function mqttNodeTopic(nodeId: string, root: string = MQTT_TOPIC_ROOT): string {
  checkNodeId(nodeId);
  checkRoot(root);
  return `${root}/${MQTT_NODES_LEVEL}/${nodeId}/status`;
}

/** What a server node subscribes to. */
export interface MqttServerFilters {
  /** Every device's status, on every node (retained statuses come with the subscription). */
  readonly status: string;
  /** Every device's reports, split between the nodes of the share group. */
  readonly report: string;
  /** Devices' JSON messages, split the same way. */
  readonly json: string;
  /** Team hosts' radio frames, split the same way. */
  readonly rf: string;
  /** Replies to this node's requests only. */
  readonly up: string;
  /** The other nodes leaving. */
  readonly nodes: string;
}

export function mqttServerFilters(
  nodeId: string,
  root: string = MQTT_TOPIC_ROOT,
  shareGroup: string = MQTT_SHARE_GROUP,
): MqttServerFilters {
  checkNodeId(nodeId);
  checkRoot(root);
  if (!isMqttNodeId(shareGroup)) {
    throw new RangeError(
      `MQTT: share group must be 1-64 letters, digits, _ or -, got ${JSON.stringify(shareGroup)}`,
    );
  }
  return {
    status: `${root}/+/status`,
    report: `$share/${shareGroup}/${root}/+/report`,
    json: `$share/${shareGroup}/${root}/+/json`,
    rf: `$share/${shareGroup}/${root}/+/rf`,
    up: `${root}/+/up/${nodeId}`,
    nodes: `${root}/${MQTT_NODES_LEVEL}/+/status`,
  };
}

/** A topic of the scheme, with the serial as the topic spells it. */
export type MqttTopic =
  | { readonly kind: 'status'; readonly serial: string }
  | { readonly kind: 'report'; readonly serial: string }
  | { readonly kind: 'json'; readonly serial: string }
  | { readonly kind: 'rf'; readonly serial: string }
  | { readonly kind: 'down'; readonly serial: string; readonly nodeId: string }
  | { readonly kind: 'up'; readonly serial: string; readonly nodeId: string }
  | { readonly kind: 'node'; readonly nodeId: string };

/** What `topic` is under `root`, or null when it is none of the scheme's topics. Never throws. */
export function parseMqttTopic(topic: string, root: string = MQTT_TOPIC_ROOT): MqttTopic | null {
  if (!topic.startsWith(`${root}/`)) return null;
  const levels = topic.slice(root.length + 1).split('/');
  const [first, second, third] = levels;
  if (first === undefined || second === undefined) return null;
  if (levels.length === 3 && first === MQTT_NODES_LEVEL) {
    return third === 'status' && isMqttNodeId(second) ? { kind: 'node', nodeId: second } : null;
  }
  if (!isMqttSerial(first)) return null;
  if (levels.length === 2) {
    if (second === 'status') return { kind: 'status', serial: first };
    if (second === 'report') return { kind: 'report', serial: first };
    if (second === 'json') return { kind: 'json', serial: first };
    if (second === 'rf') return { kind: 'rf', serial: first };
    return null;
  }
  if (levels.length !== 3 || third === undefined || !isMqttNodeId(third)) return null;
  if (second === 'down') return { kind: 'down', serial: first, nodeId: third };
  if (second === 'up') return { kind: 'up', serial: first, nodeId: third };
  return null;
}
