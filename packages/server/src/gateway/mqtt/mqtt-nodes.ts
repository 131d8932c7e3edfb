/**
 * The server nodes alive on an MQTT broker, as one node's gateway knows them from their presence
 * (`ROOT/_nodes/NODE/status`, retained: `{"online":true}` repeated every presence period, and
 * `{"online":false}` as goodbye and last will), and which of them polls each device: every node
 * links every online MQTT device, but only its owner runs the baseline poll and upkeep and records
 * its link events. The owner is chosen by rendezvous (highest random weight) hashing of the serial
 * over the live nodes, so every node that knows the same nodes picks the same owner, and a node
 * joining or leaving moves only the devices it takes or held.
 */

export class MqttNodes {
  /** The other nodes heard alive, with when each was last heard. */
  private readonly others = new Map<string, number>();
  /** This node is leaving and others are there to take its devices. */
  private leaving = false;

  constructor(
    readonly self: string,
    /** A node not heard for this long is taken for gone (a retained presence its crash left). */
    private readonly expiryMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every live node, this one first (unless it is leaving). */
  get live(): string[] {
    return [...(this.leaving ? [] : [this.self]), ...this.others.keys()];
  }

  /** A node said it is alive; true when it was not known. */
  heard(nodeId: string): boolean {
    if (nodeId === this.self) return false;
    const known = this.others.has(nodeId);
    this.others.set(nodeId, this.now());
    return !known;
  }

  /** A node said it left (or its last will did); true when it was known. */
  gone(nodeId: string): boolean {
    return this.others.delete(nodeId);
  }

  /** Drops the nodes not heard within the expiry; returns them. */
  expire(): string[] {
    const limit = this.now() - this.expiryMs;
    const dropped: string[] = [];
    for (const [nodeId, at] of this.others) {
      if (at < limit) {
        this.others.delete(nodeId);
        dropped.push(nodeId);
      }
    }
    return dropped;
  }

  /** Forgets the other nodes (the broker connection is lost; they are heard again on return). */
  clear(): void {
    this.others.clear();
  }

  /**
   * This node stops: when other nodes are alive, it owns nothing from now on (they take its
   * devices, so it records no link event for them while it closes); alone, it keeps them.
   */
  leave(): void {
    if (this.others.size > 0) this.leaving = true;
  }

  /** The node that polls the device `serial` (upper case), or undefined when none is live. */
  owner(serial: string): string | undefined {
    let best: string | undefined;
    let bestWeight = -1;
    if (!this.leaving) {
      best = this.self;
      bestWeight = rendezvousWeight(this.self, serial);
    }
    for (const nodeId of this.others.keys()) {
      const weight = rendezvousWeight(nodeId, serial);
      if (weight > bestWeight || (weight === bestWeight && best !== undefined && nodeId < best)) {
        best = nodeId;
        bestWeight = weight;
      }
    }
    return best;
  }

  /** Whether this node polls the device `serial` (upper case). */
  owns(serial: string): boolean {
    return this.owner(serial) === this.self;
  }
}

/**
 * The weight of a node for a serial: FNV-1a over `node \n serial`, mixed by MurmurHash3's
 * finaliser; an unsigned 32-bit number.
 */
export function rendezvousWeight(nodeId: string, serial: string): number {
  let h = 0x811c9dc5;
  const text = `${nodeId}\n${serial}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
