/**
 * Custom routes, micro-apps and value-added entries (specification §1 value-added services and
 * user-created apps, §2 custom routes, micro-app host, value-added entries; docs/api.md "Custom
 * routes and micro-apps").
 *
 * - A **custom route** is data an administrator (or a tenant administrator, for their tenant)
 *   defines: a top-level menu entry `/{name}`, shown to the users its tenant scope and its user-id
 *   condition admit, whose children `/{name}/{child}` each embed a micro-app (its address and
 *   default page). The entry redirects to its first child, or to `/appaudit/CreatApp` when it has
 *   none. The console injects them before `/setting`.
 * - A **user app** is a micro-app a user registers for themselves at `/appaudit/CreatApp`; its owner
 *   sees it at once, others only after an administrator approves it.
 * - A **value-added entry** is an external page (SMS, phone alarm, reports, …) configured per
 *   tenant; the authorization entry shows when the user id is ≥ 0, the others when it is > 0.
 *
 * The micro-app host hands the app the user's access token by `postMessage` to the app's own origin
 * only ({@link MICRO_APP_MESSAGES}); the token is never part of an address.
 */
import { z } from 'zod';
import { storedText } from './fields.js';

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A tenant administrator: an account of a tenant with at least this authority (§2's manager
 * level). They manage their own tenant's custom routes and value-added entries and review its
 * users' apps; administrators (ADMIN_LEVEL) manage everyone's.
 */
export const TENANT_ADMIN_LEVEL = 100;

/**
 * The first path segments the console itself uses (routes/table.ts; a console test keeps the two in
 * step) and those the server serves beside it: a custom route or an app cannot take them.
 */
export const RESERVED_ROUTE_NAMES: readonly string[] = [
  '403',
  '404',
  'Equips',
  'ForgetPasswd',
  'about',
  'addEquips',
  'admin',
  'api',
  'apps',
  'appaudit',
  'assets',
  'baseConfig',
  'bigScreen',
  'branding',
  'callback',
  'D2D',
  'docs',
  'feedback',
  'help',
  'history',
  'increment',
  'jujuda',
  'login',
  'map',
  'noRole',
  'notices',
  'redirect',
  'register',
  'setting',
  'share',
  'system',
  'wall',
  'ws',
];

/** A path segment: a letter, then up to 31 letters, digits, `_` or `-`. */
const SEGMENT = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** The name of a child route or of a user app: one path segment. */
export const SegmentName = z.string().regex(SEGMENT, 'a letter, then up to 31 letters, digits, _ or -');

/** The name of a custom route: a segment the console does not use itself (any case). */
export const CustomRouteName = SegmentName.refine(
  (name) => !RESERVED_ROUTE_NAMES.some((taken) => taken.toLowerCase() === name.toLowerCase()),
  'this name is one of the console’s own routes',
);

/**
 * An @ant-design/icons icon by name (`AppstoreOutlined`); the console draws a default icon for a
 * name it does not bundle.
 */
export const IconName = z
  .string()
  .regex(/^[A-Z][A-Za-z0-9]{0,47}(Outlined|Filled|TwoTone)$/, 'an icon name such as AppstoreOutlined');

/** WHATWG URL, global in browsers and Node.js alike; the protocol's lib (ES2023) does not name it. */
interface ParsedUrl {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}
const URL = (globalThis as unknown as { URL: new (input: string, base?: string) => ParsedUrl }).URL;

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether `value` is an absolute http(s) address with a host and no user part (`user@` can disguise
 * the host), the form a micro-app's address must have. Whether an http address may be framed is
 * the server's configuration (`MICRO_APP_ORIGINS`); https addresses always may.
 */
export function isAppAddress(value: string): boolean {
  if (CONTROL.test(value) || /\s|\\/.test(value)) return false;
  let url: ParsedUrl;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    /^https?:\/\/[^/?#@]+/i.test(value)
  );
}

/** The origin of an app address (`https://apps.example.com`), or null for an invalid one. */
export function appOrigin(value: string): string | null {
  return isAppAddress(value) ? new URL(value).origin : null;
}

/**
 * Where the micro-app host points its frame: the default page resolved against the app's address.
 * A default page is a path, a query or a hash (`/dashboard`, `#/home`, `?view=2`) or an absolute
 * address on the app's own origin; anything resolving to another origin is refused (null).
 */
export function appPage(url: string, defaultUrl: string | null): string | null {
  const origin = appOrigin(url);
  if (origin === null) return null;
  if (defaultUrl === null || defaultUrl === '') return url;
  if (CONTROL.test(defaultUrl) || /\s|\\/.test(defaultUrl) || defaultUrl.startsWith('//')) return null;
  let page: ParsedUrl;
  try {
    page = new URL(defaultUrl, url);
  } catch {
    return null;
  }
  return page.origin === origin ? page.href : null;
}

export const APP_ADDRESS_MAX = 1024;

/** A micro-app's address: see {@link isAppAddress}. */
export const AppAddress = storedText(1, APP_ADDRESS_MAX).refine(
  isAppAddress,
  'an absolute http:// or https:// address with a host',
);

/** A default page: a path, query or hash within the app (see {@link appPage}). */
export const DefaultPage = storedText(1, APP_ADDRESS_MAX).refine(
  (page) => appPage('https://app.invalid/', page) !== null,
  'a path, query or hash on the app’s own address',
);

/** §2's condition on the current user id; null (or absent) admits every user. */
export const UserIdCondition = z.strictObject({
  op: z.enum(['eq', 'ne', 'lt', 'le', 'gt', 'ge']),
  value: z.number().int().min(-1_000_000_000).max(Number.MAX_SAFE_INTEGER),
});
export type UserIdCondition = z.infer<typeof UserIdCondition>;

/** Whether the user id `id` meets `condition`. */
export function meetsUserIdCondition(id: number, condition: UserIdCondition | null): boolean {
  if (condition === null) return true;
  const { op, value } = condition;
  switch (op) {
    case 'eq':
      return id === value;
    case 'ne':
      return id !== value;
    case 'lt':
      return id < value;
    case 'le':
      return id <= value;
    case 'gt':
      return id > value;
    case 'ge':
      return id >= value;
  }
}

export const ROUTE_TITLE_MAX = 64;
export const ROUTE_CHILDREN_MAX = 20;

/** A child of a custom route: `/{route}/{name}`, an embedded micro-app. */
export const CustomRouteChild = z.strictObject({
  name: SegmentName,
  title: storedText(1, ROUTE_TITLE_MAX),
  url: AppAddress,
  /** The app's default page; null opens its address as it is. */
  defaultUrl: DefaultPage.nullable().default(null),
});
export type CustomRouteChild = z.infer<typeof CustomRouteChild>;

const childNamesDistinct = (children: readonly { name: string }[]) =>
  new Set(children.map((c) => c.name.toLowerCase())).size === children.length;

/** POST /admin/custom-routes. */
export const CustomRouteCreate = z.strictObject({
  name: CustomRouteName,
  title: storedText(1, ROUTE_TITLE_MAX),
  icon: IconName.nullable().default(null),
  /** The tenant whose users see it; null for every user. A tenant administrator's is their own. */
  tenantId: Id.nullable().default(null),
  condition: UserIdCondition.nullable().default(null),
  /** Order among the custom routes (ascending), all of them before /setting. */
  sort: z.number().int().min(0).max(10_000).default(0),
  children: z
    .array(CustomRouteChild)
    .max(ROUTE_CHILDREN_MAX)
    .default([])
    .refine(childNamesDistinct, 'two children have the same name'),
});
export type CustomRouteCreate = z.input<typeof CustomRouteCreate>;

/** PATCH /admin/custom-routes/:id: a field left out stays; `children` replaces the list. */
export const CustomRoutePatch = z.strictObject({
  name: CustomRouteName.optional(),
  title: storedText(1, ROUTE_TITLE_MAX).optional(),
  icon: IconName.nullable().optional(),
  tenantId: Id.nullable().optional(),
  condition: UserIdCondition.nullable().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
  children: z
    .array(CustomRouteChild)
    .max(ROUTE_CHILDREN_MAX)
    .refine(childNamesDistinct, 'two children have the same name')
    .optional(),
});
export type CustomRoutePatch = z.input<typeof CustomRoutePatch>;

export const CustomRouteParams = z.strictObject({ id: Id });

/** A custom route as the administrators' list shows it. */
export const CustomRoute = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
  tenantId: z.number().nullable(),
  condition: UserIdCondition.nullable(),
  sort: z.number(),
  children: z.array(
    z.object({ name: z.string(), title: z.string(), url: z.string(), defaultUrl: z.string().nullable() }),
  ),
  updatedAt: z.iso.datetime(),
});
export type CustomRoute = z.infer<typeof CustomRoute>;

/** GET /admin/custom-routes (an administrator may narrow it to one tenant). */
export const CustomRouteQuery = z.strictObject({ tenantId: Id.optional() });
export const CustomRouteList = z.object({ items: z.array(CustomRoute) });

/**
 * GET /custom-routes: the routes the signed-in user sees (their tenant's and everyone's, whose
 * condition their id meets), ordered; the condition is judged by the server and not repeated.
 */
export const MyCustomRoutes = z.object({
  items: z.array(CustomRoute.omit({ tenantId: true, condition: true, updatedAt: true })),
});
export type MyCustomRoutes = z.infer<typeof MyCustomRoutes>;

// ——— user apps (/appaudit/CreatApp) ———

/** How many apps one user may register; one more is refused (409). */
export const USER_APPS_MAX = 20;

export const AppStatus = z.enum(['pending', 'approved', 'rejected']);
export type AppStatus = z.infer<typeof AppStatus>;

/** POST /apps: a user registers a micro-app for themselves. */
export const UserAppCreate = z.strictObject({
  name: SegmentName,
  title: storedText(1, ROUTE_TITLE_MAX),
  url: AppAddress,
  defaultUrl: DefaultPage.nullable().default(null),
  icon: IconName.nullable().default(null),
  description: storedText(0, 500).default(''),
});
export type UserAppCreate = z.input<typeof UserAppCreate>;

/** PATCH /apps/:id (the owner): a change sends an approved or rejected app back to review. */
export const UserAppPatch = z.strictObject({
  title: storedText(1, ROUTE_TITLE_MAX).optional(),
  url: AppAddress.optional(),
  defaultUrl: DefaultPage.nullable().optional(),
  icon: IconName.nullable().optional(),
  description: storedText(0, 500).optional(),
});
export type UserAppPatch = z.input<typeof UserAppPatch>;

export const UserAppParams = z.strictObject({ id: Id });

export const UserApp = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  url: z.string(),
  defaultUrl: z.string().nullable(),
  icon: z.string().nullable(),
  description: z.string(),
  ownerId: z.number(),
  ownerName: z.string(),
  status: AppStatus,
  /** The reviewer's note (why it was rejected), or null. */
  reviewNote: z.string().nullable(),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type UserApp = z.infer<typeof UserApp>;

/**
 * GET /apps: the apps the user sees — their own (any state) and the approved apps of their tenant
 * scope (a tenant's users see their tenant's, users without a tenant those of users without one).
 */
export const UserAppList = z.object({ items: z.array(UserApp) });

/** GET /admin/apps: by state (default pending), newest first. */
export const AdminAppQuery = z.strictObject({ status: AppStatus.default('pending') });
export type AdminAppQuery = z.input<typeof AdminAppQuery>;

/** POST /admin/apps/:id/review. */
export const AppReview = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  note: storedText(0, 500).nullable().default(null),
});
export type AppReview = z.input<typeof AppReview>;

// ——— value-added entries (§1, §2) ———

/** §1's value-added services; `authorization` is the authorization management entry. */
export const ValueAddedKind = z.enum([
  'authorization',
  'sms',
  'phoneAlarm',
  'reports',
  'photos',
  'recharge',
  'cameraAccount',
  'simDetails',
  'appCreation',
  'passThrough',
  'other',
]);
export type ValueAddedKind = z.infer<typeof ValueAddedKind>;

/** An entry's target: an http(s) address, or a path of the console (`/increment/serviceManager`). */
export const ValueAddedTarget = storedText(1, APP_ADDRESS_MAX).refine(
  (value) => isAppAddress(value) || /^\/(?![/\\])[A-Za-z0-9_\-/]*$/.test(value),
  'an http(s) address or a console path such as /increment/serviceManager',
);

/** §2: the authorization entry shows when the user id is ≥ 0, the others when it is > 0. */
export function seesValueAdded(kind: ValueAddedKind, userId: number): boolean {
  return kind === 'authorization' ? userId >= 0 : userId > 0;
}

/** The console path whose choice reloads user info and rebuilds the custom routes (§2). */
export const SERVICE_MANAGER_PATH = '/increment/serviceManager';

export const ValueAddedCreate = z.strictObject({
  kind: ValueAddedKind,
  title: storedText(1, ROUTE_TITLE_MAX),
  icon: IconName.nullable().default(null),
  url: ValueAddedTarget,
  tenantId: Id.nullable().default(null),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type ValueAddedCreate = z.input<typeof ValueAddedCreate>;

export const ValueAddedPatch = z.strictObject({
  kind: ValueAddedKind.optional(),
  title: storedText(1, ROUTE_TITLE_MAX).optional(),
  icon: IconName.nullable().optional(),
  url: ValueAddedTarget.optional(),
  tenantId: Id.nullable().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export type ValueAddedPatch = z.input<typeof ValueAddedPatch>;

export const ValueAddedParams = z.strictObject({ id: Id });

export const ValueAddedEntry = z.object({
  id: z.number(),
  kind: ValueAddedKind,
  title: z.string(),
  icon: z.string().nullable(),
  url: z.string(),
  tenantId: z.number().nullable(),
  sort: z.number(),
});
export type ValueAddedEntry = z.infer<typeof ValueAddedEntry>;

/** GET /value-added (what the user sees) and GET /admin/value-added (all, or one tenant's). */
export const ValueAddedList = z.object({ items: z.array(ValueAddedEntry) });
export const ValueAddedQuery = z.strictObject({ tenantId: Id.optional() });

// ——— the micro-app host's messages ———

/**
 * The messages between the console's micro-app host and an embedded app, by `postMessage`:
 * - the app, once loaded, posts `{ type: 'fieldlink:hello' }` to its parent (any target origin);
 * - the host answers only a hello from its own frame (`event.source`) and the app's origin
 *   (`event.origin`), posting `{ type: 'fieldlink:token', token, user, locale }` with the app's
 *   origin as target, again whenever the token is renewed;
 * - when only the default page of the same app changes, the host posts
 *   `{ type: 'fieldlink:navigate', page }` (the default page as configured) instead of reloading it.
 */
export const MICRO_APP_MESSAGES = {
  hello: 'fieldlink:hello',
  token: 'fieldlink:token',
  navigate: 'fieldlink:navigate',
} as const;

export const MicroAppTokenMessage = z.object({
  type: z.literal(MICRO_APP_MESSAGES.token),
  token: z.string(),
  user: z.object({ id: z.number(), name: z.string() }),
  locale: z.string(),
});
export type MicroAppTokenMessage = z.infer<typeof MicroAppTokenMessage>;
