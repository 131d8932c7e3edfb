/**
 * GET /search (docs/api.md § Search; spec §2 header search, §7 `search/getList`): suggestions
 * over what the signed-in user may see that the console cannot search locally or completely
 * (every readable device by serial and remark, diagram projects, micro-apps, value-added
 * entries). Each suggestion names where it opens: a console route or an http(s) address.
 */
import { z } from 'zod';
import { storedText } from './fields.js';

export const SEARCH_QUERY_MAX = 64;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

/** What a suggestion is; the console shows the translated word beside its title. */
export const SearchKind = z.enum(['equipment', 'diagram', 'customRoute', 'app', 'valueAdded']);
export type SearchKind = z.infer<typeof SearchKind>;

export const SearchQuery = z.strictObject({
  /** Every whitespace-separated word must occur (in any case); 1-64 characters, not only spaces. */
  q: storedText(1, SEARCH_QUERY_MAX).refine((value) => value.trim() !== '', 'must not be only spaces'),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchSuggestion = z.object({
  /** The text shown. */
  value: z.string(),
  /** A console route (`/Equips?id=7`) or an absolute http(s) address opened in a new window. */
  url: z.string(),
  kind: SearchKind,
});
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;

/** Those whose text starts with the query first, then the others; at most `limit`. */
export const SearchReply = z.object({ items: z.array(SearchSuggestion) });
export type SearchReply = z.infer<typeof SearchReply>;

/**
 * The console routes suggestions open (packages/web: equipment/links.ts, the `/jujuda` and
 * `/appaudit` routes, features/apps/custom-routes.ts); the console's tests pin them to its own.
 */
export const searchTargets = {
  equipment: (id: number): string => `/Equips?id=${id}`,
  diagram: (id: string): string => `/jujuda/jujudaHandle/${id}`,
  customRoute: (route: string, child: string): string => `/${route}/${child}`,
  app: (id: number): string => `/appaudit/app/${id}`,
} as const;
