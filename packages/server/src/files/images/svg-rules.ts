/**
 * The rules the SVG sanitiser enforces around DOMPurify, on the parsed tree. DOMPurify's SVG
 * profile decides which elements and attributes exist at all; these rules add what it lets
 * through on purpose for HTML pages but an uploaded picture must not have: references outside
 * the document (`href="https://…"`, `<use>` of another file, `fill="url(https://…)"`), CSS that
 * fetches, animations that rewrite links, `<use>` loops and `<use>` trees that multiply into
 * millions of copies. Every walk here is iterative: nesting is bounded, but stacks are not cheap.
 */
import { dropControls } from './controls.js';
import { ImageRejected } from './errors.js';
import { sniffImage } from './sniff.js';
import { cleanStyleAttribute, cleanStyleSheet, cssProblems } from './svg-css.js';
import { SVG_NS } from './svg-dom.js';

const ELEMENT_NODE = 1;
const CDATA_SECTION_NODE = 4;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;

/** Never kept, whatever DOMPurify's lists say in a later version. */
const FORBIDDEN = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'frame',
]);
const ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);

/** Nodes of `root`'s tree in document order with their depth (root = 1); skips what the caller removed. */
function* walk(root: Node): Generator<{ node: Node; depth: number }> {
  const stack: { node: Node; depth: number }[] = [{ node: root, depth: 1 }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    yield entry;
    if (entry.node !== root && entry.node.parentNode === null) continue;
    // Sibling links, not childNodes/children: jsdom's live collections cost O(n) per access.
    for (let child = entry.node.lastChild; child; child = child.previousSibling) {
      stack.push({ node: child, depth: entry.depth + 1 });
    }
  }
}

function* elementsOf(root: Element): Generator<Element> {
  for (const { node } of walk(root)) if (node.nodeType === ELEMENT_NODE) yield node as Element;
}

function lowerName(element: Element): string {
  return element.localName.toLowerCase();
}

/** An attribute value as a URL parser reads it: white space and controls dropped, lower case. */
function compact(value: string): string {
  return dropControls(value).replace(/\s+/g, '').toLowerCase();
}

export function hasScriptUrl(value: string): boolean {
  const v = compact(value);
  return v.includes('javascript:') || v.includes('vbscript:');
}

const DATA_PICTURE = /^data:image\/(png|jpeg|gif|webp);base64,([a-z0-9+/]*=*)$/i;

/** A `data:` picture of an accepted raster format whose bytes really are that format. */
function isDataPicture(value: string): boolean {
  const match = DATA_PICTURE.exec(dropControls(value).replace(/\s+/g, ''));
  if (!match) return false;
  return sniffImage(Buffer.from(match[2]!, 'base64')) === match[1]!.toLowerCase();
}

/** Whether an href may stay: a reference into the document, or an embedded picture on `<image>`. */
function isAllowedHref(element: Element, value: string): boolean {
  if (hasScriptUrl(value)) return false;
  if (value.trim().startsWith('#')) return true;
  return lowerName(element) === 'image' && isDataPicture(value);
}

function animatedAttribute(element: Element): string {
  const name = (element.getAttribute('attributeName') ?? '').trim().toLowerCase();
  return name.slice(name.indexOf(':') + 1);
}

/**
 * Before DOMPurify: depth checked, comments and processing instructions dropped, CDATA made
 * plain text (DOMPurify's HTML document cannot hold CDATA), and animations that would set an
 * href or an event handler removed whole (DOMPurify drops only their attributeName).
 */
export function prepareTree(root: Element, maxDepth: number, removed: Set<string>): void {
  for (const { node, depth } of walk(root)) {
    if (depth > maxDepth && node.nodeType === ELEMENT_NODE) {
      throw new ImageRejected('too_large', `the svg nests its elements deeper than ${maxDepth} levels`);
    }
    const parent = node.parentNode;
    if (node.nodeType === COMMENT_NODE) {
      parent?.removeChild(node);
    } else if (node.nodeType === PROCESSING_INSTRUCTION_NODE) {
      parent?.removeChild(node);
      removed.add('processing instruction');
    } else if (node.nodeType === CDATA_SECTION_NODE) {
      parent?.replaceChild(node.ownerDocument!.createTextNode(node.nodeValue ?? ''), node);
    } else if (node.nodeType === ELEMENT_NODE && ANIMATIONS.has(lowerName(node as Element))) {
      const target = animatedAttribute(node as Element);
      if (target === 'href' || target.startsWith('on')) {
        parent?.removeChild(node);
        removed.add(target === 'href' ? 'animation of an href' : 'animation of an event handler');
      }
    }
  }
}

/** Sets a style value; false when jsdom's CSS parser throws on it (then the attribute goes). */
function setValue(attribute: Attr, value: string): boolean {
  try {
    attribute.value = value;
    return true;
  } catch {
    return false;
  }
}

function enforceAttributes(element: Element, removed: Set<string>): void {
  for (const attribute of [...element.attributes]) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value;
    let keep = true;
    if (name.startsWith('on')) {
      keep = false;
      removed.add(`event handler ${name}`);
    } else if (attribute.localName.toLowerCase() === 'href') {
      keep = isAllowedHref(element, value);
      if (!keep) removed.add(hasScriptUrl(value) ? 'javascript: url' : 'external reference');
    } else if (hasScriptUrl(value)) {
      keep = false;
      removed.add('javascript: url');
    } else if (name === 'style') {
      const cleaned = cleanStyleAttribute(value, removed);
      if (cleaned === null) keep = false;
      else if (cleaned !== value) keep = setValue(attribute, cleaned);
    } else {
      const problems = cssProblems(value);
      keep = problems.length === 0;
      for (const p of problems) removed.add(p);
    }
    if (!keep) element.removeAttributeNode(attribute);
  }
}

/** After DOMPurify: the reference and CSS rules, then the `<use>` checks. */
export function enforceRules(root: Element, maxElements: number, removed: Set<string>): void {
  for (const element of elementsOf(root)) {
    const name = lowerName(element);
    if (element !== root && (FORBIDDEN.has(name) || element.namespaceURI !== SVG_NS)) {
      element.parentNode?.removeChild(element);
      removed.add(`element <${element.localName}>`);
      continue;
    }
    if (name === 'use') {
      const href = hrefOf(element);
      if (href === null || !isAllowedHref(element, href)) {
        element.parentNode?.removeChild(element);
        removed.add('<use> of another document');
        continue;
      }
    }
    enforceAttributes(element, removed);
    if (name === 'style') {
      const cleaned = cleanStyleSheet(element.textContent ?? '', removed);
      if (cleaned === null) {
        element.parentNode?.removeChild(element);
        removed.add('style sheet that fetches');
      } else if (cleaned !== element.textContent) {
        element.textContent = cleaned;
      }
    }
  }
  limitDrawnElements(root, maxElements, removed);
}

function hrefOf(element: Element): string | null {
  for (const attribute of element.attributes) {
    if (attribute.localName.toLowerCase() === 'href') return attribute.value;
  }
  return null;
}

interface Frame {
  readonly element: Element;
  /** How the walk came here: as a child, or as the target of the `<use>` below it on the stack. */
  readonly via: 'child' | 'use';
  readonly next: { element: Element; via: 'child' | 'use' }[];
  total: number;
}

/**
 * Counts the elements a renderer draws once every `<use>` is expanded (a use copies its target's
 * whole tree), removing uses that lead back into themselves; refuses more than `maxElements`
 * (ten nested groups of ten uses each make 10^10 circles out of a 5 kB file). A depth-first walk
 * over child and use edges with the cost of each finished element kept: linear in the tree.
 */
function limitDrawnElements(root: Element, maxElements: number, removed: Set<string>): void {
  const byId = new Map<string, Element>();
  for (const element of elementsOf(root)) {
    const id = element.getAttribute('id');
    if (id !== null && !byId.has(id)) byId.set(id, element);
  }
  const cost = new Map<Element, number>();
  const open = new Set<Element>();
  const stack: Frame[] = [];
  const enter = (element: Element, via: Frame['via']): void => {
    open.add(element);
    const next: Frame['next'] = [];
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      next.push({ element: child, via: 'child' });
    }
    if (lowerName(element) === 'use') {
      const href = hrefOf(element)?.trim();
      const target = href?.startsWith('#') ? byId.get(href.slice(1)) : undefined;
      if (target) next.push({ element: target, via: 'use' });
    }
    stack.push({ element, via, next, total: 1 });
  };
  enter(root, 'child');
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const edge = frame.next.pop();
    if (edge === undefined) {
      stack.pop();
      open.delete(frame.element);
      cost.set(frame.element, frame.total);
      if (frame.total > maxElements) {
        throw new ImageRejected(
          'too_large',
          `the svg draws more than ${maxElements} elements once its <use> copies are counted`,
        );
      }
      const below = stack[stack.length - 1];
      if (below) below.total += frame.total;
    } else if (open.has(edge.element)) {
      breakLoop(stack, edge, open);
      removed.add('<use> loop');
    } else if (cost.has(edge.element)) {
      frame.total += cost.get(edge.element)!;
    } else {
      enter(edge.element, edge.via);
    }
  }
}

/**
 * The walk is back at an open element: the loop runs from that element's frame to the top of the
 * stack and on through `closing`. It holds at least one use edge (children alone form a tree);
 * the use of the last such edge is removed from the tree and the frames it opened are dropped.
 */
function breakLoop(stack: Frame[], closing: Frame['next'][number], open: Set<Element>): void {
  const start = stack.findIndex((f) => f.element === closing.element);
  // Index j of the frame entered through a use edge; stack.length stands for the closing edge.
  let j = stack.length;
  if (closing.via !== 'use') {
    j = stack.length - 1;
    while (j > start && stack[j]!.via !== 'use') j--;
    if (j === start) throw new Error('a loop of children alone cannot happen');
  }
  const use = stack[j - 1]!.element;
  use.parentNode?.removeChild(use);
  for (const frame of stack.splice(j - 1)) open.delete(frame.element);
}

/**
 * What is unsafe in a sanitised tree (empty when nothing is): the sanitiser's last look at its
 * own output, re-parsed, so a serialisation surprise cannot ship.
 */
export function findUnsafe(root: Element): string[] {
  const found: string[] = [];
  for (const element of elementsOf(root)) {
    const name = lowerName(element);
    if (FORBIDDEN.has(name) || element.namespaceURI !== SVG_NS) found.push(`element <${element.localName}>`);
    for (const attribute of element.attributes) {
      if (attribute.name.toLowerCase().startsWith('on')) found.push(`attribute ${attribute.name}`);
      else if (attribute.localName.toLowerCase() === 'href') {
        if (!isAllowedHref(element, attribute.value)) found.push(`href on <${element.localName}>`);
      } else if (hasScriptUrl(attribute.value) || cssProblems(attribute.value).length > 0) {
        found.push(`attribute ${attribute.name}`);
      }
    }
    if (name === 'style' && cssProblems(element.textContent ?? '').length > 0) found.push('style sheet');
  }
  return found;
}
