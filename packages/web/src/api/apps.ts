/**
 * Custom routes, user apps and value-added entries (docs/api.md "Custom routes and micro-apps";
 * the contract is @fieldlink/protocol apps.ts): what the signed-in user sees (`GET /custom-routes`,
 * `/apps`, `/value-added`), a user's own apps, and the administrators' and tenant administrators'
 * lists, changes and reviews. Replies are checked against the contract in development; a change
 * resolves once the server has taken it (the lists are read again afterwards).
 */
import { CustomRouteList, MyCustomRoutes, UserAppList, ValueAddedList } from '@fieldlink/protocol';
import type {
  CustomRoute as CustomRouteSchema,
  UserApp as UserAppSchema,
  ValueAddedEntry as ValueAddedEntrySchema,
} from '@fieldlink/protocol';
import type {
  AppReview,
  AppStatus,
  CustomRouteCreate,
  CustomRoutePatch,
  UserAppCreate,
  UserAppPatch,
  ValueAddedCreate,
  ValueAddedPatch,
} from '@fieldlink/protocol';
import type { z } from 'zod';
import { del, get, patch, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type {
  AppReview,
  AppStatus,
  CustomRouteCreate,
  CustomRoutePatch,
  UserAppCreate,
  UserAppPatch,
  ValueAddedCreate,
  ValueAddedKind,
  ValueAddedPatch,
} from '@fieldlink/protocol';

export type CustomRoute = Reply<CustomRouteSchema>;
export type CustomRouteChild = CustomRoute['children'][number];
/** A custom route as the signed-in user gets it: no tenant, condition or time (the server judged). */
export type MyCustomRoute = Reply<z.output<typeof MyCustomRoutes>>['items'][number];
export type UserApp = Reply<UserAppSchema>;
export type ValueAddedEntry = Reply<ValueAddedEntrySchema>;

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * The query keys of these lists. `all` is the prefix of every one, so a change (or §2's reload on
 * choosing `/increment/serviceManager`) can read them all again at once.
 */
export const appsKeys = {
  all: ['apps-domain'] as const,
  /** GET /custom-routes, per user (a sign-in of another account must not see these). */
  myRoutes: (userId: number) => ['apps-domain', 'custom-routes', 'mine', userId] as const,
  /** GET /apps, per user. */
  myApps: (userId: number) => ['apps-domain', 'apps', 'mine', userId] as const,
  /** GET /value-added, per user. */
  myValueAdded: (userId: number) => ['apps-domain', 'value-added', 'mine', userId] as const,
  adminRoutes: (tenantId?: number) => ['apps-domain', 'admin', 'custom-routes', tenantId ?? 'all'] as const,
  adminApps: (status: AppStatus) => ['apps-domain', 'admin', 'apps', status] as const,
  adminValueAdded: (tenantId?: number) => ['apps-domain', 'admin', 'value-added', tenantId ?? 'all'] as const,
};

// ——— what the signed-in user sees ———

/** The custom routes the user sees, in order; the server has judged tenant and condition. */
export const listMyCustomRoutes = (signal?: AbortSignal): Promise<readonly MyCustomRoute[]> =>
  get<unknown>('/custom-routes', opts(signal))
    .then(validated(MyCustomRoutes))
    .then((r) => r.items);

/** The user's own apps (any state) and the approved apps of their tenant scope. */
export const listApps = (signal?: AbortSignal): Promise<readonly UserApp[]> =>
  get<unknown>('/apps', opts(signal))
    .then(validated(UserAppList))
    .then((r) => r.items);

/** The value-added entries the user sees (§2's user-id gates judged by the server). */
export const listValueAdded = (signal?: AbortSignal): Promise<readonly ValueAddedEntry[]> =>
  get<unknown>('/value-added', opts(signal))
    .then(validated(ValueAddedList))
    .then((r) => r.items);

// ——— a user's own apps (/appaudit/CreatApp) ———

export const createApp = (body: UserAppCreate): Promise<void> =>
  post<unknown>('/apps', body).then(() => undefined);

/** A change sends an approved or rejected app back to review. */
export const updateApp = (id: number, body: UserAppPatch): Promise<void> =>
  patch<unknown>(`/apps/${id}`, body).then(() => undefined);

export const deleteApp = (id: number): Promise<void> => del<void>(`/apps/${id}`);

// ——— administration (authority 1000, or a tenant administrator for their tenant) ———

/**
 * An administered list (custom routes, value-added entries) under `path`: all of it or one
 * tenant's, added to, changed and deleted by id. A change resolves once the server has taken it.
 */
function tenantScoped<Item, Create, Patch>(
  path: string,
  parse: (reply: unknown) => { readonly items: readonly Item[] },
) {
  return {
    list: (tenantId?: number, signal?: AbortSignal): Promise<readonly Item[]> =>
      get<unknown>(path, {
        ...(tenantId === undefined ? {} : { query: { tenantId } }),
        ...opts(signal),
      })
        .then(parse)
        .then((r) => r.items),
    create: (body: Create): Promise<void> => post<unknown>(path, body).then(() => undefined),
    update: (id: number, body: Patch): Promise<void> =>
      patch<unknown>(`${path}/${id}`, body).then(() => undefined),
    remove: (id: number): Promise<void> => del<void>(`${path}/${id}`),
  };
}

const customRoutes = tenantScoped<CustomRoute, CustomRouteCreate, CustomRoutePatch>(
  '/admin/custom-routes',
  validated(CustomRouteList),
);
export const listCustomRoutes = customRoutes.list;
export const createCustomRoute = customRoutes.create;
/** A field left out stays; `children` replaces the list. */
export const updateCustomRoute = customRoutes.update;
export const deleteCustomRoute = customRoutes.remove;

/** The apps in one state (pending first by default), newest first. */
export const listAdminApps = (status: AppStatus, signal?: AbortSignal): Promise<readonly UserApp[]> =>
  get<unknown>('/admin/apps', { query: { status }, ...opts(signal) })
    .then(validated(UserAppList))
    .then((r) => r.items);

export const reviewApp = (id: number, review: AppReview): Promise<void> =>
  post<unknown>(`/admin/apps/${id}/review`, review).then(() => undefined);

const valueAdded = tenantScoped<ValueAddedEntry, ValueAddedCreate, ValueAddedPatch>(
  '/admin/value-added',
  validated(ValueAddedList),
);
export const listAdminValueAdded = valueAdded.list;
export const createValueAdded = valueAdded.create;
export const updateValueAdded = valueAdded.update;
export const deleteValueAdded = valueAdded.remove;
