/**
 * A group's address (`/admin`, `/appaudit`, a custom route): goes where the user's assembled
 * routes send it, its first reachable child (routes/access.ts `assembleRoutes`), or else where the
 * table says.
 */
import { Navigate } from 'react-router';
import { findRoute } from '../../routes/access';
import { useShellRoutes } from '../useShellRoutes';

export default function RouteRedirect({
  path,
  fallback,
}: {
  readonly path: string;
  readonly fallback: string;
}) {
  const { entries } = useShellRoutes();
  return <Navigate to={findRoute(path, entries)?.redirect ?? fallback} replace />;
}
