/**
 * Replies checked against the contract (@fieldlink/protocol's REST schemas) in development: a
 * server that drifts from it fails loudly at the call, with zod's path to the wrong field, instead
 * of deep in a component. Production builds trust the reply as typed (no parsing cost); Vite drops
 * the check there.
 */
import type { z } from 'zod';

/** A reply as the console holds it: the contract's output shape, read-only all the way down. */
export type Reply<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? readonly Reply<Item>[]
    : T extends object
      ? { readonly [K in keyof T]: Reply<T[K]> }
      : T;

/** The reply of `schema`, as a `.then` step: `get<unknown>(path).then(validated(Schema))`. */
export function validated<S extends z.ZodType>(schema: S): (reply: unknown) => Reply<z.output<S>> {
  return (reply) => (import.meta.env.DEV ? schema.parse(reply) : reply) as Reply<z.output<S>>;
}
