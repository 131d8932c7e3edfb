/**
 * What the signed-in user sees of custom routes, apps and value-added entries, as queries keyed by
 * the user (a sign-in of another account never sees the last one's), and §2's reload: choosing
 * `/increment/serviceManager` reads the user's record and these lists again, so the routes are
 * rebuilt from them.
 */
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { appsKeys, listApps, listMyCustomRoutes, listValueAdded } from '../../api/apps';
import type { MyCustomRoute, UserApp, ValueAddedEntry } from '../../api/apps';
import { fetchMe } from '../../api/me';
import { useMe } from '../../session/me';
import { useSession } from '../../session/store';

/** The routes change when an administrator edits them: read again after a few minutes. */
const STALE_MS = 5 * 60_000;
/** The level of the /appaudit group, whose menu lists the apps. */
export const APPS_LEVEL = 4;

const NONE: readonly never[] = [];

/** The signed-in user's id once their record is in, with a session to ask with; else null. */
function useAsker(minLevel: number): number | null {
  const me = useMe((s) => s.me);
  const signedIn = useSession((s) => s.accessToken !== null);
  return signedIn && me && me.authority >= minLevel ? me.id : null;
}

export function useMyCustomRoutes() {
  const userId = useAsker(0);
  const query = useQuery({
    queryKey: appsKeys.myRoutes(userId ?? 0),
    queryFn: ({ signal }) => listMyCustomRoutes(signal),
    enabled: userId !== null,
    staleTime: STALE_MS,
  });
  return {
    routes: (query.data ?? NONE) as readonly MyCustomRoute[],
    /** Not known yet: a page looking a route up waits instead of saying it does not exist. */
    loading: userId === null || query.isPending,
  };
}

export function useMyApps() {
  const userId = useAsker(APPS_LEVEL);
  const query = useQuery({
    queryKey: appsKeys.myApps(userId ?? 0),
    queryFn: ({ signal }) => listApps(signal),
    enabled: userId !== null,
    staleTime: STALE_MS,
  });
  return {
    apps: (query.data ?? NONE) as readonly UserApp[],
    loading: userId === null || query.isPending,
    error: query.error,
  };
}

export function useMyValueAdded() {
  const userId = useAsker(0);
  const query = useQuery({
    queryKey: appsKeys.myValueAdded(userId ?? 0),
    queryFn: ({ signal }) => listValueAdded(signal),
    enabled: userId !== null,
  });
  return {
    entries: (query.data ?? NONE) as readonly ValueAddedEntry[],
    loading: userId === null || query.isPending,
    error: query.error,
  };
}

/**
 * §2: reads the user's record again (their level, roles and abilities may have changed with a
 * service) and every list of this domain, so the custom routes are rebuilt.
 */
export async function reloadUserAndRoutes(client: QueryClient): Promise<void> {
  const me = await fetchMe().catch(() => null);
  if (me && useSession.getState().accessToken) useMe.getState().setMe(me);
  await client.invalidateQueries({ queryKey: appsKeys.all });
}
