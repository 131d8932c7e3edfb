/**
 * A wall display's stream over a real socket, on both databases: the values first, then what the
 * live channel pushes about the equipment drawn (and nothing else), the document's saves, the
 * creator's rights asked again at each check, revocation ending it at once, and its bounds.
 */
import { describe, expect, it as baseIt } from 'vitest';
import { sendAs, useAccountsApp } from '../accounts/test-support.js';
import { statePush } from '../live/device-info.js';
import { storageCases } from '../storage/test-support.js';
import {
  documentDrawing,
  linksApp,
  newBoard,
  newLink,
  newProject,
  newUser,
  ok,
} from './links.test-support.js';
import type { LinksApp } from './links.test-support.js';

interface StreamEvent {
  readonly name: string;
  readonly data: {
    full?: boolean;
    revision?: number;
    reason?: string;
    equipment?: { id: number; channels: { do: { on?: boolean }[] } }[];
  };
}

/** Reads a stream's events as they come, until it ends or is stopped. */
function follow(url: string) {
  const events: StreamEvent[] = [];
  const abort = new AbortController();
  let status = 0;
  let ended = false;
  let pings = 0;
  const done = (async () => {
    const res = await fetch(url, { signal: abort.signal });
    status = res.status;
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done: over } = await reader.read();
      if (over) break;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name === 'ping') pings += 1;
        else if (name && data) events.push({ name, data: JSON.parse(data) as StreamEvent['data'] });
      }
    }
    ended = true;
  })().catch(() => {
    ended = true;
  });
  return {
    events,
    status: () => status,
    ended: () => ended,
    pings: () => pings,
    stop: async () => {
      abort.abort();
      await done;
    },
  };
}

describe.each(storageCases())('diagram link streams on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  async function listening(
    options: Parameters<typeof linksApp>[1] = {},
  ): Promise<LinksApp & { base: string }> {
    const app = await linksApp(h, { recheckMs: 40, ...options });
    const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...app, base };
  }

  it('sends the values, then the pushes about the equipment drawn, saves and lost rights; revoking ends it', async () => {
    const owner = await newUser(h, 'stream-owner');
    const creator = await newUser(h, 'stream-creator');
    const shared = await newBoard(h, owner);
    const own = await newBoard(h, creator);
    const other = await newBoard(h, creator);
    const code = ok<{ code: string }>(
      await sendAs(h.app, 'POST', `/equipment/${shared.id}/share-codes`, owner.token, {
        level: 'read',
        validity: '1w',
      }),
      201,
    ).code;
    const grant = ok<{ grantId: number }>(
      await sendAs(h.app, 'POST', '/share-codes/redeem', creator.token, { code }),
    );
    const project = await newProject(h, creator, [shared.id, own.id]);
    const link = await newLink(h, creator, project.id);
    const { app, base } = await listening();
    const stream = follow(`${base}/api/v1/diagram-links/${link.token}/events`);
    try {
      await expect.poll(() => stream.events.length).toBeGreaterThan(0);
      expect(stream.status()).toBe(200);
      expect(stream.events[0]).toMatchObject({ name: 'values', data: { full: true } });
      expect(stream.events[0]?.data.equipment?.map((e) => e.id).sort()).toEqual([shared.id, own.id].sort());

      const on = [false, false, false, false, true, false, false, false];
      app.live.pushDeviceInfo(other.id, statePush(other.unid, { do: on }, '2026-01-05 08:00:00'));
      app.live.pushDeviceInfo(shared.id, statePush(shared.unid, { do: on }, '2026-01-05 08:00:00'));
      await expect.poll(() => stream.events.length).toBe(2);
      expect(stream.events[1]).toMatchObject({ name: 'values', data: { full: false } });
      expect(stream.events[1]?.data.equipment?.map((e) => e.id)).toEqual([shared.id]);
      expect(stream.events[1]?.data.equipment?.[0]?.channels.do[4]?.on).toBe(true);

      ok(
        await sendAs(h.app, 'PUT', `/diagrams/${project.id}/document`, creator.token, {
          revision: project.revision,
          document: documentDrawing(shared.id),
        }),
      );
      await expect
        .poll(() => stream.events.find((e) => e.name === 'document')?.data.revision)
        .toBe(project.revision + 1);
      const full = () => stream.events.filter((e) => e.name === 'values' && e.data.full).at(-1);
      await expect.poll(() => full()?.data.equipment?.map((e) => e.id)).toEqual([shared.id]);

      ok(await sendAs(h.app, 'DELETE', `/equipment/${shared.id}/grants/${grant.grantId}`, owner.token), 204);
      await expect.poll(() => full()?.data.equipment).toEqual([]);
      ok(
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/diagrams/${project.id}/links/${link.id}`,
          headers: { authorization: `Bearer ${creator.token}` },
        }),
        204,
      );
      await expect.poll(() => stream.ended()).toBe(true);
      expect(stream.events.at(-1)).toEqual({ name: 'gone', data: { reason: 'revoked' } });
    } finally {
      await stream.stop();
      await app.close();
    }
  });

  it('tells an open display that its link expired, and bounds the displays of one link', async () => {
    const a = await newUser(h, 'stream-expiry');
    const project = await newProject(h, a, [(await newBoard(h, a)).id]);
    const link = await newLink(h, a, project.id, { expiresAt: new Date(h.clock.ms + 120_000).toISOString() });
    const { app, base } = await listening({
      limits: { requestsPerWindow: 100, windowMs: 60_000, streamsPerLink: 1, streamsPerAddress: 5 },
    });
    const url = `${base}/api/v1/diagram-links/${link.token}/events`;
    const first = follow(url);
    try {
      await expect.poll(() => first.events.length).toBeGreaterThan(0);
      // Nothing changes: the checks say they are alive.
      await expect.poll(() => first.pings()).toBeGreaterThan(1);
      const second = await fetch(url);
      expect(second.status).toBe(429);
      expect(((await second.json()) as { error: { message: string } }).error.message).toBe(
        'at most 1 displays may show one diagram link at once',
      );
      h.clock.advance(120_000);
      await expect.poll(() => first.ended()).toBe(true);
      expect(first.events.at(-1)).toEqual({ name: 'gone', data: { reason: 'expired' } });
      // Its place is free again; the link itself answers 410 now.
      expect((await fetch(url)).status).toBe(410);
    } finally {
      await first.stop();
      await app.close();
    }
  });
});
