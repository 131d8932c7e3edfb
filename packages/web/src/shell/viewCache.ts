/**
 * The cached views of the main area (§2, §9: up to 20). Kept in most-recently-used order; the
 * oldest drop out beyond the limit, never the one just shown.
 */
export const MAX_CACHED_VIEWS = 20;

export function touchView(keys: readonly string[], key: string, max = MAX_CACHED_VIEWS): readonly string[] {
  if (keys.at(-1) === key && keys.length <= max) return keys;
  const next = [...keys.filter((k) => k !== key), key];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** The cache without the views whose tabs were closed (the active one stays). */
export function keepViews(
  keys: readonly string[],
  open: ReadonlySet<string>,
  active: string,
): readonly string[] {
  const next = keys.filter((k) => k === active || open.has(k));
  return next.length === keys.length ? keys : next;
}
