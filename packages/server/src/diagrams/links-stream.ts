/**
 * Wall displays' Server-Sent Events streams (`GET /diagram-links/:token/events`). Each stream
 * follows the live channel's pushes as a session of the hub that hears only the equipment the
 * link serves (so the hub's per-device 300 ms window and slow-reader bounds apply to it as to a
 * console), and sends the changed equipment as `values` events. Every `recheckMs` it asks again
 * whether the link still answers (else `gone`, and the stream ends), whether the project was saved
 * (`document`), and what its creator may still read (the equipment served follows at once); in
 * between it sends a `ping`, so proxies keep the connection and the display knows it is alive.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WallEquipment, WallGoneReason, WallValuesReply } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { LiveHub, LiveSession, LiveSocket } from '../live/hub.js';
import type { DiagramProject } from '../storage/file-schema.js';
import type { Database } from '../storage/schema.js';
import { iso } from '../http/iso.js';
import type { DiagramLink } from './links-schema.js';
import { recheckLink, touchLink } from './links-store.js';
import { applyPush, latestValues, linkedEquipment, wallEquipment } from './links-values.js';
import type { ChannelState, LinkedEquipment, PushedInfo } from './links-values.js';

export interface LinkStreamOptions {
  readonly db: Kysely<Database>;
  readonly hub: LiveHub;
  readonly now: () => number;
  /** How often a stream checks its link, its project and its creator's rights; 10 s. */
  readonly recheckMs: number;
}

/** How long a display waits before it reconnects (the stream's `retry`). */
export const RECONNECT_MS = 5_000;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // nginx and the like would otherwise hold the events back.
  'x-accel-buffering': 'no',
};

/** What a link serves now: its equipment and their channel states. */
export interface LinkServing {
  readonly equipment: Map<number, LinkedEquipment>;
  readonly states: Map<number, ChannelState>;
}

/** The equipment a link serves with their last values from history. */
export async function serving(
  db: Kysely<Database>,
  link: Pick<DiagramLink, 'created_by'>,
  project: Pick<DiagramProject, 'space' | 'equipment'>,
  now: number,
): Promise<LinkServing> {
  const equipment = await linkedEquipment(db, link.created_by, project, now);
  return { equipment, states: await latestValues(db, equipment) };
}

/** The values reply of what a link serves. */
export function valuesReply(
  serving: LinkServing,
  revision: number,
  at: number,
  only?: Iterable<number>,
): WallValuesReply {
  const ids = only ? [...only] : [...serving.equipment.keys()];
  const equipment: WallEquipment[] = [];
  for (const id of ids) {
    const e = serving.equipment.get(id);
    const state = serving.states.get(id);
    if (e && state) equipment.push(wallEquipment(e, state));
  }
  return { revision, at: iso(at), full: only === undefined, equipment };
}

const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

class LinkStream implements LiveSocket {
  #serving: LinkServing;
  #byUnid = new Map<string, number>();
  #revision: number;
  /** What the display holds, per equipment (as sent), to tell whether a check changed anything. */
  #held = new Map<number, string>();
  readonly #changed = new Set<number>();
  #flushQueued = false;
  #corked = false;
  #checking = false;
  #session: LiveSession | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #ended = false;

  constructor(
    private readonly o: LinkStreamOptions,
    readonly link: DiagramLink,
    project: DiagramProject,
    first: LinkServing,
    private readonly res: ServerResponse,
    private readonly onEnd: (stream: LinkStream) => void,
  ) {
    this.#serving = first;
    this.#revision = project.revision;
  }

  start(): void {
    this.res.writeHead(200, STREAM_HEADERS);
    this.res.write(`retry: ${RECONNECT_MS}\n\n`);
    this.res.on('close', () => this.end(null));
    this.#session = this.o.hub.attach(this);
    this.#follow();
    this.#sendFull(true);
    this.#timer = setInterval(() => void this.#recheck(), this.o.recheckMs);
  }

  // LiveSocket: what the hub sends the session.
  get bufferedAmount(): number {
    return this.res.writableLength;
  }

  send(text: string): void {
    let message: { infotype?: unknown; info?: { SN?: unknown } & PushedInfo };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.infotype === 'unregister') {
      this.end(null);
      return;
    }
    if (message.infotype === 'EquipChanged') {
      // A record changed (names, scaling): read it again now rather than at the next check.
      void this.#recheck();
      return;
    }
    if (message.infotype !== 'PushInfo' && message.infotype !== 'EquipInfoNow') return;
    const sn = message.info?.SN;
    const id = typeof sn === 'string' ? this.#byUnid.get(sn) : undefined;
    const e = id === undefined ? undefined : this.#serving.equipment.get(id);
    const state = id === undefined ? undefined : this.#serving.states.get(id);
    if (id === undefined || !e || !state || !message.info) return;
    if (applyPush(state, e, message.info)) {
      this.#changed.add(id);
      this.#queueFlush();
    }
  }

  cork(): void {
    this.#corked = true;
  }

  uncork(): void {
    this.#corked = false;
    this.#flush();
  }

  close(): void {
    this.end(null);
  }

  /** Ends the stream, first telling the display why when the link is gone. */
  end(gone: WallGoneReason | null): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#timer) clearInterval(this.#timer);
    if (this.#session) this.o.hub.detach(this.#session);
    if (gone !== null && !this.res.destroyed) this.res.write(event('gone', { reason: gone }));
    this.res.end();
    this.onEnd(this);
  }

  #follow(): void {
    this.#byUnid = new Map([...this.#serving.equipment.values()].map((e) => [e.unid, e.id]));
    if (this.#session) this.o.hub.setReadable(this.#session, this.#serving.equipment.keys());
  }

  #queueFlush(): void {
    if (this.#flushQueued || this.#corked) return;
    this.#flushQueued = true;
    setImmediate(() => {
      this.#flushQueued = false;
      this.#flush();
    });
  }

  #flush(): void {
    if (this.#ended || this.#changed.size === 0) return;
    const reply = valuesReply(this.#serving, this.#revision, this.o.now(), this.#changed);
    this.#changed.clear();
    for (const e of reply.equipment) this.#held.set(e.id, JSON.stringify(e));
    this.res.write(event('values', reply));
  }

  /** Sends every value when anything differs from what the display holds (or when `force`). */
  #sendFull(force: boolean): boolean {
    const reply = valuesReply(this.#serving, this.#revision, this.o.now());
    const held = new Map(reply.equipment.map((e) => [e.id, JSON.stringify(e)]));
    const same =
      held.size === this.#held.size && [...held].every(([id, text]) => this.#held.get(id) === text);
    if (!force && same) return false;
    this.#held = held;
    this.#changed.clear();
    this.res.write(event('values', reply));
    return true;
  }

  async #recheck(): Promise<void> {
    if (this.#checking || this.#ended) return;
    this.#checking = true;
    try {
      const now = this.o.now();
      const found = await recheckLink(this.o.db, this.link.id, now);
      if (this.#ended) return;
      if (!found.ok) {
        this.end(found.gone ?? 'revoked');
        return;
      }
      await touchLink(this.o.db, found.link, now);
      const next = await linkedEquipment(this.o.db, this.link.created_by, found.project, now);
      const added = new Map([...next].filter(([id]) => !this.#serving.states.has(id)));
      const history = await latestValues(this.o.db, added);
      if (this.#ended) return;
      const states = new Map<number, ChannelState>();
      for (const id of next.keys()) states.set(id, this.#serving.states.get(id) ?? history.get(id)!);
      this.#serving = { equipment: next, states };
      this.#follow();
      if (found.project.revision !== this.#revision) {
        this.#revision = found.project.revision;
        this.res.write(event('document', { revision: this.#revision }));
      }
      if (!this.#sendFull(false)) this.res.write(event('ping', { at: iso(now) }));
    } catch {
      // The store did not answer: the next check tries again; the display keeps what it has.
    } finally {
      this.#checking = false;
    }
  }
}

/** The open streams of this node, by link. */
export class LinkStreams {
  readonly #byLink = new Map<number, Set<LinkStream>>();

  constructor(private readonly o: LinkStreamOptions) {}

  /** Streams open on a link. */
  count(linkId: number): number {
    return this.#byLink.get(linkId)?.size ?? 0;
  }

  /** Takes over the response and streams the link's values until either side ends it. */
  open(
    link: DiagramLink,
    project: DiagramProject,
    first: LinkServing,
    raw: { req: IncomingMessage; res: ServerResponse },
    onEnd: () => void,
  ): void {
    const stream = new LinkStream(this.o, link, project, first, raw.res, (s) => {
      const set = this.#byLink.get(s.link.id);
      set?.delete(s);
      if (set?.size === 0) this.#byLink.delete(s.link.id);
      onEnd();
    });
    const set = this.#byLink.get(link.id);
    if (set) set.add(stream);
    else this.#byLink.set(link.id, new Set([stream]));
    stream.start();
  }

  /** Ends a revoked link's streams on this node now (other nodes notice at their next check). */
  revoke(linkId: number): void {
    for (const stream of [...(this.#byLink.get(linkId) ?? [])]) stream.end('revoked');
  }

  closeAll(): void {
    for (const set of [...this.#byLink.values()]) for (const stream of [...set]) stream.end(null);
  }
}
