/**
 * Substring search in any case, the same on both dialects: `lower(column) like pattern escape '\'`
 * with the pattern from containsPattern.
 */
import { sql } from 'kysely';
import type { Expression, RawBuilder } from 'kysely';

/** `%text%` for LIKE, in lower case, with the wildcard characters of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether `column` holds `pattern` (containsPattern's) in any case; null columns never match. */
export function lowerLike(column: Expression<string | null>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
}
