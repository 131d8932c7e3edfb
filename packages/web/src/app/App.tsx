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
import { MAX_ALARM_POPUPS } from '../alarms/notify';
import ErrorBoundary from '../shell/views/ErrorBoundary';
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
  // A bare page has no shell around it, whose views catch what a page throws: it catches its own.
  const bare = all
    .filter((r) => r.bare)
    .map((r) => ({
      path: r.path,
      element: <ErrorBoundary retryAfterMs={unattendedRetry}>{element(r)}</ErrorBoundary>,
    }));
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

/**
 * A wall display (the big screen, a wall link) has nobody to press 'retry' after a crash that
 * reached the root: it draws itself again after half a minute. Elsewhere the user chooses.
 */
function unattendedRetry(): number | null {
  return /^#\/(bigScreen|wall)\b/.test(window.location.hash) ? 30_000 : null;
}

/**
 * Alarm pop-ups are few at a time (alarms/notify.ts sums a burst up in one), listed rather than
 * stacked: antd's stack measures every notice on each change, and under a stream of alarms those
 * measurements kept re-rendering one another past React's nested-update limit.
 */
const NOTIFICATIONS = { stack: false, maxCount: MAX_ALARM_POPUPS + 2 } as const;

export default function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <ErrorBoundary retryAfterMs={unattendedRetry}>
            <AntApp notification={NOTIFICATIONS}>
              <AlarmFeedbackBridge />
              <RouterProvider router={router} />
            </AntApp>
          </ErrorBoundary>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
