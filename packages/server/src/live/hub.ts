/**
 * The live channel's fan-out (spec §4 live socket and live push): which browser may hear about
 * which equipment, and delivery to them.
 *
 * - A session hears only about equipment its user may read; the set is given at register and
 *   replaced whenever the user's access changes.
 * - Device info (PushInfo, EquipInfoNow) is throttled per session and device (spec §4: a 300 ms
 *   window): a device's first update after a quiet window goes at once (on the next turn of the
 *   event loop, with whatever else that turn pushed), however busy the other devices are; its
 *   later ones within the window are merged and sent when the window closes. Other messages
 *   (alarms, operation results) go at once.
 * - A browser that does not read fast enough never grows server memory without bound: while its
 *   socket holds more than `maxBuffered` bytes, device info waits, merged into one latest state
 *   per device; if it stays blocked for `stallMs`, the session is told `unregister` with reason
 *   `overflow` (the console reopens and reads the state anew) and closed.
 */
import { encodeMessage } from '@fieldlink/protocol';
import type { EquipInfoNow, PushInfo, ServerMessage } from '@fieldlink/protocol';

/** What the hub needs of a socket (a `ws` WebSocket fits). */
export interface LiveSocket {
  send(text: string): void;
  readonly bufferedAmount: number;
  close(code?: number, reason?: string): void;
  /** Hold what is sent until uncork(), so a batch of messages leaves in one write. */
  cork?(): void;
  uncork?(): void;
}

export interface LiveHubOptions {
  /** The coalescing window for device info (spec §9: 300 ms). */
  readonly batchMs?: number;
  /** Bytes a socket may hold unsent before device info waits. */
  readonly maxBuffered?: number;
  /** How long device info may wait on a blocked socket before the session is dropped. */
  readonly stallMs?: number;
  readonly now?: () => number;
}

export type DeviceInfo = PushInfo | EquipInfoNow;

/** WebSocket close code 1013: try again later. */
const TRY_AGAIN_LATER = 1013;

export class LiveSession {
  userId: number | null = null;
  /** The session family of the registering token, for revalidation. */
  familyId: string | null = null;
  readable: ReadonlySet<number> = new Set();
  /** Latest device info per equipment and infotype (infoKey), waiting for the window to close. */
  readonly pending = new Map<number, DeviceInfo>();
  timer: ReturnType<typeof setTimeout> | null = null;
  /** When the timer fires (the hub's clock). */
  timerAt = Number.POSITIVE_INFINITY;
  /** When each device's info (by infoKey) was last sent: its next waits a window after that. */
  readonly sentAt = new Map<number, number>();
  /** Pending info a user's operation asked for: sent at once, not held for the window. */
  readonly urgent = new Set<number>();
  /** When device info first had to wait on a full socket; null when it is flowing. */
  blockedSince: number | null = null;
  closed = false;

  constructor(readonly socket: LiveSocket) {}
}

export class LiveHub {
  readonly #sessions = new Set<LiveSession>();
  /** equipment id → the sessions that may read it. */
  readonly #byEquipment = new Map<number, Set<LiveSession>>();
  readonly #batchMs: number;
  readonly #maxBuffered: number;
  readonly #stallMs: number;
  readonly #now: () => number;

  constructor(options: LiveHubOptions = {}) {
    this.#batchMs = options.batchMs ?? 300;
    this.#maxBuffered = options.maxBuffered ?? 1 << 20;
    this.#stallMs = options.stallMs ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#sessions.size;
  }

  attach(socket: LiveSocket): LiveSession {
    const session = new LiveSession(socket);
    this.#sessions.add(session);
    return session;
  }

  /** Forgets the session (its socket closed); pending pushes are dropped. */
  detach(session: LiveSession): void {
    session.closed = true;
    this.#sessions.delete(session);
    this.setReadable(session, []);
    session.pending.clear();
    if (session.timer) clearTimeout(session.timer);
    session.timer = null;
  }

  /** Replaces the equipment the session hears about. */
  setReadable(session: LiveSession, ids: Iterable<number>): void {
    const next = new Set(session.closed ? [] : ids);
    for (const id of session.readable) {
      if (next.has(id)) continue;
      const set = this.#byEquipment.get(id);
      set?.delete(session);
      if (set?.size === 0) this.#byEquipment.delete(id);
    }
    for (const id of next) {
      if (session.readable.has(id)) continue;
      const set = this.#byEquipment.get(id);
      if (set) set.add(session);
      else this.#byEquipment.set(id, new Set([session]));
    }
    session.readable = next;
  }

  /** Whether any session may read the equipment (so a message about it would go somewhere). */
  hears(equipmentId: number): boolean {
    return this.#byEquipment.has(equipmentId);
  }

  /** The registered sessions of these users (for access changes and sign-outs). */
  sessionsOf(userIds: Iterable<number>): LiveSession[] {
    const wanted = new Set(userIds);
    return [...this.#sessions].filter((s) => s.userId !== null && wanted.has(s.userId));
  }

  /** Every registered session. */
  registered(): LiveSession[] {
    return [...this.#sessions].filter((s) => s.userId !== null);
  }

  /**
   * A message to the registered sessions of these users, now (a notice); how many got it. On a
   * node of several (SharedLiveHub) it reaches their sessions on the other nodes too.
   */
  sendToUsers(userIds: Iterable<number>, message: ServerMessage): number {
    const sessions = this.sessionsOf(userIds);
    for (const session of sessions) this.send(session, message);
    return sessions.length;
  }

  /** A message to every registered session, now (an announcement); how many got it. */
  sendToEveryone(message: ServerMessage): number {
    const sessions = this.registered();
    for (const session of sessions) this.send(session, message);
    return sessions.length;
  }

  /** A message to one session, now. */
  send(session: LiveSession, message: ServerMessage): void {
    if (session.closed) return;
    try {
      session.socket.send(encodeMessage(message));
    } catch {
      // A socket that cannot take a frame is closing; its close handler detaches it.
    }
  }

  /** A message about an equipment to every session that may read it, now (alarms, results). */
  publish(equipmentId: number, message: ServerMessage): number {
    const sessions = this.#byEquipment.get(equipmentId);
    if (!sessions) return 0;
    const text = encodeMessage(message);
    for (const session of sessions) {
      try {
        session.socket.send(text);
      } catch {
        // As in send().
      }
    }
    return sessions.size;
  }

  /**
   * Device info about an equipment: sent at once after a quiet window, else merged per device and
   * sent when the window since the last send closes. `urgent` (what a user's operation read back:
   * a switched relay's new state) goes at once all the same: it answers someone waiting.
   */
  pushDeviceInfo(equipmentId: number, message: DeviceInfo, urgent = false): void {
    const sessions = this.#byEquipment.get(equipmentId);
    if (!sessions) return;
    const key = infoKey(equipmentId, message);
    let now: number | undefined;
    for (const session of sessions) {
      const before = session.pending.get(key);
      session.pending.set(key, before ? merge(before, message) : message);
      if (urgent) session.urgent.add(key);
      else if (before) continue;
      now ??= this.#now();
      this.#schedule(session, urgent ? now : Math.max(now, this.#dueAt(session, key)), now);
    }
  }

  /** When a device's pending info may go: a window after its last send. */
  #dueAt(session: LiveSession, key: number): number {
    return (session.sentAt.get(key) ?? Number.NEGATIVE_INFINITY) + this.#batchMs;
  }

  /** Has the session's flush run at `at`, unless it runs sooner already. */
  #schedule(session: LiveSession, at: number, now: number): void {
    if (session.timer !== null && session.timerAt <= at) return;
    if (session.timer !== null) clearTimeout(session.timer);
    session.timerAt = at;
    session.timer = setTimeout(() => this.#flush(session), Math.max(0, at - now));
  }

  #flush(session: LiveSession): void {
    session.timer = null;
    session.timerAt = Number.POSITIVE_INFINITY;
    if (session.closed || session.pending.size === 0) return;
    if (session.socket.bufferedAmount > this.#maxBuffered) {
      const now = this.#now();
      session.blockedSince ??= now;
      if (now - session.blockedSince >= this.#stallMs) {
        this.#overflow(session);
        return;
      }
      this.#schedule(session, now + this.#batchMs, now);
      return;
    }
    session.blockedSince = null;
    const now = this.#now();
    const messages: DeviceInfo[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [key, message] of session.pending) {
      const due = session.urgent.delete(key) ? now : this.#dueAt(session, key);
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      messages.push(message);
      session.pending.delete(key);
      session.sentAt.set(key, now);
    }
    if (next !== Number.POSITIVE_INFINITY) this.#schedule(session, next, now);
    if (messages.length === 0) return;
    // One frame per message (the console reads them one by one), all in one write.
    session.socket.cork?.();
    try {
      for (const message of messages) this.send(session, message);
    } finally {
      session.socket.uncork?.();
    }
  }

  #overflow(session: LiveSession): void {
    this.send(session, { infotype: 'unregister', info: { reason: 'overflow' } });
    session.socket.close(TRY_AGAIN_LATER, 'too slow: read the state anew');
    this.detach(session);
  }

  /** Tells every session the server stops, and closes them. */
  closeAll(): void {
    for (const session of [...this.#sessions]) {
      this.send(session, { infotype: 'unregister', info: { reason: 'shutdown' } });
      session.socket.close(1001, 'server stopping');
      this.detach(session);
    }
  }
}

/** One number per equipment and infotype (no string made for every push). */
function infoKey(equipmentId: number, message: DeviceInfo): number {
  return equipmentId * 2 + (message.infotype === 'PushInfo' ? 0 : 1);
}

/** Later fields win; each keeps the fields the later one does not carry (a battery level, a silence). */
function merge(before: DeviceInfo, after: DeviceInfo): DeviceInfo {
  if (before.infotype === 'PushInfo' && after.infotype === 'PushInfo') {
    return { ...after, info: { ...before.info, ...after.info } };
  }
  if (before.infotype === 'EquipInfoNow' && after.infotype === 'EquipInfoNow') {
    return { ...after, info: { ...before.info, ...after.info } };
  }
  return after;
}
