/**
 * The custom route dialog's model: the values a stored route starts from, the bodies sent
 * (trimmed; an empty default page or icon as null; the user-id condition only when it is on) and,
 * for an edit, only what changed. The tenant is the administrators' to choose (0 in the form for
 * every tenant); a tenant administrator's routes are their tenant's, set by the server.
 */
import type { UserIdCondition } from '@fieldlink/protocol';
import type { CustomRoute, CustomRouteCreate, CustomRoutePatch } from '../../../api/apps';

export type ConditionOp = UserIdCondition['op'];
export const CONDITION_OPS: readonly ConditionOp[] = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'];
/** How a condition's operator is written ("user id ≥ 5"). */
export const OP_SIGNS: Readonly<Record<ConditionOp, string>> = {
  eq: '=',
  ne: '≠',
  lt: '<',
  le: '≤',
  gt: '>',
  ge: '≥',
};

export interface ChildValues {
  readonly name: string;
  readonly title: string;
  readonly url: string;
  readonly defaultUrl: string;
}

export interface RouteFormValues {
  readonly name: string;
  readonly title: string;
  readonly icon: string | null;
  /** The tenant id, 0 for every tenant. */
  readonly tenant: number;
  readonly conditioned: boolean;
  readonly op: ConditionOp;
  readonly value: number | null;
  readonly sort: number;
  readonly children: readonly ChildValues[];
}

export const EMPTY_CHILD: ChildValues = { name: '', title: '', url: '', defaultUrl: '' };

export const EMPTY_ROUTE: RouteFormValues = {
  name: '',
  title: '',
  icon: null,
  tenant: 0,
  conditioned: false,
  op: 'eq',
  value: null,
  sort: 0,
  children: [],
};

export const routeFormValues = (route: CustomRoute): RouteFormValues => ({
  name: route.name,
  title: route.title,
  icon: route.icon,
  tenant: route.tenantId ?? 0,
  conditioned: route.condition !== null,
  op: route.condition?.op ?? 'eq',
  value: route.condition?.value ?? null,
  sort: route.sort,
  children: route.children.map((c) => ({
    name: c.name,
    title: c.title,
    url: c.url,
    defaultUrl: c.defaultUrl ?? '',
  })),
});

/** Whether no two children share a name (in any case: their paths would). */
export function childNamesDistinct(children: readonly Pick<ChildValues, 'name'>[]): boolean {
  const names = children.map((c) => (c.name ?? '').trim().toLowerCase()).filter((n) => n !== '');
  return new Set(names).size === names.length;
}

type Child = NonNullable<CustomRouteCreate['children']>[number];

const childBody = (child: Partial<ChildValues>): Child => {
  const defaultUrl = (child.defaultUrl ?? '').trim();
  return {
    name: (child.name ?? '').trim(),
    title: (child.title ?? '').trim(),
    url: (child.url ?? '').trim(),
    defaultUrl: defaultUrl === '' ? null : defaultUrl,
  };
};

function conditionOf(values: Partial<RouteFormValues>): UserIdCondition | null {
  if (!values.conditioned || values.value === null || values.value === undefined) return null;
  return { op: values.op ?? 'eq', value: values.value };
}

export interface BodyOptions {
  /** The signed-in user is an administrator, who chooses the tenant. */
  readonly withTenant: boolean;
}

export function routeCreateBody(values: Partial<RouteFormValues>, options: BodyOptions): CustomRouteCreate {
  return {
    name: (values.name ?? '').trim(),
    title: (values.title ?? '').trim(),
    icon: values.icon ?? null,
    ...(options.withTenant ? { tenantId: values.tenant ? values.tenant : null } : {}),
    condition: conditionOf(values),
    sort: values.sort ?? 0,
    children: (values.children ?? []).map(childBody),
  };
}

const sameCondition = (a: UserIdCondition | null, b: UserIdCondition | null): boolean =>
  a === b || (a !== null && b !== null && a.op === b.op && a.value === b.value);

const sameChildren = (a: readonly Child[], b: CustomRoute['children']): boolean =>
  a.length === b.length &&
  a.every((c, i) => {
    const o = b[i]!;
    return (
      c.name === o.name && c.title === o.title && c.url === o.url && (c.defaultUrl ?? null) === o.defaultUrl
    );
  });

/** Only the fields that differ from the stored route (nothing: nothing to send). */
export function routePatchBody(
  route: CustomRoute,
  values: Partial<RouteFormValues>,
  options: BodyOptions,
): CustomRoutePatch {
  const body = routeCreateBody(values, options);
  const children = body.children ?? [];
  const condition = body.condition ?? null;
  return {
    ...(body.name !== route.name ? { name: body.name } : {}),
    ...(body.title !== route.title ? { title: body.title } : {}),
    ...((body.icon ?? null) !== route.icon ? { icon: body.icon ?? null } : {}),
    ...(options.withTenant && (body.tenantId ?? null) !== route.tenantId
      ? { tenantId: body.tenantId ?? null }
      : {}),
    ...(sameCondition(condition, route.condition) ? {} : { condition }),
    ...(body.sort !== route.sort ? { sort: body.sort ?? 0 } : {}),
    ...(sameChildren(children, route.children) ? {} : { children }),
  };
}
