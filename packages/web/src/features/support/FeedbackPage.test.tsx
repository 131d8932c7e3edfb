// @vitest-environment jsdom
import { FEEDBACK_LIMITS } from '@fieldlink/protocol';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../session/store';
import { errorReply, mockFetch } from '../../session/test-support';
import type { RecordedRequest, Reply } from '../../session/test-support';
import { clearErrors, useErrorLog } from '../../shell/errorLog';
import type { ErrorEntry } from '../../shell/errorLog';
import FeedbackPage from './FeedbackPage';
import { renderPage, signedIn } from './test-support';

const WAIT = { timeout: 8000 };
/** antd forms in jsdom take seconds a step on a busy machine. */
const SLOW_TEST = { timeout: 40_000 };
const AT = Date.UTC(2026, 0, 5, 7, 30, 0);

const entry = (i: number, overrides: Partial<ErrorEntry> = {}): ErrorEntry => ({
  route: `/Equips?i=${i}`,
  message: `TypeError: boom ${i}`,
  stack: `TypeError: boom ${i}\n    at Monitoring (MonitoringPage.tsx:1:1)`,
  at: AT + i,
  ...overrides,
});

function feedbackServer(reply: (r: RecordedRequest) => Reply) {
  return mockFetch({ 'POST /feedback': reply });
}

const created = (): Reply => ({ status: 201, body: { id: 7, at: new Date(AT).toISOString() } });

describe('feedback', () => {
  let restore = () => {};
  afterEach(() => {
    cleanup();
    restore();
    clearErrors();
    useSession.getState().clear();
  });

  it(
    'sends a problem with the error log, shown first as it will be sent, cut to the bounds',
    SLOW_TEST,
    async () => {
      signedIn();
      const long = 'x'.repeat(FEEDBACK_LIMITS.stackMax + 50);
      useErrorLog.setState({
        errors: [entry(1, { stack: long }), ...Array.from({ length: 119 }, (_, i) => entry(i + 2))],
      });
      const server = feedbackServer(created);
      restore = server.restore;
      renderPage(<FeedbackPage />, '/feedback');
      expect(screen.getByText('Errors recorded in this browser: 100')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Your message'), {
        target: { value: '  The map stays blank.  ' },
      });
      fireEvent.change(screen.getByLabelText('How to reach you (optional)'), {
        target: { value: 'ops@example.com' },
      });
      expect(screen.queryByTestId('feedback-log-preview')).toBeNull();
      fireEvent.click(screen.getByLabelText('Attach my error log'));
      const preview = await screen.findByTestId('feedback-log-preview', {}, WAIT);
      expect(preview.textContent).toContain('TypeError: boom 1');
      expect(preview.textContent).toContain(`${'x'.repeat(FEEDBACK_LIMITS.stackMax - 1)}…`);
      expect(preview.textContent).not.toContain('x'.repeat(FEEDBACK_LIMITS.stackMax));
      expect(preview.textContent).toContain('TypeError: boom 100');
      expect(preview.textContent).not.toContain('TypeError: boom 101');

      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(
        await screen.findByText('Thank you: your feedback was sent to the administrators.', {}, WAIT),
      ).toBeTruthy();
      const sent = server.calls.find((c) => c.method === 'POST')!.body as {
        category: string;
        text: string;
        contact: string | null;
        errorLog: { route: string; message: string; stack: string; at: string }[];
      };
      expect(sent.category).toBe('problem');
      expect(sent.text).toBe('The map stays blank.');
      expect(sent.contact).toBe('ops@example.com');
      expect(sent.errorLog).toHaveLength(FEEDBACK_LIMITS.errorEntries);
      expect(sent.errorLog[0]).toEqual({
        route: '/Equips?i=1',
        message: 'TypeError: boom 1',
        stack: `${'x'.repeat(FEEDBACK_LIMITS.stackMax - 1)}…`,
        at: new Date(AT + 1).toISOString(),
      });
      // The form is empty again.
      await waitFor(() =>
        expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe(''),
      );
    },
  );

  it(
    'sends a suggestion without a log; an empty log cannot be attached; a blank message is refused',
    SLOW_TEST,
    async () => {
      signedIn();
      const server = feedbackServer(created);
      restore = server.restore;
      renderPage(<FeedbackPage />, '/feedback');
      expect(screen.getByText('No errors are recorded in this browser.')).toBeTruthy();
      expect((screen.getByLabelText('Attach my error log') as HTMLInputElement).disabled).toBe(true);
      fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '   ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('Say what happened or what you suggest', {}, WAIT)).toBeTruthy();
      expect(server.calls).toHaveLength(0);

      fireEvent.click(screen.getByText('Suggestion'));
      fireEvent.change(screen.getByLabelText('Your message'), {
        target: { value: 'Show units beside values' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(server.calls).toHaveLength(1), WAIT);
      expect(server.calls[0]!.body).toEqual({
        category: 'suggestion',
        text: 'Show units beside values',
        contact: null,
        errorLog: null,
      });
    },
  );

  it('says why the server refused it', SLOW_TEST, async () => {
    signedIn('zh');
    const server = feedbackServer(() =>
      errorReply(429, 'rate_limited', 'at most 10 feedback messages an hour; try again in 12 minutes'),
    );
    restore = server.restore;
    renderPage(<FeedbackPage />, '/feedback');
    fireEvent.change(screen.getByLabelText('反馈内容'), { target: { value: 'again' } });
    fireEvent.click(screen.getByRole('button', { name: '发 送' }));
    expect(await screen.findByText(/^反馈发送失败：/, {}, WAIT)).toBeTruthy();
  });
});
