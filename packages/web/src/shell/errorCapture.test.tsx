// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { clearErrors, ERROR_LOG_STORAGE_KEY, installErrorCapture, logError, useErrorLog } from './errorLog';
import ErrorLogButton from './header/ErrorLogButton';
import { installDomStubs } from './test-support';
import ErrorBoundary from './views/ErrorBoundary';

const errors = () => useErrorLog.getState().errors;

/** What `unhandledrejection` carries; jsdom has no PromiseRejectionEvent of its own. */
function rejection(reason: unknown): Event {
  const promise = Promise.reject(reason);
  promise.catch(() => undefined);
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason, promise });
}

describe('runtime error capture', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
    installErrorCapture();
  });
  beforeEach(() => {
    clearErrors();
    window.location.hash = '#/history';
  });

  it('records an uncaught error with the hash route, its message and its stack', () => {
    const error = new Error('gauge scale missing');
    window.dispatchEvent(new ErrorEvent('error', { error, message: `Uncaught ${error.message}` }));
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({
      route: '/history',
      message: 'gauge scale missing',
      stack: error.stack,
    });
    expect(error.stack).toContain('gauge scale missing');
  });

  it('records an error event that has a message and no error object', () => {
    window.location.hash = '#/map?id=3';
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(errors()[0]).toMatchObject({ route: '/map?id=3', message: 'Script error.', stack: '' });
  });

  it('does not record an error event without error or message (a resource that failed to load)', () => {
    window.dispatchEvent(new Event('error'));
    expect(errors()).toEqual([]);
  });

  it('records an unhandled rejection with the route, message and stack of its reason', () => {
    window.location.hash = '#/system';
    const reason = new TypeError('reply.data is undefined');
    window.dispatchEvent(rejection(reason));
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({
      route: '/system',
      message: 'reply.data is undefined',
      stack: reason.stack,
    });
    window.dispatchEvent(rejection('timeout'));
    expect(errors()[0]).toMatchObject({ route: '/system', message: 'timeout', stack: '' });
    expect(errors()).toHaveLength(2);
  });

  it('installs its listeners once, however often it is asked', () => {
    installErrorCapture();
    installErrorCapture(window);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('once') }));
    window.dispatchEvent(rejection(new Error('twice?')));
    expect(errors().map((e) => e.message)).toEqual(['twice?', 'once']);
  });
});

describe('the view error boundary', () => {
  let router: DataRouter | null = null;
  let thrown: Error | null = null;
  let failing = true;

  function Gauge() {
    if (failing) {
      thrown = new Error('gauge has no scale');
      throw thrown;
    }
    return <p>gauge drawn</p>;
  }

  function Sibling() {
    return <p>rest of the shell</p>;
  }

  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
    installErrorCapture();
  });
  beforeEach(() => {
    clearErrors();
    failing = true;
    thrown = null;
    // React reports every caught render error on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    router?.dispose();
    router = null;
    vi.restoreAllMocks();
  });

  it('logs a view that throws while drawing (route, message, stack) and shows its fallback', async () => {
    window.location.hash = '#/system';
    router = createHashRouter([
      {
        path: '/system',
        element: (
          <>
            <ErrorBoundary>
              <Gauge />
            </ErrorBoundary>
            <Sibling />
          </>
        ),
      },
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(await screen.findByText('This page stopped working')).toBeTruthy();
    expect(screen.getByText('The error was recorded in the error log.')).toBeTruthy();
    expect(screen.getByText('rest of the shell')).toBeTruthy();
    expect(screen.queryByText('gauge drawn')).toBeNull();

    // Once: the window listeners (installed) do not record it a second time.
    expect(errors()).toHaveLength(1);
    const [entry] = errors();
    expect(entry?.route).toBe('/system');
    expect(entry?.message).toBe('gauge has no scale');
    // The error's own stack, then where in the component tree it happened.
    expect(thrown?.stack).toBeTruthy();
    expect(entry?.stack.startsWith(thrown?.stack ?? '-')).toBe(true);
    expect(entry?.stack.slice(thrown?.stack?.length ?? 0)).toMatch(/^\n\s*at Gauge\b/);

    failing = false;
    fireEvent.click(screen.getByText('Try again').closest('button')!);
    expect(await screen.findByText('gauge drawn')).toBeTruthy();
    expect(errors()).toHaveLength(1);
  });
});

describe('the error log dialog', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => clearErrors());
  afterEach(cleanup);

  const show = () =>
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorLogButton />
      </I18nextProvider>,
    );

  it('is hidden while the log is empty', () => {
    show();
    expect(screen.queryByLabelText('Error log', { selector: 'button' })).toBeNull();
  });

  it('lists route, message and stack of every entry, newest first, and dismisses all', async () => {
    const older = Object.assign(new Error('chart exploded'), {
      stack: 'Error: chart exploded\n    at drawChart (chart.ts:10:3)',
    });
    const newer = Object.assign(new Error('socket closed'), {
      stack: 'Error: socket closed\n    at onClose (live.ts:42:7)',
    });
    logError(older, '/history');
    logError(newer, '/Equips?id=42');
    show();
    expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2');

    fireEvent.click(screen.getByLabelText('Error log', { selector: 'button' }));
    const dialog = within((await screen.findByText('Dismiss all')).closest('.ant-modal') as HTMLElement);
    const headers = [...document.querySelectorAll('.fl-error-log .ant-collapse-header')];
    expect(headers.map((h) => h.textContent)).toEqual(['socket closed', 'chart exploded']);

    for (const header of headers) fireEvent.click(header);
    const stacks = [...document.querySelectorAll('.fl-error-stack')].map((s) => s.textContent);
    expect(stacks).toEqual([newer.stack, older.stack]);
    expect(dialog.getByText('/Equips?id=42')).toBeTruthy();
    expect(dialog.getByText('/history')).toBeTruthy();
    // The message is shown again beside its label, under the entry's header.
    expect(dialog.getAllByText('socket closed')).toHaveLength(2);
    expect(dialog.getAllByText('chart exploded')).toHaveLength(2);
    expect(dialog.getAllByText('Route')).toHaveLength(2);
    expect(dialog.getAllByText('Stack')).toHaveLength(2);
    const bing = dialog.getAllByText('Bing')[0]?.closest('a');
    expect(bing?.getAttribute('href')).toBe('https://www.bing.com/search?q=socket%20closed');

    fireEvent.click(dialog.getByText('Dismiss all').closest('button')!);
    expect(errors()).toEqual([]);
    const stored = JSON.parse(localStorage.getItem(ERROR_LOG_STORAGE_KEY) ?? '{}') as {
      state?: { errors?: unknown[] };
    };
    expect(stored.state?.errors).toEqual([]);
    await waitFor(() => expect(screen.queryByLabelText('Error log', { selector: 'button' })).toBeNull());
    expect(screen.queryByText('socket closed')).toBeNull();
  });

  it('appears with its count when an error is caught while shown', () => {
    show();
    act(() => logError(new Error('late'), '/map'));
    expect(screen.getByLabelText('Error log', { selector: 'button' })).toBeTruthy();
    expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('1');
  });
});
