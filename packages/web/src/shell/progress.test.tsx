// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { i18n } from '../i18n';
import { useMe } from '../session/me';
import { sampleMe } from '../session/test-support';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { useSettings } from '../settings/store';
import { PROGRESS_SPEED_MS, PROGRESS_TRICKLE_MS } from './progress';
import Shell from './Shell';
import { resetTabs } from './tabs';
import { installDomStubs, renderAt } from './test-support';

function showShell(at: string) {
  const pages = ['/Equips', '/history', '/map'];
  const router = renderAt(at, [
    { element: <Shell />, children: pages.map((path) => ({ path, element: <p>page {path}</p> })) },
  ]);
  return { router, go: (to: string) => act(() => void router.navigate(to)) };
}

/** The order of the calls made to NProgress, from the spies. */
function calls(start: MockInstance, done: MockInstance): string[] {
  const order = [
    ...start.mock.invocationCallOrder.map((n) => [n, 'start'] as const),
    ...done.mock.invocationCallOrder.map((n) => [n, 'done'] as const),
  ];
  return order.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
}

describe('the progress bar on navigation', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    useSettings.setState({ settings: DEFAULT_SETTINGS, saved: DEFAULT_SETTINGS, collapsed: false });
    useMe.getState().setMe(sampleMe({ authority: 0 }));
    resetTabs();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('uses the §9 timing without a spinner', () => {
    expect([PROGRESS_SPEED_MS, PROGRESS_TRICKLE_MS]).toEqual([500, 200]);
    expect(NProgress.settings).toMatchObject({ speed: 500, trickleSpeed: 200, showSpinner: false });
  });

  it('starts on a page change and is done once the page is shown', async () => {
    const { go } = showShell('/history');
    await waitFor(() => expect(NProgress.isStarted()).toBe(false));
    const start = vi.spyOn(NProgress, 'start');
    const done = vi.spyOn(NProgress, 'done');

    go('/map');
    expect(document.body.textContent).toContain('page /map');
    // Started with the new page; the bar is still running right after it was committed.
    expect(calls(start, done).at(-1)).toBe('start');
    expect(NProgress.isStarted()).toBe(true);
    await waitFor(() => expect(calls(start, done).at(-1)).toBe('done'));
    expect(start).toHaveBeenCalledTimes(1);

    go('/Equips');
    expect(start).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(calls(start, done).at(-1)).toBe('done'));
  });

  it('does nothing when the progress bar is switched off', async () => {
    useSettings.getState().change({ showProgress: false });
    const start = vi.spyOn(NProgress, 'start');
    const done = vi.spyOn(NProgress, 'done');
    const { go } = showShell('/history');
    go('/map');
    go('/Equips');
    expect(document.body.textContent).toContain('page /Equips');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(start).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    expect(NProgress.isStarted()).toBe(false);
  });
});
