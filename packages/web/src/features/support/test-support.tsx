/**
 * What the support pages' tests share: rendering a page at an address with the console's query
 * client, i18n and antd's App, the router's place shown for the test to read.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../../app/query-client';
import { i18n } from '../../i18n';
import { useSession } from '../../session/store';
import { installDomStubs } from '../../shell/test-support';
import { Where } from '../auth/test-render';

/** Signed in, in `language`, with an empty query cache. */
export function signedIn(language = 'en'): void {
  useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
  queryClient.clear();
  void i18n.changeLanguage(language);
}

/** Renders `element` at `route` (its path `path`); beside it, where the router is. */
export function renderPage(element: ReactElement, route: string, path = route.split('?')[0]!) {
  installDomStubs();
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [route] },
  );
  return {
    router,
    ...render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <App>
            <RouterProvider router={router} />
          </App>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  };
}
