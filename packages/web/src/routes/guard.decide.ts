/**
 * The navigation guard's decisions (specification §4 "Navigation guard"), as a pure function of
 * where the user goes and what the session holds; routes/guard.tsx carries them out.
 */
import type { Access } from '../session/access';
import { hasOperatingRole, normalizePath, routeAllowed } from './access';
import { WHITELIST } from './table';

export const LOGIN_PATH = '/login';
export const FORBIDDEN_PATH = '/403';
export const NO_ROLE_PATH = '/noRole';
/** Query parameters of a login link; they are removed from the address once used. */
export const LOGIN_LINK_PARAMS = ['token', 'userName', 'userPasswd', 'redirect_uri'] as const;

export interface GuardInput {
  /** The route's path, as after '#'. */
  readonly path: string;
  /** Its query string, with or without the leading '?'. */
  readonly search: string;
  /** An access token is stored. */
  readonly signedIn: boolean;
  /** The user's authority level once GET /me has answered, else null. */
  readonly level: number | null;
  /**
   * The user's admin flag, roles and abilities from the same reply (§6): routes that need some
   * are refused without them. Not given, only the level is judged.
   */
  readonly access?: Access;
  /** A sign-in is storing its tokens and loading the user's record right now. */
  readonly starting?: boolean;
  /**
   * The origins a login link's redirect_uri may lead to: the console's own and those the server
   * allows (REDIRECT_ALLOW, from the branding reply). Without it, none.
   */
  readonly allowedOrigins?: readonly string[];
}

export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string }
  /**
   * Sign in with the link's token, then go on to `next`; on failure leave for `redirectUri`.
   * `replacesSession`: this browser holds a session already, which the link would end: the user
   * is asked first (a link must not silently switch a visitor to someone else's account).
   */
  | {
      readonly kind: 'tokenLogin';
      readonly token: string;
      readonly next: string;
      readonly redirectUri: string | null;
      readonly replacesSession: boolean;
    }
  | {
      readonly kind: 'passwordLogin';
      readonly userName: string;
      readonly password: string;
      readonly next: string;
      readonly redirectUri: string | null;
      readonly replacesSession: boolean;
    }
  /** Signed in but the user's record is not loaded yet: load it, then decide again. */
  | { readonly kind: 'loadMe' }
  /** A sign-in is under way elsewhere: show nothing yet, decide when it is done. */
  | { readonly kind: 'wait' };

export function isWhitelisted(path: string): boolean {
  const target = normalizePath(path).toLowerCase();
  return WHITELIST.some((p) => p.toLowerCase() === target);
}

/**
 * A redirect target that stays inside the console: an absolute route, never another host
 * ('//evil.example', '/\evil.example') nor the sign-in page itself. Anything else gives '/'.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (normalizePath(value).toLowerCase() === LOGIN_PATH) return '/';
  return value;
}

/**
 * A redirect_uri that may be left for: a web address whose origin is the console's own or one the
 * server allows. Anything else (another site, a `javascript:` link) is ignored, so a login link
 * cannot be used to send a visitor to a page made to look like the console.
 */
export function safeExternalUrl(
  value: string | null | undefined,
  allowedOrigins: readonly string[],
): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return allowedOrigins.includes(url.origin) ? url.href : null;
  } catch {
    return null;
  }
}

/** The sign-in page that comes back to `route` afterwards (none for the sign-in pages). */
export function loginPathFor(route: string): string {
  if (!route.startsWith('/') || normalizePath(route) === '/' || isWhitelisted(route)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: route }).toString()}`;
}

/**
 * A sign-in page (`/login`, `/register`) that keeps the route to come back to from the current
 * query, so a visitor who registers first still ends where they were going (a share link).
 */
export function keepRedirect(page: string, search: string): string {
  const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));
  if (redirect === '/') return page;
  return `${page}?${new URLSearchParams({ redirect }).toString()}`;
}

/** The route with the login-link parameters taken out of its query. */
export function withoutLoginParams(path: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of LOGIN_LINK_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

export function decide(input: GuardInput): GuardDecision {
  const params = new URLSearchParams(input.search);
  const next = withoutLoginParams(input.path, input.search);
  const redirectUri = safeExternalUrl(params.get('redirect_uri'), input.allowedOrigins ?? []);
  const replacesSession = input.signedIn && !input.starting;
  const token = params.get('token');
  if (token) return { kind: 'tokenLogin', token, next, redirectUri, replacesSession };
  const userName = params.get('userName');
  const password = params.get('userPasswd');
  if (userName && password) {
    return { kind: 'passwordLogin', userName, password, next, redirectUri, replacesSession };
  }

  const path = normalizePath(input.path);
  // The page that signs in stays until the session is complete (it keeps its form on failure).
  if (input.starting) return isWhitelisted(path) ? { kind: 'allow' } : { kind: 'wait' };
  if (!input.signedIn) {
    if (isWhitelisted(path)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginPathFor(next) };
  }
  if (path.toLowerCase() === LOGIN_PATH)
    return { kind: 'redirect', to: safeRedirect(params.get('redirect')) };
  if (isWhitelisted(path)) return { kind: 'allow' };
  if (input.level === null) return { kind: 'loadMe' };
  if (!hasOperatingRole(input.level)) {
    return path === NO_ROLE_PATH ? { kind: 'allow' } : { kind: 'redirect', to: NO_ROLE_PATH };
  }
  const viewer = input.access ? { level: input.level, access: input.access } : input.level;
  if (!routeAllowed(path, viewer)) return { kind: 'redirect', to: FORBIDDEN_PATH };
  return { kind: 'allow' };
}
