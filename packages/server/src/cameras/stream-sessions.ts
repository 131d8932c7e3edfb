/**
 * The streams each user has open through this node, capped so one account cannot tie up the
 * server's connections: an MJPEG stream counts while its response is open; an HLS session — a
 * playlist fetched again every few seconds and its segments — counts from its first request until
 * it has been idle for HLS_IDLE_MS. A ticket opens an HLS session only while it is valid; the
 * session then goes on with that ticket as long as the player keeps fetching (the ticket is
 * checked at the start, as for an MJPEG stream that plays on). Sessions are this node's: behind a
 * load balancer, HLS playback that lasts past the ticket's five minutes wants sticky sessions.
 */
import type { TicketClaims } from './ticket.js';

export const MAX_STREAMS_PER_USER = 8;
/** An HLS session whose player has fetched nothing for this long is over. */
export const HLS_IDLE_MS = 30_000;

interface HlsSession {
  readonly claims: TicketClaims;
  lastSeen: number;
}

export class StreamSessions {
  private readonly open = new Map<number, number>();
  private readonly hls = new Map<string, HlsSession>();
  private readonly hlsByUser = new Map<number, Set<string>>();
  private lastSweep = 0;

  constructor(
    readonly maxPerUser: number,
    private readonly now: () => number,
  ) {}

  /** Streams the user has open now. */
  count(userId: number): number {
    return (this.open.get(userId) ?? 0) + this.liveHls(userId);
  }

  /** Takes a place for a stream; its release, or null when the user is at the cap. */
  take(userId: number): (() => void) | null {
    if (this.count(userId) >= this.maxPerUser) return null;
    this.open.set(userId, (this.open.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
  }

  /** The claims of a live HLS session of this ticket, touched; undefined when there is none. */
  continueHls(ticket: string): TicketClaims | undefined {
    const session = this.hls.get(ticket);
    if (!session) return undefined;
    const now = this.now();
    if (now - session.lastSeen > HLS_IDLE_MS) {
      this.endHls(ticket, session.claims.userId);
      return undefined;
    }
    session.lastSeen = now;
    return session.claims;
  }

  /** Starts an HLS session for a ticket just checked; false when the user is at the cap. */
  startHls(ticket: string, claims: TicketClaims): boolean {
    if (this.continueHls(ticket)) return true;
    this.sweep();
    if (this.count(claims.userId) >= this.maxPerUser) return false;
    this.hls.set(ticket, { claims, lastSeen: this.now() });
    const tickets = this.hlsByUser.get(claims.userId) ?? new Set<string>();
    tickets.add(ticket);
    this.hlsByUser.set(claims.userId, tickets);
    return true;
  }

  /** Ends a session at once (its user lost the right, the camera went away). */
  endHls(ticket: string, userId: number): void {
    this.hls.delete(ticket);
    const tickets = this.hlsByUser.get(userId);
    tickets?.delete(ticket);
    if (tickets?.size === 0) this.hlsByUser.delete(userId);
  }

  /** Forgets idle sessions of users who stopped asking, at most once an idle period. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < HLS_IDLE_MS) return;
    this.lastSweep = now;
    for (const [ticket, session] of this.hls) {
      if (now - session.lastSeen > HLS_IDLE_MS) this.endHls(ticket, session.claims.userId);
    }
  }

  private liveHls(userId: number): number {
    const tickets = this.hlsByUser.get(userId);
    if (!tickets) return 0;
    const now = this.now();
    for (const ticket of [...tickets]) {
      const session = this.hls.get(ticket);
      if (!session || now - session.lastSeen > HLS_IDLE_MS) this.endHls(ticket, userId);
    }
    return this.hlsByUser.get(userId)?.size ?? 0;
  }
}
