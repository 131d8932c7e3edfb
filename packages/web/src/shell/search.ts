/**
 * The header search (§2): suggestions filtered locally over the route titles and whatever other
 * parts of the console provide (equipment names); choosing one opens its route or its url.
 */
import { create } from 'zustand';

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
