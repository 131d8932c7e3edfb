/**
 * What the SVG panel reads of a drawing and its bindings, apart from drawing: the ids of the
 * drawn elements (those a rule can change), the bindings whose element the drawing lacks, the
 * bindings suggested by ids that name a channel ('DO5', 'di_2', 'pump-AI1'), and each new
 * binding's first rule.
 */
import type {
  Binding,
  DiagramChannelKind,
  DiagramDocument,
  ElementBinding,
  ElementRule,
} from '@fieldlink/protocol';
import type { ChannelCounts } from '../../../api/equipment';
import { disarmHandlers } from '../../../diagrams/svg/load';

export type SvgPart = NonNullable<DiagramDocument['svg']>;

/** Elements that are not drawn where they stand (definitions, styles, descriptions). */
const NOT_DRAWN = new Set([
  'defs',
  'clippath',
  'mask',
  'pattern',
  'marker',
  'symbol',
  'lineargradient',
  'radialgradient',
  'filter',
  'style',
  'script',
  'metadata',
  'title',
  'desc',
]);

function drawn(element: Element, root: Element): boolean {
  for (let at: Element | null = element; at && at !== root; at = at.parentElement) {
    if (NOT_DRAWN.has(at.localName.toLowerCase())) return false;
  }
  return true;
}

/** The ids of the drawn elements of an SVG text, in document order, each once; null when it is not an SVG. */
export function drawingIds(text: string): string[] | null {
  const parsed = new DOMParser().parseFromString(disarmHandlers(text), 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.localName !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0) return null;
  const ids = new Set<string>();
  for (const element of root.querySelectorAll('[id]')) {
    const id = element.getAttribute('id') ?? '';
    if (id !== '' && id.length <= 200 && drawn(element, root)) ids.add(id);
  }
  return [...ids];
}

/** The bindings whose element is not in the drawing (renamed or removed since they were made). */
export function missingTargets(
  bindings: readonly ElementBinding[],
  ids: readonly string[],
): ElementBinding[] {
  const known = new Set(ids);
  return bindings.filter((b) => !known.has(b.target));
}

/** The channel an id names: 'DO5', 'do_5', 'Pump-DI2', 'ai-1'; null for any other. */
export function channelOfId(id: string): { kind: DiagramChannelKind; index: number } | null {
  const match = /(?:^|[^a-z])(do|di|ai|ao)[-_ ]?0*([1-9]\d?)(?!\d)/i.exec(id);
  if (!match) return null;
  const index = Number(match[2]);
  if (index > 32) return null;
  return { kind: match[1]!.toLowerCase() as DiagramChannelKind, index };
}

/** A new binding's rule: lamp colours for a digital channel, its value as text for an analog one. */
export function defaultRule(kind: DiagramChannelKind | null): ElementRule {
  return kind === 'ai' || kind === 'ao'
    ? { property: 'text', threshold: 0, decimals: 1 }
    : { property: 'fill', on: '#52c41a', off: '#bfbfbf', threshold: 0, decimals: 1 };
}

/**
 * The bindings that ids naming a channel suggest on `equipmentId` (with `counts` channels): one
 * per id not bound yet whose channel the equipment has.
 */
export function suggestBindings(
  ids: readonly string[],
  bindings: readonly ElementBinding[],
  equipmentId: number,
  counts: ChannelCounts,
): ElementBinding[] {
  const bound = new Set(bindings.map((b) => b.target));
  return ids.flatMap((target) => {
    if (bound.has(target)) return [];
    const channel = channelOfId(target);
    if (!channel || channel.index > counts[channel.kind]) return [];
    const binding: Binding = { equipmentId, channel };
    return [{ target, binding, rule: defaultRule(channel.kind) }];
  });
}

/** The ids `filter` finds (case aside), in their order. */
export function filterIds(ids: readonly string[], filter: string): string[] {
  const query = filter.trim().toLocaleLowerCase();
  return query === '' ? [...ids] : ids.filter((id) => id.toLocaleLowerCase().includes(query));
}
