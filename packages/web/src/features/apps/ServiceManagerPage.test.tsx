// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/apps';
import { mockFetch } from '../../session/test-support';
import type { RecordedRequest } from '../../session/test-support';
import ServiceManagerPage from './ServiceManagerPage';
import { PATIENT, renderSignedIn, signOut, SLOW, valueAdded } from './test-support';

const ROUTE = '/increment/serviceManager';
let restore = (): void => undefined;
let calls: RecordedRequest[] = [];

afterEach(() => {
  restore();
  signOut();
});

function serve(items: ReturnType<typeof valueAdded>[]) {
  const mock = mockFetch({ 'GET /value-added': { body: { items } }, 'GET /me': { body: {} } });
  restore = mock.restore;
  calls = mock.calls;
}

describe('the value-added services page', PATIENT, () => {
  it('shows the entries as cards; an address opens in a new tab without opener or referrer', async () => {
    serve([
      valueAdded(1, {
        kind: 'sms',
        title: 'SMS alerts',
        icon: 'MessageOutlined',
        url: 'https://sms.example.com/',
      }),
      valueAdded(2, { kind: 'reports', title: 'Reports', url: '/increment/reports' }),
    ]);
    const { router } = renderSignedIn(<ServiceManagerPage />, ROUTE);
    const sms = await screen.findByTestId('value-added-1', {}, SLOW);
    expect(sms.textContent).toContain('SMS alerts');
    expect(sms.textContent).toContain(en.kinds.sms);
    expect(sms.textContent).toContain(en.services.opensInTab);
    const link = sms.closest('a')!;
    expect(link.getAttribute('href')).toBe('https://sms.example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // A console path opens in the console.
    const reports = screen.getByTestId('value-added-2');
    expect(reports.closest('a')).toBeNull();
    fireEvent.click(reports);
    await waitFor(() => expect(router.state.location.pathname).toBe('/increment/reports'));
  });

  it('reads the user and the routes again for an entry leading back to this page', async () => {
    serve([
      valueAdded(3, { kind: 'authorization', title: 'Authorization', url: '/increment/serviceManager' }),
    ]);
    renderSignedIn(<ServiceManagerPage />, ROUTE);
    fireEvent.click(await screen.findByTestId('value-added-3', {}, SLOW));
    await waitFor(() => expect(calls.some((c) => c.path === '/me')).toBe(true));
  });

  it('says when no service is set up', async () => {
    serve([]);
    renderSignedIn(<ServiceManagerPage />, ROUTE);
    await screen.findByText(en.services.empty, {}, SLOW);
  });
});
