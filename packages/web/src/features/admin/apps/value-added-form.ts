/**
 * The value-added entry dialog's model: the values a stored entry starts from and the bodies sent
 * (trimmed, an empty icon as null; an edit only what changed). The tenant is the administrators'
 * to choose (0 in the form for every tenant).
 */
import { ValueAddedKind } from '@fieldlink/protocol';
import type {
  ValueAddedCreate,
  ValueAddedEntry,
  ValueAddedKind as Kind,
  ValueAddedPatch,
} from '../../../api/apps';
import type { BodyOptions } from './route-form';

/** §1's services in the contract's order. */
export const VALUE_ADDED_KINDS: readonly Kind[] = ValueAddedKind.options;

export interface ValueAddedFormValues {
  readonly kind: Kind;
  readonly title: string;
  readonly icon: string | null;
  readonly url: string;
  readonly tenant: number;
  readonly sort: number;
}

export const EMPTY_VALUE_ADDED: ValueAddedFormValues = {
  kind: 'sms',
  title: '',
  icon: null,
  url: '',
  tenant: 0,
  sort: 0,
};

export const valueAddedFormValues = (entry: ValueAddedEntry): ValueAddedFormValues => ({
  kind: entry.kind,
  title: entry.title,
  icon: entry.icon,
  url: entry.url,
  tenant: entry.tenantId ?? 0,
  sort: entry.sort,
});

export function valueAddedCreateBody(
  values: Partial<ValueAddedFormValues>,
  options: BodyOptions,
): ValueAddedCreate {
  return {
    kind: values.kind ?? 'other',
    title: (values.title ?? '').trim(),
    icon: values.icon ?? null,
    url: (values.url ?? '').trim(),
    ...(options.withTenant ? { tenantId: values.tenant ? values.tenant : null } : {}),
    sort: values.sort ?? 0,
  };
}

export function valueAddedPatchBody(
  entry: ValueAddedEntry,
  values: Partial<ValueAddedFormValues>,
  options: BodyOptions,
): ValueAddedPatch {
  const body = valueAddedCreateBody(values, options);
  return {
    ...(body.kind !== entry.kind ? { kind: body.kind } : {}),
    ...(body.title !== entry.title ? { title: body.title } : {}),
    ...((body.icon ?? null) !== entry.icon ? { icon: body.icon ?? null } : {}),
    ...(body.url !== entry.url ? { url: body.url } : {}),
    ...(options.withTenant && (body.tenantId ?? null) !== entry.tenantId
      ? { tenantId: body.tenantId ?? null }
      : {}),
    ...(body.sort !== entry.sort ? { sort: body.sort ?? 0 } : {}),
  };
}
