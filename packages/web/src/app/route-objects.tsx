/**
 * The hash router's routes, built from the route table: the bare pages (each catching what it
 * throws), the framed pages inside the shell, the patterns of the custom routes and not found.
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { matchPath, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { allMessages } from '../i18n';
import { CUSTOM_ROUTE_PAGES, flatten, routes } from '../routes/table';
import type { RouteEntry } from '../routes/table';
import ErrorBoundary from '../shell/views/ErrorBoundary';

// The signed-in frame loads with the first framed page, as does the whole of the language's
// messages: the sign-in pages do without both.
const loadShell = () => import('../shell/Shell');
const Shell = lazy(() => Promise.all([loadShell(), allMessages()]).then(([shell]) => shell));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));
// With the frame's routes (the user's devices and apps), which the sign-in pages do without.
const RouteRedirect = lazy(() => import('../shell/views/RouteRedirect'));

/**
 * A wall display (the big screen, a wall link) has nobody to press 'retry' after a crash that
 * reached the root: it draws itself again after half a minute. Elsewhere the user chooses.
 */
export function unattendedRetry(): number | null {
  return /^#\/(bigScreen|wall)\b/.test(window.location.hash) ? 30_000 : null;
}

/**
 * A page load that restores a session on a framed page (`path`, the address after '#') fetches the
 * frame and the whole language at once, alongside the session's restoring, not after it.
 */
export function preloadFrame(path: string): void {
  const bare = flatten(routes).some((r) => r.bare && matchPath({ path: r.path, caseSensitive: false }, path));
  if (bare) return;
  loadShell().catch(() => undefined);
  allMessages().catch(() => undefined);
}

const loading = <Spin style={{ display: 'block', margin: '20vh auto' }} />;

function element(entry: Pick<RouteEntry, 'path' | 'redirect' | 'page' | 'bare'>) {
  // Inside the frame a group goes where the user's assembled routes say (its first reachable
  // child); a bare page has no assembled routes around it.
  if (entry.redirect && !entry.page)
    return entry.bare ? (
      <Navigate to={entry.redirect} replace />
    ) : (
      <Suspense fallback={loading}>
        <RouteRedirect path={entry.path} fallback={entry.redirect} />
      </Suspense>
    );
  const Page = entry.page;
  if (!Page) return null;
  return (
    <Suspense fallback={loading}>
      <Page />
    </Suspense>
  );
}

export function routeObjects(): RouteObject[] {
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
  // The custom routes (§2) are data: two patterns reach their pages, which look the route up and
  // show the not-found page for an unknown one. Static segments outrank these in React Router's
  // ranking, so they never shadow a path of the table (route-objects.test.ts).
  const custom = [
    { path: '/:app', element: element({ path: '/:app', page: CUSTOM_ROUTE_PAGES.redirect }) },
    { path: '/:app/:child', element: element({ path: '/:app/:child', page: CUSTOM_ROUTE_PAGES.app }) },
  ];
  return [
    ...bare,
    { path: '/', element: <Navigate to={routes[0]?.redirect ?? '/Equips'} replace /> },
    {
      element: (
        <Suspense fallback={loading}>
          <Shell />
        </Suspense>
      ),
      children: [...framed, ...custom, { path: '*', element: element({ path: '*', page: NotFoundPage }) }],
    },
  ];
}
