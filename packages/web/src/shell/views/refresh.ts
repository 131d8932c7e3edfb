/**
 * Refreshing a view (§2): it re-mounts by going through the /redirect route and back. Each path
 * has a generation; the cached view is keyed by it, so a bump drops the old instance while the
 * other cached views stay as they were.
 */
import { create } from 'zustand';

export const REDIRECT_PREFIX = '/redirect';

interface Generations {
  readonly generations: Readonly<Record<string, number>>;
}

export const useViewGenerations = create<Generations>()(() => ({ generations: {} }));

export function bumpGeneration(path: string): void {
  useViewGenerations.setState((s) => ({
    generations: { ...s.generations, [path]: (s.generations[path] ?? 0) + 1 },
  }));
}

/** The detour that brings the user back to `pathWithQuery` with a fresh view. */
export function redirectPath(pathWithQuery: string): string {
  return `${REDIRECT_PREFIX}${pathWithQuery.startsWith('/') ? '' : '/'}${pathWithQuery}`;
}

/** Where /redirect/… leads back to. */
export function targetOfRedirect(pathname: string, search: string): string {
  const rest = pathname.slice(REDIRECT_PREFIX.length) || '/';
  return `${rest}${search}`;
}

export const isRedirectPath = (pathname: string): boolean =>
  pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`);

export function refreshView(
  path: string,
  search: string,
  navigate: (to: string, options: { replace: boolean }) => void,
): void {
  bumpGeneration(path);
  navigate(redirectPath(`${path}${search}`), { replace: true });
}
