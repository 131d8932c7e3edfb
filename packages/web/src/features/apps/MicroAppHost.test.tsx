// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import en from '../../locales/en/apps';
import { useMe } from '../../session/me';
import { useSession } from '../../session/store';
import { sampleMe } from '../../session/test-support';
import { installDomShims } from '../auth/test-render';
import MicroAppHost, { ANSWER_TIMEOUT_MS, FRAME_SANDBOX } from './MicroAppHost';
import type { HostTimers, MicroAppHostProps } from './MicroAppHost';

const ORIGIN = 'https://apps.example.com';
const URL_ = 'https://apps.example.com/meter/index.html';

/** A clock whose timers run only when the test says. */
function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const timers: HostTimers = {
    setTimeout: (callback, ms) => {
      pending.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const runAll = () =>
    act(() => {
      for (const [id, timer] of [...pending]) {
        pending.delete(id);
        timer.callback();
      }
    });
  return { timers, pending, runAll };
}

function draw(props: Partial<MicroAppHostProps> = {}, timers = manualTimers().timers) {
  const all: MicroAppHostProps = {
    name: 'daily',
    url: URL_,
    defaultUrl: '/meter/day',
    title: 'Daily',
    consoleOrigin: 'http://console.example.com',
    timers,
    ...props,
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MicroAppHost {...all} />
    </I18nextProvider>,
  );
  const redraw = (change: Partial<MicroAppHostProps>) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <MicroAppHost {...all} {...change} />
      </I18nextProvider>,
    );
  return { ...view, redraw };
}

const frame = () => screen.getByTestId('micro-app-frame') as HTMLIFrameElement;

/** Spies on what the console posts into the frame now shown. */
const spyFrame = () => vi.spyOn(frame().contentWindow!, 'postMessage');

function say(data: unknown, options: { source?: Window | null; origin?: string } = {}) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: options.origin ?? ORIGIN,
        source: options.source === undefined ? frame().contentWindow : options.source,
      }),
    );
  });
}

const hello = { type: 'fieldlink:hello' };

describe('the micro-app host', () => {
  beforeEach(() => {
    installDomShims();
    setLanguage('en');
    useSession.getState().setTokens({ accessToken: 'tok-1', refreshToken: 'ref' });
    useMe.getState().setMe(sampleMe({ id: 7, userName: 'alice' }));
  });
  afterEach(() => {
    cleanup();
    useSession.getState().clear();
    useMe.getState().setMe(null);
    vi.restoreAllMocks();
  });

  it('embeds the app’s default page in a sandboxed frame without a referrer, and no token in it', () => {
    draw();
    const f = frame();
    expect(f.getAttribute('src')).toBe('https://apps.example.com/meter/day');
    expect(f.getAttribute('sandbox')).toBe(FRAME_SANDBOX);
    expect(FRAME_SANDBOX).toBe('allow-scripts allow-same-origin allow-forms allow-popups allow-downloads');
    expect(f.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(f.getAttribute('title')).toBe('Daily');
    expect(f.getAttribute('src')).not.toContain('tok-1');
  });

  it('answers the app’s hello with the token, user and locale, posted to the app’s origin', () => {
    draw();
    const post = spyFrame();
    say(hello);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      { type: 'fieldlink:token', token: 'tok-1', user: { id: 7, name: 'alice' }, locale: 'en' },
      ORIGIN,
    );
  });

  it('answers no hello from another window or another origin', () => {
    draw();
    const post = spyFrame();
    say(hello, { source: window });
    say(hello, { origin: 'https://evil.example' });
    say(hello, { origin: 'http://console.example.com' });
    say({ type: 'something else' });
    expect(post).not.toHaveBeenCalled();
  });

  it('posts the token again when it is renewed, and not after sign-out', () => {
    draw();
    const post = spyFrame();
    say(hello);
    act(() => useSession.getState().setTokens({ accessToken: 'tok-2', refreshToken: 'ref-2' }));
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]?.[0]).toMatchObject({ type: 'fieldlink:token', token: 'tok-2' });
    expect(post.mock.calls[1]?.[1]).toBe(ORIGIN);
    act(() => useSession.getState().clear());
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('posts the token again in another language when the user changes it', () => {
    draw();
    const post = spyFrame();
    say(hello);
    act(() => setLanguage('tc'));
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]?.[0]).toMatchObject({
      type: 'fieldlink:token',
      token: 'tok-1',
      locale: 'zh-TW',
    });
    expect(post.mock.calls[1]?.[1]).toBe(ORIGIN);
  });

  it('tells the app to navigate when only the default page changes, without reloading the frame', () => {
    const { redraw } = draw();
    const before = frame();
    const post = spyFrame();
    say(hello);
    redraw({ defaultUrl: '#/week' });
    expect(frame()).toBe(before);
    expect(frame().getAttribute('src')).toBe('https://apps.example.com/meter/day');
    expect(post).toHaveBeenLastCalledWith({ type: 'fieldlink:navigate', page: '#/week' }, ORIGIN);
  });

  it('points the frame at the new default page when the app has not said hello', () => {
    const { redraw } = draw();
    const post = spyFrame();
    redraw({ defaultUrl: '/meter/week' });
    expect(frame().getAttribute('src')).toBe('https://apps.example.com/meter/week');
    expect(post).not.toHaveBeenCalled();
  });

  it('loads another app (another name or address) in a new frame', () => {
    const { redraw } = draw();
    const before = frame();
    say(hello);
    redraw({ name: 'weekly' });
    expect(frame()).not.toBe(before);
    redraw({ name: 'weekly', url: 'https://other.example.com/', defaultUrl: null });
    expect(frame().getAttribute('src')).toBe('https://other.example.com/');
  });

  it('refuses an app on the console’s own origin, and an invalid address, saying why', () => {
    draw({ consoleOrigin: ORIGIN });
    expect(screen.queryByTestId('micro-app-frame')).toBeNull();
    expect(screen.getByText(en.host.failure.ownOriginTitle)).toBeTruthy();
    expect(screen.getByText(en.host.failure.ownOrigin)).toBeTruthy();
    cleanup();
    draw({ url: 'javascript:alert(1)' });
    expect(screen.queryByTestId('micro-app-frame')).toBeNull();
    expect(screen.getByText(en.host.failure.invalidAddressTitle)).toBeTruthy();
    cleanup();
    draw({ defaultUrl: 'https://evil.example/' });
    expect(screen.getByTestId('micro-app-failure-invalidAddress')).toBeTruthy();
  });

  it('says the app has not answered after the wait, with retry and a new tab; a hello clears it', () => {
    const clock = manualTimers();
    draw({}, clock.timers);
    expect([...clock.pending.values()].map((t) => t.ms)).toEqual([ANSWER_TIMEOUT_MS]);
    expect(screen.queryByTestId('micro-app-late')).toBeNull();
    clock.runAll();
    expect(screen.getByText(en.host.lateTitle)).toBeTruthy();
    const link = screen.getByText(en.host.openInTab).closest('a')!;
    expect(link.getAttribute('href')).toBe('https://apps.example.com/meter/day');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    // Retry loads the frame anew and waits again.
    const before = frame();
    fireEvent.click(screen.getByText(en.host.retry).closest('button')!);
    expect(frame()).not.toBe(before);
    expect(screen.queryByTestId('micro-app-late')).toBeNull();
    expect(clock.pending.size).toBe(1);
    clock.runAll();
    expect(screen.getByTestId('micro-app-late')).toBeTruthy();
    const post = spyFrame();
    say(hello);
    expect(screen.queryByTestId('micro-app-late')).toBeNull();
    expect(post).toHaveBeenCalledTimes(1);
    // Answered, no new wait starts.
    expect(clock.pending.size).toBe(0);
  });

  it('lets the notice be dismissed, leaving the frame', () => {
    const clock = manualTimers();
    draw({}, clock.timers);
    clock.runAll();
    fireEvent.click(screen.getByText(en.host.dismiss).closest('button')!);
    expect(screen.queryByTestId('micro-app-late')).toBeNull();
    expect(frame()).toBeTruthy();
  });
});
