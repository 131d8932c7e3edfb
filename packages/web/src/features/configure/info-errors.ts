/**
 * A server refusal of a device's change, put where the user looks: a 400 names the fields it is
 * about (`body.name: Too big …`, `modbusTcp.host: the server does not dial …`; several joined by
 * '; '), and each such message goes on its form field; the rest is shown above the form.
 */
import type { FormInstance } from 'antd';
import { ApiError } from '../../api/http';

export type FieldName = string | readonly (string | number)[];

export interface FieldError {
  readonly name: FieldName;
  readonly message: string;
}

export interface PlacedErrors {
  /** Messages of fields the form shows. */
  readonly fields: readonly FieldError[];
  /** What belongs to no field of the form (or is not a 400): shown as an alert. */
  readonly general: string | null;
}

const ISSUE = /^(?:body\.)?([A-Za-z0-9_.]+): (.+)$/s;

/**
 * Splits a failure into field messages and a general one. `fieldOf` maps the server's path
 * (`name`, `settings.colors.title`, `modbusTcp.host`) to the form's field, or null.
 */
export function placeErrors(error: unknown, fieldOf: (path: string) => FieldName | null): PlacedErrors {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { fields: [], general: error instanceof Error ? error.message : String(error) };
  }
  const fields: FieldError[] = [];
  const rest: string[] = [];
  for (const issue of error.message.split('; ')) {
    const match = ISSUE.exec(issue);
    const name = match ? fieldOf(match[1]!) : null;
    if (match && name !== null) fields.push({ name, message: match[2]! });
    else rest.push(issue);
  }
  return { fields, general: rest.length > 0 ? rest.join('; ') : null };
}

/**
 * Puts a failure's field messages on the fields of `form` (placeErrors); gives the rest, to show
 * above the form, or null.
 */
export function showOnFields<T>(
  form: FormInstance<T>,
  error: unknown,
  fieldOf: (path: string) => FieldName | null,
): string | null {
  const placed = placeErrors(error, fieldOf);
  form.setFields(
    placed.fields.map((f) => ({ name: f.name, errors: [f.message] })) as Parameters<typeof form.setFields>[0],
  );
  return placed.general;
}
