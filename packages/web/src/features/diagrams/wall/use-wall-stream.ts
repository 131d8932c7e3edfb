/**
 * A wall display's live values: the link's Server-Sent Events (docs/api.md § Diagrams). The
 * server sends every value first, then what changes, a `ping` at least every 10 s, `document` when
 * the project is saved and `gone` when the link stops answering. Silence past STALE_MS, or an
 * error, shows as reconnecting; the browser's EventSource reconnects by itself while it can, and
 * when the server refused (a 404/410/429 closes it) the display asks the link why: gone for good,
 * or try again after RETRY_MS.
 */
import { WallDocumentEvent, WallGoneEvent, WallValuesReply } from '@fieldlink/protocol';
import { useEffect, useRef, useState } from 'react';
import { getWallDiagram, wallEventsUrl, wallRefusal } from '../../../api/diagram-links';
import type { WallGoneReason } from '../../../api/diagram-links';
import { applyValues } from './wall-values';
import type { WallHeld } from './wall-values';

/** No event (values or ping) for this long: the connection is taken as lost and opened again. */
export const STALE_MS = 35_000;
/** The wait before opening again after the server refused the stream. */
export const RETRY_MS = 15_000;

export type WallConnection = 'connecting' | 'live' | 'reconnecting';

export interface WallStream {
  readonly held: WallHeld;
  readonly connection: WallConnection;
  /** When the last values arrived (epoch ms); null before any. */
  readonly updatedAt: number | null;
  /** Set once the link stopped answering. */
  readonly gone: WallGoneReason | 'unknown' | null;
}

export interface WallStreamOptions {
  /** The project was saved: read its document again. */
  readonly onDocument: (revision: number) => void;
  readonly now?: () => number;
}

function parse<T>(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
  text: string,
): T | null {
  try {
    const read = schema.safeParse(JSON.parse(text));
    return read.success ? (read.data ?? null) : null;
  } catch {
    return null;
  }
}

export function useWallStream(token: string, options: WallStreamOptions): WallStream {
  const [held, setHeld] = useState<WallHeld>(() => new Map());
  const [connection, setConnection] = useState<WallConnection>('connecting');
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const [gone, setGone] = useState<WallStream['gone']>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const now = () => (latest.current.now ?? Date.now)();
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let seenAt = now();
    let stopped = false;

    const stop = () => {
      source?.close();
      source = null;
    };
    const end = (reason: WallStream['gone']) => {
      stopped = true;
      stop();
      setGone(reason);
    };
    const seen = () => {
      seenAt = now();
      setConnection('live');
    };
    /** The server refused or the stream died: learn whether the link is gone, else open again later. */
    const askWhy = () => {
      stop();
      setConnection('reconnecting');
      getWallDiagram(token).then(
        () => {
          if (!stopped) retry = setTimeout(open, RETRY_MS);
        },
        (error: unknown) => {
          if (stopped) return;
          const refusal = wallRefusal(error);
          if (refusal !== null) end(refusal);
          else retry = setTimeout(open, RETRY_MS);
        },
      );
    };
    function open(): void {
      if (stopped) return;
      seenAt = now();
      const es = new EventSource(wallEventsUrl(token));
      source = es;
      es.addEventListener('values', (event) => {
        const values = parse(WallValuesReply, (event as MessageEvent<string>).data);
        if (!values) return;
        seen();
        setHeld((before) => applyValues(before, values));
        setUpdatedAt(now());
      });
      es.addEventListener('ping', seen);
      es.addEventListener('document', (event) => {
        const read = parse(WallDocumentEvent, (event as MessageEvent<string>).data);
        seen();
        if (read) latest.current.onDocument(read.revision);
      });
      es.addEventListener('gone', (event) => {
        end(parse(WallGoneEvent, (event as MessageEvent<string>).data)?.reason ?? 'revoked');
      });
      es.onerror = () => {
        if (stopped || source !== es) return;
        if (es.readyState === EventSource.CLOSED) askWhy();
        else setConnection('reconnecting');
      };
    }

    open();
    const watchdog = setInterval(() => {
      if (!stopped && source && now() - seenAt > STALE_MS) askWhy();
    }, 5_000);
    return () => {
      stopped = true;
      stop();
      clearTimeout(retry);
      clearInterval(watchdog);
    };
  }, [token]);

  return { held, connection, updatedAt, gone };
}
