/**
 * Rendering a page of this feature in a test: i18n (zh), a fresh query client, antd's App
 * context and a memory router at the given route; the other routes render their path so a test
 * sees where a page went. Also the browser APIs jsdom lacks and antd needs.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { i18n } from '../../i18n';

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export function installDomShims(): void {
  globalThis.ResizeObserver ??= NoResizeObserver;
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}

/** Shows where the router is (path and query), for a test to read from `data-testid="where"`. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

export function renderPage(page: ReactElement, { path, route }: { path: string; route: string }) {
  installDomShims();
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [route] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    router,
    /** The page's query client, for a test to see when a request has settled. */
    client,
    ...render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  };
}

/**
 * The button showing this text (antd puts a space between two Chinese characters: match those
 * with a pattern). Found by its text, not by role: a role query computes every element's style
 * against antd's CSS, seconds per query in jsdom.
 */
export function buttonNamed(text: string | RegExp): HTMLButtonElement {
  const buttons = screen
    .getAllByText(text)
    .map((element) => element.closest('button'))
    .filter((button): button is HTMLButtonElement => button !== null);
  const [button, ...others] = buttons;
  if (!button || others.length > 0) throw new Error(`${buttons.length} buttons show ${String(text)}`);
  return button;
}

export function clickButton(text: string | RegExp): void {
  fireEvent.click(buttonNamed(text));
}
