/**
 * The checks of the forms for apps, custom routes and value-added entries, made of the contract's
 * own schemas (@fieldlink/protocol apps.ts), each giving the key of its words under
 * `apps.validation` (the schemas' messages are English); and the server's refusals mapped to the
 * fields they are about.
 */
import {
  AppAddress,
  appOrigin,
  appPage,
  CustomRouteName,
  isAppAddress,
  ROUTE_TITLE_MAX,
  SegmentName,
  ValueAddedTarget,
} from '@fieldlink/protocol';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import type { KeyUnder, MessageKey } from '../../i18n';

export type Problem = KeyUnder<'apps.validation'>;
export type Check = (value: string) => Problem | null;

/** The longest description of an app (the contract's UserAppCreate). */
export const DESCRIPTION_MAX = 500;

export const titleProblem: Check = (value) =>
  value.trim() === '' ? 'required' : value.length > ROUTE_TITLE_MAX ? 'title' : null;

/** A child's or an app's name: one path segment. */
export const segmentProblem: Check = (value) =>
  value === '' ? 'required' : SegmentName.safeParse(value).success ? null : 'segment';

/** A custom route's name: a segment the console does not use itself. */
export const routeNameProblem: Check = (value) =>
  segmentProblem(value) ?? (CustomRouteName.safeParse(value).success ? null : 'reserved');

/**
 * An app's address: absolute http(s) with a host, and not on the console's own origin (the host
 * would refuse to embed it: with its own origin it could read the console's storage).
 */
export const addressProblem =
  (consoleOrigin: string): Check =>
  (value) => {
    if (value === '') return 'required';
    if (!AppAddress.safeParse(value).success) return 'address';
    return appOrigin(value) === consoleOrigin ? 'ownOrigin' : null;
  };

/** A default page: empty, or a path, query or hash on the app's own origin. */
export const defaultPageProblem =
  (url: string): Check =>
  (value) => {
    if (value === '') return null;
    const base = isAppAddress(url) ? url : 'https://app.invalid/';
    return appPage(base, value) === null ? 'defaultPage' : null;
  };

export const descriptionProblem: Check = (value) => (value.length > DESCRIPTION_MAX ? 'description' : null);

/** A value-added entry's target: an http(s) address or a console path. */
export const targetProblem: Check = (value) =>
  value === '' ? 'required' : ValueAddedTarget.safeParse(value).success ? null : 'target';

/** An antd form rule running a check on the trimmed text. */
export function ruleOf(check: Check, t: TFunction): FormRule {
  return {
    validator: async (_, value: unknown) => {
      const problem = check(typeof value === 'string' ? value.trim() : '');
      if (problem) throw new Error(t(`apps.validation.${problem}`, { max: ROUTE_TITLE_MAX }));
    },
  };
}

export interface FieldRefusal {
  /** The form field's name path (`['children', 1, 'url']`). */
  readonly name: (string | number)[];
  readonly errors: string[];
}

/**
 * The server's refusals the console words itself (docs/api.md, English): a pattern of the message,
 * the key of the words, and the field it is about when there is one.
 */
const KNOWN: readonly { readonly test: RegExp; readonly key: MessageKey; readonly field?: string }[] = [
  { test: /^the name .* is taken/, key: 'apps.errors.routeNameTaken', field: 'name' },
  { test: /^you already have an app named /, key: 'apps.errors.appNameTaken', field: 'name' },
  { test: /^you have registered \d+ apps/, key: 'apps.errors.tooManyApps' },
  { test: /^plain-http apps must be listed in MICRO_APP_ORIGINS/, key: 'apps.errors.plainHttp' },
  { test: /^you cannot review your own app/, key: 'apps.errors.ownAppReview' },
  { test: /^only administrators and tenant administrators may/, key: 'apps.errors.forbidden' },
];

const known = (error: unknown) =>
  error instanceof ApiError ? KNOWN.find((k) => k.test.test(error.message)) : undefined;

/**
 * The fields a refusal is about: a taken name, or each `body.<path>: reason` of a 400 (the
 * server's validation words), e.g. `body.children.1.url: …`. Empty for another failure.
 */
export function refusedFields(error: unknown, t?: TFunction): FieldRefusal[] {
  if (!(error instanceof ApiError)) return [];
  const word = known(error);
  if (word?.field) return [{ name: [word.field], errors: [t ? t(word.key) : error.message] }];
  if (error.status !== 400) return [];
  const found: FieldRefusal[] = [];
  for (const part of error.message.split('; ')) {
    const match = /^body\.([\w.]+): (.+)$/.exec(part);
    if (!match) continue;
    const name = match[1]!.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    found.push({ name, errors: [match[2]!] });
  }
  return found;
}

/** Marks the fields a refusal is about in the form (its message goes above the form). */
export function showRefusal<T>(form: FormInstance<T>, error: unknown, t: TFunction): void {
  form.setFields(refusedFields(error, t) as Parameters<FormInstance<T>['setFields']>[0]);
}

/** A failure in words: the console's for those it knows, else the server's message. */
export function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && (error.code === 'network' || error.code === 'timeout'))
    return t('apps.errors.unreachable');
  const word = known(error);
  if (word) return t(word.key);
  if (error instanceof ApiError && error.status === 403) return t('apps.errors.forbidden');
  return error instanceof Error ? error.message : String(error);
}
