/**
 * The header search (§2): suggestions filtered locally over the route titles and whatever other
 * parts of the console provide (equipment names), joined by the server's (GET /search: devices by
 * serial or remark, diagrams, apps, value-added entries); choosing one opens its route or its url.
 */
import type { SearchKind } from '@fieldlink/protocol';
import { create } from 'zustand';
import type { ServerSuggestion } from '../api/search';
import type { MessageKey } from '../i18n';

export interface SearchItem {
  readonly title: string;
  /** A console route, or an absolute url opened in a new window. */
  readonly target: string;
  /** What the item is, shown beside the title (e.g. the translated word for "equipment"). */
  readonly group?: string;
}

/** §9: the input settles for 500 ms before suggestions are filtered. */
export const SEARCH_DEBOUNCE_MS = 500;
export const MAX_SUGGESTIONS = 32;

export const isUrl = (target: string): boolean => /^https?:\/\//i.test(target);

/**
 * The items whose title holds the query (case-insensitive, every space-separated word), those
 * starting with the query first, then in their given order; empty query, no suggestions.
 */
export function filterSuggestions(
  items: readonly SearchItem[],
  query: string,
  max = MAX_SUGGESTIONS,
): SearchItem[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const first = words.join(' ');
  const hits = items.filter((item) => {
    const title = item.title.toLowerCase();
    return words.every((w) => title.includes(w));
  });
  const starts = hits.filter((i) => i.title.toLowerCase().startsWith(first));
  const rest = hits.filter((i) => !i.title.toLowerCase().startsWith(first));
  const seen = new Set<string>();
  return [...starts, ...rest]
    .filter((i) => {
      const key = `${i.title}\u0000${i.target}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, max);
}

/** The order the server's kinds are grouped in, and the word shown beside each. */
export const SEARCH_KIND_WORDS: Readonly<Record<SearchKind, MessageKey>> = {
  equipment: 'shell.search.kinds.equipment',
  diagram: 'shell.search.kinds.diagram',
  customRoute: 'shell.search.kinds.customRoute',
  app: 'shell.search.kinds.app',
  valueAdded: 'shell.search.kinds.valueAdded',
};
const KIND_ORDER = Object.keys(SEARCH_KIND_WORDS) as SearchKind[];

/**
 * The local suggestions as they are, then the server's that open a target none of them opens,
 * grouped by kind (in the server's order within a kind), each with its kind's word as group.
 * `opens` leaves out those the user could not open here (a route below their level, or hidden):
 * the server does not know the console's routes.
 */
export function withServerSuggestions(
  local: readonly SearchItem[],
  server: readonly ServerSuggestion[],
  word: (key: MessageKey) => string,
  opens: (target: string) => boolean = () => true,
): SearchItem[] {
  const targets = new Set(local.map((item) => item.target));
  const added: SearchItem[] = [];
  for (const kind of KIND_ORDER) {
    for (const suggestion of server) {
      if (suggestion.kind !== kind || targets.has(suggestion.url) || !opens(suggestion.url)) continue;
      targets.add(suggestion.url);
      added.push({ title: suggestion.value, target: suggestion.url, group: word(SEARCH_KIND_WORDS[kind]) });
    }
  }
  return [...local, ...added];
}

/** A web search for what matched nothing in the console. */
export function webSearchUrl(query: string): string {
  return `https://www.bing.com/search?q=${encodeURIComponent(query.trim())}`;
}

interface SearchSources {
  readonly sources: Readonly<Record<string, readonly SearchItem[]>>;
}

export const useSearchSources = create<SearchSources>()(() => ({ sources: {} }));

/**
 * Offer items to the header search under a source name (e.g. 'equipment'); a later call with
 * the same name replaces them, an empty list withdraws them.
 */
export function provideSearchItems(source: string, items: readonly SearchItem[]): void {
  useSearchSources.setState((s) => ({ sources: { ...s.sources, [source]: items } }));
}
