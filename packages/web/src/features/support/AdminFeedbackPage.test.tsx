// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedbackEntry } from '../../api/feedback';
import { useSession } from '../../session/store';
import { mockFetch } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import AdminFeedbackPage from './AdminFeedbackPage';
import { renderPage, signedIn } from './test-support';

const WAIT = { timeout: 8000 };
const SLOW_TEST = { timeout: 40_000 };
const NOW = Date.UTC(2026, 0, 5, 8, 0, 0);
const rows = () => [...document.querySelectorAll('[data-testid="admin-feedback"] tr.ant-table-row')];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function feedback(id: number, overrides: Partial<FeedbackEntry> = {}): Mutable<FeedbackEntry> {
  return {
    id,
    category: 'problem',
    text: `Feedback ${id}: ${'long words '.repeat(12)}end`,
    contact: null,
    user: { id: 40 + id, name: `user${id}` },
    userAgent: 'Mozilla/5.0 Chrome/140',
    errorLog: null,
    at: new Date(NOW - id * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

/** A server of feedback: the list (newest first, paged, unread filter) and marking. */
function server(items: Mutable<FeedbackEntry>[]) {
  return mockFetch({
    'GET /admin/feedback': (r: RecordedRequest): Reply => {
      const q = new URLSearchParams(r.path.split('?')[1] ?? '');
      const unread = q.get('unread');
      const kept = unread === null ? items : items.filter((i) => (i.readAt === null) === (unread === 'true'));
      const offset = Number(q.get('offset') ?? 0);
      const limit = Number(q.get('limit') ?? 20);
      return {
        body: {
          items: kept.slice(offset, offset + limit),
          total: kept.length,
          unread: items.filter((i) => i.readAt === null).length,
        },
      };
    },
    'PATCH /admin/feedback/1': (r) => mark(items, 1, r),
    'PATCH /admin/feedback/2': (r) => mark(items, 2, r),
  });
}

function mark(items: Mutable<FeedbackEntry>[], id: number, r: RecordedRequest): Reply {
  const item = items.find((i) => i.id === id)!;
  item.readAt = (r.body as { read: boolean }).read ? new Date(NOW).toISOString() : null;
  return { body: item };
}

describe('administrators’ feedback page', () => {
  let restore = () => {};
  afterEach(() => {
    cleanup();
    restore();
    useSession.getState().clear();
  });

  it(
    'lists feedback newest first; a row opens to its text, contact, browser and error log as text, and is read',
    SLOW_TEST,
    async () => {
      signedIn();
      const items = [
        feedback(1, {
          contact: 'ops@example.com',
          text: 'The map stays blank <script>alert(1)</script>',
          errorLog: [
            {
              route: '/map',
              message: 'TypeError: tiles is undefined',
              stack: 'TypeError: tiles is undefined\n    at MapPage (MapPage.tsx:3:9)',
              at: new Date(NOW - 120_000).toISOString(),
            },
          ],
        }),
        feedback(2, { category: 'suggestion', user: null, readAt: new Date(NOW).toISOString() }),
      ];
      const mocked = server(items);
      restore = mocked.restore;
      renderPage(<AdminFeedbackPage />, '/admin/feedback');
      await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
      expect(screen.getByText('What users sent, newest first. Unread: 1.')).toBeTruthy();
      const [first, second] = rows() as HTMLElement[];
      expect(within(first!).getByText('user1')).toBeTruthy();
      expect(within(first!).getByText('Problem')).toBeTruthy();
      expect(within(first!).getByText('Unread')).toBeTruthy();
      expect(within(second!).getByText('(deleted account)')).toBeTruthy();
      expect(within(second!).getByText('Suggestion')).toBeTruthy();
      // A long text is cut in the list.
      expect(within(second!).getByText(/…$/)).toBeTruthy();

      fireEvent.click(first!.querySelector('.ant-table-row-expand-icon')!);
      const details = await screen.findByTestId('feedback-details-1', {}, WAIT);
      expect(within(details).getByText('The map stays blank <script>alert(1)</script>')).toBeTruthy();
      expect(document.querySelector('[data-testid="admin-feedback"] script')).toBeNull();
      expect(within(details).getByText('ops@example.com')).toBeTruthy();
      expect(within(details).getByText('Mozilla/5.0 Chrome/140')).toBeTruthy();
      expect(within(details).getByText('Error log (1)')).toBeTruthy();
      const log = within(details).getByTestId('feedback-log-1');
      expect(log.tagName).toBe('PRE');
      expect(log.textContent).toContain('/map');
      expect(log.textContent).toContain('at MapPage (MapPage.tsx:3:9)');
      // Opening it marked it read.
      await waitFor(() =>
        expect(mocked.calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
          ['/admin/feedback/1', { read: true }],
        ]),
      );
      await waitFor(
        () => expect(screen.getByText('What users sent, newest first. Unread: 0.')).toBeTruthy(),
        WAIT,
      );

      // Marked unread again from its state column.
      fireEvent.click(screen.getByTestId('feedback-toggle-1'));
      await waitFor(
        () => expect(screen.getByText('What users sent, newest first. Unread: 1.')).toBeTruthy(),
        WAIT,
      );
      expect(mocked.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ read: false });

      // Unread only: the read one leaves the list.
      fireEvent.click(screen.getByLabelText('Unread only'));
      await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
      expect(mocked.calls.at(-1)?.path).toContain('unread=true');
    },
  );

  it('says when the list cannot be loaded', async () => {
    signedIn('zh');
    const mocked = mockFetch({ 'GET /admin/feedback': { status: 403 } });
    restore = mocked.restore;
    renderPage(<AdminFeedbackPage />, '/admin/feedback');
    expect(await screen.findByText(/^反馈加载失败：/, {}, WAIT)).toBeTruthy();
  });
});
