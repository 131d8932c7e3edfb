/**
 * What choosing a menu entry does: go to its path and, for one that leads to
 * /increment/serviceManager, read the user's record and the custom routes again first (§2), so
 * the routes are rebuilt with what a service may have changed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { leadsToServiceManager } from '../../features/apps/service-manager';
import { reloadUserAndRoutes } from '../../features/apps/use-my-apps';
import type { MenuNode } from '../../routes/navigation';

export function useMenuChoice(tree: readonly MenuNode[]): (path: string) => void {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(
    (path: string) => {
      if (leadsToServiceManager(path, tree)) void reloadUserAndRoutes(client);
      void navigate(path);
    },
    [navigate, client, tree],
  );
}
