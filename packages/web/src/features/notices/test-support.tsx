/**
 * What the notice tests share: sample notices in the contract's shapes, a server of notices the
 * mocked fetch answers from, and rendering with the console's own query client (the one live
 * pushes and marking read refresh).
 */
import type { ReactElement } from 'react';
import type { AlarmNoticeEntry, NoticeEntry } from '../../api/notices';
import { mockFetch } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { installDomStubs, renderAt } from '../../shell/test-support';
import { Where } from '../auth/test-render';

export const NOW = Date.UTC(2026, 0, 5, 8, 0, 0);

type Announcement = Extract<NoticeEntry, { kind: 'announcement' }>;

export function announcement(id: number, overrides: Partial<Announcement> = {}): Announcement {
  return {
    kind: 'announcement',
    id,
    title: `Notice ${id}`,
    text: `Text of notice ${id}`,
    image: null,
    emailText: null,
    at: new Date(NOW - id * 60_000).toISOString(),
    read: false,
    ...overrides,
  };
}

export function alarmNotice(id: number, overrides: Partial<AlarmNoticeEntry> = {}): AlarmNoticeEntry {
  return {
    kind: 'alarm',
    id,
    title: 'Tank AI1',
    text: 'AI1 Level above the upper limit 80: 92.5 %',
    image: null,
    emailText: 'AI1 Level above the upper limit 80: 92.5 %',
    at: new Date(NOW - id * 1000).toISOString(),
    read: false,
    mail: 'sent',
    alarm: {
      equipmentId: 3,
      equipmentName: 'Tank',
      unid: 'TANK1',
      channel: 'AI1',
      level: 1,
      value: 92.5,
      name: 'Level',
      unit: '%',
      limit: 80,
    },
    ...overrides,
  };
}

/**
 * A server holding notices: GET /notices/feed, /notices/announcements and /notices/alarms answer
 * from them, POST /notices/read and /notices/read-all mark them read.
 */
export class NoticeServer {
  announcements: Announcement[] = [];
  alarms: AlarmNoticeEntry[] = [];
  readonly calls: RecordedRequest[];
  readonly restore: () => void;

  constructor(extra: Record<string, Reply | ((r: RecordedRequest) => Reply)> = {}) {
    const page = <T extends { read: boolean }>(items: T[], r: RecordedRequest): Reply => {
      const q = new URLSearchParams(r.path.split('?')[1] ?? '');
      const offset = Number(q.get('offset') ?? 0);
      const limit = Number(q.get('limit') ?? 20);
      const unread = q.get('unread');
      const kept = unread === null ? items : items.filter((i) => i.read === (unread === 'false'));
      return { body: { items: kept.slice(offset, offset + limit), total: kept.length } };
    };
    const mark = (kind: string, ids: readonly number[] | null): number => {
      let marked = 0;
      const list: { id: number; read: boolean }[] =
        kind === 'announcement' ? this.announcements : this.alarms;
      for (const item of list) {
        if (!item.read && (ids === null || ids.includes(item.id))) {
          item.read = true;
          marked += 1;
        }
      }
      return marked;
    };
    const mocked = mockFetch({
      'GET /notices/feed': () => {
        const items = [...this.announcements, ...this.alarms].filter((i) => !i.read);
        return {
          body: {
            items,
            total: items.length,
            unread: {
              announcement: this.announcements.filter((a) => !a.read).length,
              alarm: this.alarms.filter((a) => !a.read).length,
            },
          },
        };
      },
      'GET /notices/announcements': (r) => page(this.announcements, r),
      'GET /notices/alarms': (r) => page(this.alarms, r),
      'POST /notices/read': (r) => {
        const body = r.body as { kind: string; ids: number[] };
        return { body: { marked: mark(body.kind, body.ids) } };
      },
      'POST /notices/read-all': (r) => {
        const kind = (r.body as { kind?: string }).kind;
        const marked =
          (kind === 'alarm' ? 0 : mark('announcement', null)) +
          (kind === 'announcement' ? 0 : mark('alarm', null));
        return { body: { marked } };
      },
      ...extra,
    });
    this.calls = mocked.calls;
    this.restore = mocked.restore;
  }

  posts(path: string): unknown[] {
    return this.calls.filter((c) => c.method !== 'GET' && c.path === path).map((c) => c.body);
  }
}

export { signedIn } from '../../shell/test-support';

/** Renders `element` at `route` with the console's query client; other routes show their path. */
export function renderNotices(element: ReactElement, route: string, path = route) {
  installDomStubs();
  const router = renderAt(route, [
    { path, element },
    { path: '*', element: <Where /> },
  ]);
  return { router };
}
