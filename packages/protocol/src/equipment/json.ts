/**
 * The JSON-valued record fields (fDODIMode, fParam) are stored as text. These helpers read
 * them without ever throwing and keep the keys this project does not use, so writing a field
 * back loses nothing another client put there.
 */
import { z } from 'zod';

export type JsonObject = Record<string, unknown>;

const objectSchema = z.record(z.string(), z.unknown());

/** A JSON object from its text (or an already parsed object); null for anything else. */
export function readJsonObject(input: unknown): JsonObject | null {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const parsed = objectSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The object's entries other than `known`, as a new object. */
export function otherKeys(object: JsonObject, known: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !known.includes(key)));
}

/** An own-property lookup (never reaches the prototype). */
export function field(object: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}
