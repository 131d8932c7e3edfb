/**
 * The routes the signed-in user reaches and the menu built from them: one derivation shared by
 * the menus, breadcrumb, tabs, search and the page title.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useBranding } from '../branding/store';
import { useDirectory, useEquipmentStatus } from '../equipment/directory';
import { withCustomRoutes, withUserApps } from '../features/apps/custom-routes';
import { useMyApps, useMyCustomRoutes } from '../features/apps/use-my-apps';
import { baseConfigId, withBaseConfig } from '../features/base-config/routes';
import { assembleRoutes, findRoute } from '../routes/access';
import { menuTree } from '../routes/navigation';
import type { MenuNode } from '../routes/navigation';
import type { RouteEntry } from '../routes/table';
import { useAccess } from '../session/access';
import { useMe } from '../session/me';

export interface ShellRoutes {
  readonly level: number;
  readonly entries: readonly RouteEntry[];
  readonly menu: readonly MenuNode[];
  /** The table path of the route shown (its pattern, as the menus key it), or the raw path. */
  readonly activePath: string;
}

export function useShellRoutes(): ShellRoutes {
  // Before GET /me answers nothing past the base routes is shown.
  const level = useMe((s) => s.me?.authority ?? -1);
  const access = useAccess();
  const branded = useBranding((s) => s.branded);
  const { pathname } = useLocation();
  // The /baseConfig group's children come from the equipment (§2): these change on a load or a
  // refresh of the store, not on live pushes.
  const { status } = useEquipmentStatus();
  const tree = useDirectory((d) => d.tree);
  const devices = useDirectory((d) => d.entries);
  const types = useDirectory((d) => d.types);
  const activeId = baseConfigId(pathname);
  // §2: the custom routes (before /setting) and the user's apps (under /appaudit) come from the
  // server after sign-in; a reload of them (features/apps/use-my-apps.ts) rebuilds these.
  const { routes: custom } = useMyCustomRoutes();
  const { apps } = useMyApps();
  const entries = useMemo(
    () =>
      withUserApps(
        withCustomRoutes(
          withBaseConfig(
            assembleRoutes({ level, access }),
            { status, tree, entries: devices, types },
            activeId,
          ),
          custom,
        ),
        apps,
      ),
    [level, access, status, tree, devices, types, activeId, custom, apps],
  );
  const menu = useMemo(() => menuTree(entries, { branded }), [entries, branded]);
  const activePath = findRoute(pathname, entries)?.path ?? pathname;
  return { level, entries, menu, activePath };
}
