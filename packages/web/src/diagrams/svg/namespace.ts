/**
 * An imported drawing's ids and styles kept to itself once it is part of the page: every id gets
 * a prefix (and references to it follow: url(#…), href="#…", aria-labelledby), the original id
 * stays in `data-svg-id`, and the drawing's `<style>` rules only reach into the drawing (each
 * selector behind the drawing's own scope, its `#id`s prefixed as well).
 */
import { SVG_NS } from './clean';

/** The attribute holding an element's id as the drawing gave it. */
export const ORIGINAL_ID = 'data-svg-id';
/** The attribute marking the element that holds one drawing: its selectors are scoped to it. */
export const SCOPE_ATTRIBUTE = 'data-svg-scope';

const ID_LISTS = new Set(['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns']);

/** `url(#a)` → `url(#<prefix>a)` for every id the drawing has (others are left: they point nowhere). */
function rewriteUrls(value: string, prefix: string, ids: ReadonlySet<string>): string {
  return value.replace(/url\(\s*(["']?)#([^"')\s]+)\1\s*\)/g, (whole, quote: string, id: string) =>
    ids.has(id) ? `url(${quote}#${prefix}${id}${quote})` : whole,
  );
}

/**
 * Prefixes every id under (and of) `root` with `prefix`, follows the references, and returns the
 * elements by their original id (the first one when the drawing repeats an id).
 */
export function namespaceIds(root: Element, prefix: string): Map<string, Element> {
  const all = [root, ...root.querySelectorAll('*')];
  const byId = new Map<string, Element>();
  for (const element of all) {
    const id = element.getAttribute('id');
    if (id === null || id === '') continue;
    if (!byId.has(id)) byId.set(id, element);
  }
  const ids = new Set(byId.keys());
  for (const element of all) {
    const id = element.getAttribute('id');
    if (id !== null && id !== '') {
      element.setAttribute(ORIGINAL_ID, id);
      element.setAttribute('id', `${prefix}${id}`);
    }
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name === 'id' || name === ORIGINAL_ID) continue;
      const value = attribute.value;
      let next = value;
      if (name === 'href' || name === 'xlink:href') {
        const target = value.trim();
        if (target.startsWith('#') && ids.has(target.slice(1))) next = `#${prefix}${target.slice(1)}`;
      } else if (ID_LISTS.has(name)) {
        next = value
          .split(/\s+/)
          .map((id) => (ids.has(id) ? `${prefix}${id}` : id))
          .join(' ');
      } else if (value.includes('url(')) {
        next = rewriteUrls(value, prefix, ids);
      }
      if (next !== value) attribute.value = next;
    }
    if (element.localName === 'style' && element.namespaceURI === SVG_NS) {
      element.textContent = rewriteUrls(element.textContent ?? '', prefix, ids);
    }
  }
  return byId;
}

/** A selector behind the scope, its `#id`s prefixed; null when it cannot be read (it is dropped). */
export function scopeSelector(selector: string, scope: string, prefix: string): string {
  return selector
    .split(',')
    .map((part) => {
      const prefixed = part.trim().replace(/#(-?[_a-zA-Z][\w-]*)/g, (_, id: string) => `#${prefix}${id}`);
      return `${scope} ${prefixed}`;
    })
    .join(', ');
}

type RuleList = { readonly length: number; readonly [index: number]: CSSRule };

function scopeRules(rules: RuleList, scope: string, prefix: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < rules.length; i += 1) {
    const rule = rules[i]!;
    if (rule instanceof CSSStyleRule) {
      out.push(`${scopeSelector(rule.selectorText, scope, prefix)} { ${rule.style.cssText} }`);
    } else if (rule instanceof CSSMediaRule) {
      out.push(`@media ${rule.conditionText} { ${scopeRules(rule.cssRules, scope, prefix).join('\n')} }`);
    } else if (rule instanceof CSSKeyframesRule) {
      out.push(rule.cssText);
    }
    // Anything else (@font-face, @import, @namespace, @page …) is left out.
  }
  return out;
}

/**
 * Rewrites the drawing's `<style>` elements so they reach only into the element marked
 * `[data-svg-scope="<scope>"]`; where the browser cannot read CSS into rules (no constructable
 * style sheets) the styles are removed rather than let loose on the page.
 */
export function scopeStyles(root: Element, scope: string, prefix: string): void {
  const selector = `[${SCOPE_ATTRIBUTE}="${scope}"]`;
  const canRead = typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype;
  for (const style of [...root.querySelectorAll('style')]) {
    if (!canRead) {
      style.remove();
      continue;
    }
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(style.textContent ?? '');
      style.textContent = scopeRules(sheet.cssRules, selector, prefix).join('\n');
    } catch {
      style.remove();
    }
  }
}
