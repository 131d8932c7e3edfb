/**
 * The one TanStack Query client. Apart from App.tsx so the session can clear its cache on logout
 * without importing the application root (which imports the session's guard).
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
