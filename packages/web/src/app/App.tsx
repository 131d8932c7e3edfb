/**
 * The application root: providers (antd theme and locale, i18n, TanStack Query) and the hash
 * router built from the route table.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router';
import { i18n } from '../i18n';
import ThemeProvider from '../settings/ThemeProvider';
import RouteGuard from '../routes/guard';
import { queryClient } from './query-client';
import { AlarmFeedbackBridge } from '../alarms/feedback';
import { MAX_ALARM_POPUPS } from '../alarms/notify';
import ErrorBoundary from '../shell/views/ErrorBoundary';
import { routeObjects, unattendedRetry } from './route-objects';
import { installEquipmentSearch } from '../equipment/search-items';

// The live channel and its alarm pop-ups follow the session on every page; loaded apart so the
// first page does not wait for the protocol's message schemas.
void import('../live/service').then((live) => live.installLive());
installEquipmentSearch(i18n);

export { queryClient };

// Every route passes the navigation guard (sign-in, whitelist, levels).
const router = createHashRouter([{ element: <RouteGuard />, children: routeObjects() }]);

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
