/**
 * The application root: providers (antd theme and locale, i18n, TanStack Query) and the hash
 * router built from the route table.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Spin } from 'antd';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { i18n } from '../i18n';
import { flatten, routes } from '../routes/table';
import type { RouteEntry } from '../routes/table';
import Shell from '../shell/Shell';
import ThemeProvider from '../settings/ThemeProvider';
import NotFoundPage from '../features/errors/NotFoundPage';
import RouteGuard from '../routes/guard';
import { queryClient } from './query-client';
import { AlarmFeedbackBridge } from '../alarms/feedback';
import { installEquipmentSearch } from '../equipment/search-items';

// The live channel and its alarm pop-ups follow the session on every page; loaded apart so the
// first page does not wait for the protocol's message schemas.
void import('../live/service').then((live) => live.installLive());
installEquipmentSearch(i18n);

export { queryClient };

function element(entry: RouteEntry) {
  if (entry.redirect && !entry.page) return <Navigate to={entry.redirect} replace />;
  const Page = entry.page;
  if (!Page) return null;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
      <Page />
    </Suspense>
  );
}

function routeObjects(): RouteObject[] {
  const all = flatten(routes);
  const bare = all.filter((r) => r.bare).map((r) => ({ path: r.path, element: element(r) }));
  const framed = all
    .filter((r) => !r.bare && r.path !== '/')
    .map((r) => ({ path: r.path, element: element(r) }));
  return [
    ...bare,
    { path: '/', element: <Navigate to={routes[0]?.redirect ?? '/Equips'} replace /> },
    { element: <Shell />, children: [...framed, { path: '*', element: <NotFoundPage /> }] },
  ];
}

// Every route passes the navigation guard (sign-in, whitelist, levels).
const router = createHashRouter([{ element: <RouteGuard />, children: routeObjects() }]);

export default function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AntApp>
            <AlarmFeedbackBridge />
            <RouterProvider router={router} />
          </AntApp>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
