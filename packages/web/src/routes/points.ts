/**
 * Button-level permission points (§3 menu node): a route names what each of its buttons needs
 * (`points` in the route table) and a button asks by name on the page it is drawn on. The nearest
 * entry of the route's chain naming the point decides, so a child page sees its parents' points;
 * a point no entry of the chain names asks nothing.
 */
import { useLocation } from 'react-router';
import { can, useAccess } from '../session/access';
import type { Access, AccessNeed } from '../session/access';
import { routeChain } from './access';
import { routes } from './table';
import type { RouteEntry } from './table';

/** What the point needs on the page at `path`, or undefined when no route there names it. */
export function pointNeed(
  path: string,
  name: string,
  entries: readonly RouteEntry[] = routes,
): AccessNeed | undefined {
  const chain = routeChain(path, entries);
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const need = chain[i]?.points?.[name];
    if (need !== undefined) return need;
  }
  return undefined;
}

/** Whether the user with this access may use the point on the page at `path`. */
export function canPoint(
  access: Access | null | undefined,
  path: string,
  name: string,
  entries: readonly RouteEntry[] = routes,
): boolean {
  const need = pointNeed(path, name, entries);
  return need === undefined || can(access, need);
}

/** Whether the signed-in user may use the point on the page shown. */
export function usePoint(name: string): boolean {
  const { pathname } = useLocation();
  return canPoint(useAccess(), pathname, name);
}
