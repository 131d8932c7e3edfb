/**
 * The in-process bus: a node alone (no REDIS_URL), where nothing crosses to another node, or
 * several nodes of one process joined by a MemoryExchange (tests). Texts are delivered on a later
 * turn of the event loop, as a network would, and directory entries expire as in Redis.
 */
import type { Bus } from './bus.js';
import { BUS_NODE_ID } from './bus.js';

/** What the nodes of one process share: who listens, and the link directory. */
export class MemoryExchange {
  readonly nodes = new Map<string, MemoryBus>();
  readonly links = new Map<string, { nodeId: string; expiresAt: number }>();

  constructor(readonly now: () => number = Date.now) {}

  holder(serial: string): string | null {
    const entry = this.links.get(serial);
    if (!entry) return null;
    if (entry.expiresAt > this.now()) return entry.nodeId;
    this.links.delete(serial);
    return null;
  }
}

export class MemoryBus implements Bus {
  readonly shared: boolean;
  private readonly exchange: MemoryExchange;
  private broadcastListener: (text: string) => void = () => undefined;
  private directListener: (text: string) => void = () => undefined;
  private listening = false;

  /** Alone without `exchange`; with one, joined to the other nodes on it. */
  constructor(
    readonly nodeId: string,
    exchange?: MemoryExchange,
  ) {
    if (!BUS_NODE_ID.test(nodeId)) throw new RangeError(`bus node id must be 1-64 letters, digits, _ or -`);
    this.shared = exchange !== undefined;
    this.exchange = exchange ?? new MemoryExchange();
  }

  onBroadcast(listener: (text: string) => void): void {
    this.broadcastListener = listener;
  }

  onDirect(listener: (text: string) => void): void {
    this.directListener = listener;
  }

  start(): void {
    if (this.listening) return;
    this.listening = true;
    this.exchange.nodes.set(this.nodeId, this);
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.listening = false;
    if (this.exchange.nodes.get(this.nodeId) === this) this.exchange.nodes.delete(this.nodeId);
    await Promise.resolve();
  }

  broadcast(text: string): void {
    if (!this.listening) return;
    for (const node of this.exchange.nodes.values()) node.deliver(text, 'broadcast');
  }

  send(nodeId: string, text: string): Promise<boolean> {
    const node = this.listening ? this.exchange.nodes.get(nodeId) : undefined;
    node?.deliver(text, 'direct');
    return Promise.resolve(node !== undefined);
  }

  claim(serial: string, ttlMs: number): Promise<void> {
    this.exchange.links.set(serial, { nodeId: this.nodeId, expiresAt: this.exchange.now() + ttlMs });
    return Promise.resolve();
  }

  renew(serials: readonly string[], ttlMs: number): Promise<string[]> {
    const taken: string[] = [];
    for (const serial of serials) {
      const holder = this.exchange.holder(serial);
      if (holder !== null && holder !== this.nodeId) taken.push(serial);
      else this.exchange.links.set(serial, { nodeId: this.nodeId, expiresAt: this.exchange.now() + ttlMs });
    }
    return Promise.resolve(taken);
  }

  release(serial: string): Promise<void> {
    if (this.exchange.holder(serial) === this.nodeId) this.exchange.links.delete(serial);
    return Promise.resolve();
  }

  holder(serial: string): Promise<string | null> {
    return Promise.resolve(this.exchange.holder(serial));
  }

  private deliver(text: string, kind: 'broadcast' | 'direct'): void {
    setImmediate(() => {
      if (!this.listening) return;
      if (kind === 'broadcast') this.broadcastListener(text);
      else this.directListener(text);
    });
  }
}
