/**
 * The app form's model (/appaudit/CreatApp): the values a stored app starts from, and the bodies
 * sent, trimmed, with an empty default page or icon as null; an edit sends only what changed.
 */
import type { UserApp, UserAppCreate, UserAppPatch } from '../../api/apps';

export interface AppFormValues {
  readonly name: string;
  readonly title: string;
  readonly url: string;
  readonly defaultUrl: string;
  readonly icon: string | null;
  readonly description: string;
}

export const EMPTY_APP: AppFormValues = {
  name: '',
  title: '',
  url: '',
  defaultUrl: '',
  icon: null,
  description: '',
};

export const appFormValues = (app: UserApp): AppFormValues => ({
  name: app.name,
  title: app.title,
  url: app.url,
  defaultUrl: app.defaultUrl ?? '',
  icon: app.icon,
  description: app.description,
});

const trimmed = (values: Partial<AppFormValues>): AppFormValues => ({
  name: (values.name ?? '').trim(),
  title: (values.title ?? '').trim(),
  url: (values.url ?? '').trim(),
  defaultUrl: (values.defaultUrl ?? '').trim(),
  icon: values.icon ?? null,
  description: (values.description ?? '').trim(),
});

export function appCreateBody(values: Partial<AppFormValues>): UserAppCreate {
  const v = trimmed(values);
  return {
    name: v.name,
    title: v.title,
    url: v.url,
    defaultUrl: v.defaultUrl === '' ? null : v.defaultUrl,
    icon: v.icon,
    description: v.description,
  };
}

/** Only the fields that differ from the stored app (nothing: nothing to send). The name stays. */
export function appPatchBody(app: UserApp, values: Partial<AppFormValues>): UserAppPatch {
  const v = appCreateBody(values);
  return {
    ...(v.title !== app.title ? { title: v.title } : {}),
    ...(v.url !== app.url ? { url: v.url } : {}),
    ...((v.defaultUrl ?? null) !== app.defaultUrl ? { defaultUrl: v.defaultUrl ?? null } : {}),
    ...((v.icon ?? null) !== app.icon ? { icon: v.icon ?? null } : {}),
    ...((v.description ?? '') !== app.description ? { description: v.description ?? '' } : {}),
  };
}
