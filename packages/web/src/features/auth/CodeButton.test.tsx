// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { errorReply, mockFetch } from '../../session/test-support';
import { clearNotices, useNotices } from '../../shell/notices';
import CodeButton from './CodeButton';
import { renderPage } from './test-render';

const SLOW = { timeout: 8000 };
const CODE_SENT = {
  'POST /auth/verification-codes': { body: { sent: true, expiresAt: '2026-11-23T10:05:00Z' } },
};
let restore = (): void => undefined;

beforeEach(() => {
  setLanguage('en');
  clearNotices();
});
afterEach(() => {
  restore();
  cleanup();
});

function renderButton(target: { phone: string } | { email: string } | null) {
  return renderPage(<CodeButton purpose="bind" target={async () => target} />, {
    path: '/setting/personalCenter',
    route: '/setting/personalCenter',
  });
}

describe('get code', () => {
  it('asks for a code, counts down, and notes a mailed code under the e-mail tab', async () => {
    const fetch = mockFetch(CODE_SENT);
    restore = fetch.restore;
    renderButton({ email: 'ops@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /60/ }, SLOW)).toHaveProperty('disabled', true);
    expect(fetch.calls[0]?.body).toEqual({ email: 'ops@example.com', purpose: 'bind' });
    const [notice] = useNotices.getState().notices;
    expect(notice).toMatchObject({ kind: 'email', title: 'Code sent' });
    expect(notice?.text).toContain('ops@example.com');
  });

  it('a code sent to a phone is no e-mail notice; nothing is asked for an invalid field', async () => {
    const fetch = mockFetch(CODE_SENT);
    restore = fetch.restore;
    renderButton({ phone: '13800000000' });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: /60/ }, SLOW);
    expect(useNotices.getState().notices).toEqual([]);
    cleanup();
    renderButton(null);
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch.calls).toHaveLength(1);
  });

  it('says to wait when a code is asked again within the minute, and stays enabled', async () => {
    restore = mockFetch({
      'POST /auth/verification-codes': errorReply(429, 'rate_limited', 'too many codes'),
    }).restore;
    renderButton({ email: 'ops@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(
      () =>
        expect(document.querySelector('.ant-message')?.textContent).toBe(
          'Could not get a code: A code was sent moments ago; wait a minute before asking again',
        ),
      SLOW,
    );
    expect(screen.getByRole('button', { name: 'Get code' })).toHaveProperty('disabled', false);
    expect(useNotices.getState().notices).toEqual([]);
  });
});
