/**
 * The header search's server suggestions (docs/api.md § Search): what the signed-in user may see
 * and the console does not hold in full (devices by serial or remark, diagram projects, apps,
 * value-added entries), each with the route or address it opens.
 */
import { SEARCH_LIMIT_DEFAULT, SEARCH_QUERY_MAX, SearchReply } from '@fieldlink/protocol';
import type { z } from 'zod';
import { get } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type SearchSuggestions = Reply<z.output<typeof SearchReply>>;
export type ServerSuggestion = SearchSuggestions['items'][number];

const checkSearch = validated(SearchReply);

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', q] as const,
};

/** The query as the server takes it: trimmed and cut to its 64 characters. */
export const searchText = (query: string): string => query.trim().slice(0, SEARCH_QUERY_MAX);

export const fetchSearchSuggestions = (query: string, signal?: AbortSignal): Promise<SearchSuggestions> =>
  get<unknown>('/search', {
    query: { q: searchText(query), limit: SEARCH_LIMIT_DEFAULT },
    ...(signal ? { signal } : {}),
  }).then(checkSearch);
