// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { installDomStubs } from '../test-support';
import FullScreenButton from './FullScreenButton';

/** What the browser says of full screen; jsdom has none of it, each test sets its own. */
let fullscreenElement: Element | null = null;

function setFullScreenElement(element: Element | null): void {
  fullscreenElement = element;
  document.dispatchEvent(new Event('fullscreenchange'));
}

function browser({
  enabled,
  request,
  exit = async () => setFullScreenElement(null),
}: {
  readonly enabled: boolean;
  readonly request: (() => Promise<void>) | undefined;
  readonly exit?: () => Promise<void>;
}) {
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => enabled });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
  const requestFullscreen = request ? vi.fn(request) : undefined;
  const exitFullscreen = vi.fn(exit);
  Object.defineProperty(document.documentElement, 'requestFullscreen', {
    configurable: true,
    value: requestFullscreen,
  });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
  return { requestFullscreen, exitFullscreen };
}

function show() {
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <FullScreenButton />
      </App>
    </I18nextProvider>,
  );
}

const button = (label: string) => screen.getByLabelText(label, { selector: 'button' });

describe('the full screen button', () => {
  beforeAll(() => installDomStubs());
  beforeEach(async () => {
    fullscreenElement = null;
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    document.querySelectorAll('.ant-message').forEach((m) => m.remove());
  });

  it('says full screen is not available when the browser has none', async () => {
    browser({ enabled: false, request: undefined });
    show();
    fireEvent.click(button('Full screen'));
    expect(await screen.findByText('Full screen is not available in this browser')).toBeTruthy();
    expect(button('Full screen')).toBeTruthy();
  });

  it('says so too when the browser refuses it', async () => {
    const { requestFullscreen } = browser({
      enabled: true,
      request: () => Promise.reject(new TypeError('Permissions check failed')),
    });
    show();
    fireEvent.click(button('Full screen'));
    expect(await screen.findByText('Full screen is not available in this browser')).toBeTruthy();
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(button('Full screen')).toBeTruthy();
  });

  it('says it in the language chosen', async () => {
    await i18n.changeLanguage('zh');
    browser({ enabled: true, request: () => Promise.reject(new Error('denied')) });
    show();
    fireEvent.click(button('全屏'));
    expect(await screen.findByText('当前浏览器不支持全屏')).toBeTruthy();
  });

  it('enters full screen on the page, then leaves it', async () => {
    const { requestFullscreen, exitFullscreen } = browser({
      enabled: true,
      request: async function (this: Element) {
        setFullScreenElement(this);
      },
    });
    show();
    await act(async () => fireEvent.click(button('Full screen')));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen?.mock.contexts[0]).toBe(document.documentElement);
    expect(exitFullscreen).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(button('Exit full screen')));
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(button('Full screen')).toBeTruthy();
    expect(screen.queryByText('Full screen is not available in this browser')).toBeNull();
  });
});
