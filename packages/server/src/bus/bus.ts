/**
 * What the server nodes share so that several act as one (docs/operations.md § Several nodes): a
 * broadcast every node hears (the live channel's pushes), a direct line to each node (operations
 * carried to the node that holds a device's link, and their outcomes), and the link directory:
 * which node holds the link of each serial number, an entry that expires unless its node renews
 * it, so a dead node's entries vanish. Texts only: what they say is the business of the live relay
 * and the operation router, which validate everything they take off the bus.
 *
 * Two implementations: MemoryBus (in-process; one node alone, or nodes of one process in tests)
 * and RedisBus (Redis pub/sub and keys, REDIS_URL).
 */

export interface Bus {
  /** This node's id on the bus, 1-64 letters, digits, `_` or `-`. */
  readonly nodeId: string;
  /** Whether other nodes can be reached at all (false for a MemoryBus of one node). */
  readonly shared: boolean;
  /** Sends `text` to every node, this one included (a receiver skips what it sent itself). */
  broadcast(text: string): void;
  /** Sends `text` to the node `nodeId`; resolves false when no node of that id listens. */
  send(nodeId: string, text: string): Promise<boolean>;
  /** Where broadcasts and direct texts go: one listener each, set before start(). */
  onBroadcast(listener: (text: string) => void): void;
  onDirect(listener: (text: string) => void): void;
  /** This node holds the link of `serial` (upper case) from now on, for `ttlMs`. */
  claim(serial: string, ttlMs: number): Promise<void>;
  /**
   * Renews this node's entries for another `ttlMs`; an entry another node took meanwhile is left
   * to it, and an entry that expired is made again. Resolves with the serials another node holds.
   */
  renew(serials: readonly string[], ttlMs: number): Promise<string[]>;
  /** Removes the entry of `serial` if this node holds it. */
  release(serial: string): Promise<void>;
  /** The node that holds the link of `serial`, or null. */
  holder(serial: string): Promise<string | null>;
  /** Connects (in the background, and again after any loss). */
  start(): void;
  /** Resolves once connected and listening. */
  ready(): Promise<void>;
  /** Disconnects; nothing is sent or heard afterwards. */
  close(): Promise<void>;
}

/** The node ids the bus takes (the same rule as MQTT node ids). */
export const BUS_NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** How long a link directory entry lives unless renewed; renewed every third of it. */
export const DEFAULT_LINK_TTL_MS = 30_000;
