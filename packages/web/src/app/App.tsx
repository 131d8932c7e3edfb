/**
 * The application root: providers (antd theme and locale, i18n, TanStack Query) and the hash
 * router built from the route table.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router';
import { allMessages, i18n } from '../i18n';
import ThemeProvider from '../settings/ThemeProvider';
import { HEADER_HEIGHT } from '../settings/themes';
import RouteGuard from '../routes/guard';
import { queryClient } from './query-client';
import { AlarmFeedbackBridge } from '../alarms/feedback';
import { MAX_ALARM_POPUPS } from '../alarms/limits';
import ErrorBoundary from '../shell/views/ErrorBoundary';
import { preloadFrame, routeObjects, unattendedRetry } from './route-objects';
import { onSignIn } from '../session/lifecycle';
import { useSession } from '../session/store';

// The live channel with its alarm pop-ups, and the equipment in the header search, follow the
// session on every page: loaded at the first sign-in (or restored session), so the sign-in pages
// do without them and the first page does not wait for the protocol's message schemas. Their
// words (alarms, notices) are beyond the sign-in areas: they start once the whole language is in.
const firstSignIn = onSignIn(() => {
  firstSignIn();
  void Promise.all([import('../live/service'), allMessages().catch(() => undefined)]).then(([live]) =>
    live.installLive(),
  );
  void import('../equipment/search-items').then((search) => search.installEquipmentSearch(i18n));
});

if (useSession.getState().accessToken) preloadFrame(window.location.hash.slice(1) || '/');

export { queryClient };

// Every route passes the navigation guard (sign-in, whitelist, levels).
const router = createHashRouter([{ element: <RouteGuard />, children: routeObjects() }]);

/**
 * Alarm pop-ups are few at a time (alarms/notify.ts sums a burst up in one), listed one below the
 * other rather than piled by antd's stack: its stack measures every notice on each change, and
 * under a stream of alarms those measurements kept re-rendering one another past React's
 * nested-update limit. They open below the header (its height and a gap), so its toolbar stays
 * usable while they are up.
 */
const NOTIFICATIONS = { stack: false, maxCount: MAX_ALARM_POPUPS + 2, top: HEADER_HEIGHT + 8 } as const;

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
