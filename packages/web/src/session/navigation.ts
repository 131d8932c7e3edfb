/**
 * Navigation from outside components (logout, the 401 handler). The guard installs the router's
 * navigate function and reports the current route; without a router the hash is set directly.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;
let current = '/';

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function setCurrentRoute(route: string): void {
  current = route;
}

/** The route shown now, path and query, as the router sees it. */
export const currentRoute = (): string => current;

export function navigateTo(to: string, replace = true): void {
  if (navigator) navigator(to, { replace });
  else window.location.hash = `#${to}`;
}
