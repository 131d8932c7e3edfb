/** Field rules shared by the REST request schemas. */
import { z } from 'zod';

/**
 * Free text that reaches the database. PostgreSQL refuses NUL in text, so it is refused here, as a
 * 400, rather than failing the query.
 */
export function storedText(min: number, max: number) {
  return z
    .string()
    .min(min)
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
}

/** A page of a list reply: the items of this page and how many there are in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number() });
}
