/**
 * The user guide as the help page reads it: the markdown parsed once, cut into sections at every
 * heading (each with a slug for the address, as GitHub makes them), grouped into pages at the
 * first and second level, a table of contents from the headings, and a search over the sections.
 */
import { blockText, parseBlocks } from './markdown/blocks';
import type { Block } from './markdown/blocks';
import { inlineText } from './markdown/inline';

export type HeadingBlock = Extract<Block, { kind: 'heading' }>;

export interface GuideSection {
  readonly slug: string;
  readonly level: number;
  readonly title: string;
  /** The heading, first of the blocks drawn; null for text before any heading. */
  readonly heading: HeadingBlock | null;
  /** What follows the heading up to the next one. */
  readonly blocks: readonly Block[];
  /** The page (the section of level 1 or 2) this one belongs to. */
  readonly page: string;
  /** Title and content in lower case, for the search. */
  readonly text: string;
}

export interface TocNode {
  readonly key: string;
  readonly title: string;
  readonly children: TocNode[];
}

export interface Guide {
  readonly sections: readonly GuideSection[];
  readonly toc: readonly TocNode[];
  /** The slug of each heading, for the ids the page scrolls to. */
  readonly slugOf: ReadonlyMap<HeadingBlock, string>;
}

/** As GitHub makes heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slugify(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function buildGuide(markdown: string): Guide {
  const blocks = parseBlocks(markdown);
  const sections: GuideSection[] = [];
  const slugOf = new Map<HeadingBlock, string>();
  const used = new Map<string, number>();
  const unique = (base: string): string => {
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen}`;
  };

  let current: { heading: HeadingBlock | null; blocks: Block[] } = { heading: null, blocks: [] };
  let page = '';
  const close = () => {
    const { heading } = current;
    if (heading === null && current.blocks.length === 0) return;
    const title = heading ? inlineText(heading.content) : 'Introduction';
    const slug = unique(slugify(title) || 'section');
    const level = heading?.level ?? 1;
    if (level <= 2 || page === '') page = slug;
    if (heading) slugOf.set(heading, slug);
    sections.push({
      slug,
      level,
      title,
      heading,
      blocks: current.blocks,
      page,
      text: `${title}\n${blockText(current.blocks)}`.toLowerCase(),
    });
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      close();
      current = { heading: block, blocks: [] };
    } else current.blocks.push(block);
  }
  close();
  return { sections, toc: tocOf(sections), slugOf };
}

/** Levels 1 and 2 at the top, deeper headings under the nearest shallower one. */
function tocOf(sections: readonly GuideSection[]): TocNode[] {
  const top: TocNode[] = [];
  const stack: { level: number; node: TocNode }[] = [];
  for (const s of sections) {
    const node: TocNode = { key: s.slug, title: s.title, children: [] };
    const level = Math.max(s.level, 2);
    while (stack.length > 0 && stack.at(-1)!.level >= level) stack.pop();
    (stack.at(-1)?.node.children ?? top).push(node);
    stack.push({ level, node });
  }
  return top;
}

/** The sections of the page that holds `slug` (the first page for an unknown slug). */
export function pageOf(guide: Guide, slug: string | null): readonly GuideSection[] {
  const page = guide.sections.find((s) => s.slug === slug)?.page ?? guide.sections[0]?.page;
  return guide.sections.filter((s) => s.page === page);
}

/** The words of a search: lower case, split at spaces. */
export function searchWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** The sections holding every word (in any case), in the guide's order. */
export function searchGuide(guide: Guide, words: readonly string[]): readonly GuideSection[] {
  if (words.length === 0) return [];
  return guide.sections.filter((s) => words.every((w) => s.text.includes(w)));
}
