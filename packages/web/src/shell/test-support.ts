/**
 * What jsdom lacks and antd uses (media queries, resize observation, scrolling), for the
 * component tests of the shell and the settings; drawing a router with the providers around it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { App } from 'antd';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DataRouter, RouteObject } from 'react-router';
import { queryClient } from '../app/query-client';
import { WEATHER_QUERY_KEY } from '../features/weather/useWeather';
import { i18n } from '../i18n';
import { useSession } from '../session/store';

export function installDomStubs(): void {
  // Role queries otherwise compute every element's style against all of antd's injected CSS,
  // which in jsdom grows to seconds per query; what is hidden is checked explicitly instead.
  configure({ defaultHidden: true });
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
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  // jsdom has no pseudo-element styles and says so on every call (antd asks for scrollbars').
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  Element.prototype.scrollTo ??= () => undefined;
  window.scrollTo = () => undefined;
}

/**
 * Draw a router inside what the console's pages expect around them: the console's own query
 * client (the equipment store's reads go through it), i18n and antd's App.
 */
export function renderRouter(router: DataRouter): DataRouter {
  // No weather service here: the header's weather asks nothing of the tests' servers.
  queryClient.setQueryData(WEATHER_QUERY_KEY, { configured: false, weather: null, problem: null });
  render(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        I18nextProvider,
        { i18n },
        createElement(App, null, createElement(RouterProvider, { router })),
      ),
    ),
  );
  return router;
}

/** Draw routes in a memory router opened at `at`. */
export function renderAt(at: string, routes: RouteObject[]): DataRouter {
  return renderRouter(createMemoryRouter(routes, { initialEntries: [at] }));
}

/** Signed in (a token, no user record asked for), in `language`, with an empty query cache. */
export function signedIn(language = 'en'): void {
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  queryClient.clear();
  void i18n.changeLanguage(language);
}
