/**
 * An imported SVG made inert once more before it joins the page, whatever the server did (it
 * sanitises every upload, packages/server/src/files/images/): elements that run script or embed
 * other documents, event handler attributes, animations of hrefs or handlers, links anywhere but
 * into the drawing itself or to the file store's pictures of this site, and CSS that could fetch
 * (url() outside the drawing, @import, image-set(), expression()) are removed. Anything not in
 * the SVG namespace goes too (XHTML smuggled in, custom elements). Works on a parsed document
 * only; the text is never handed to an HTML sink.
 */
export const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Elements that run, embed or fetch something, by local name in lower case. */
const REMOVED = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'canvas',
  'handler',
  'listener',
  'font-face-uri',
  'color-profile',
  'cursor',
]);
const ANIMATIONS = new Set(['animate', 'set', 'animatetransform', 'animatemotion', 'animatecolor']);
/** Attributes holding a reference to another resource. */
const REFERENCES = new Set(['href', 'src', 'action', 'formaction', 'xml:base', 'base']);
/** The file store's picture addresses (docs/api.md § Files). */
const PICTURE_PATH = /^\/api\/v1\/pictures\//;
const RASTER_DATA = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

/** The text without white space and control characters (which browsers skip inside a scheme). */
const compactOf = (text: string): string =>
  [...text].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');

/** CSS or an attribute value that could fetch or run something (escapes decoded, lower case). */
export function unsafeCss(text: string): boolean {
  const decoded = text
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\(.)/g, '$1')
    .toLowerCase();
  const compact = compactOf(decoded);
  for (let at = compact.indexOf('url('); at >= 0; at = compact.indexOf('url(', at + 4)) {
    if (!/^["']?#/.test(compact.slice(at + 4))) return true;
  }
  return (
    compact.includes('@import') ||
    /(?:^|[^a-z0-9_-])(?:-[a-z]+-)?(?:image-set|image|cross-fade|src)\(/.test(compact) ||
    compact.includes('javascript:') ||
    compact.includes('vbscript:') ||
    compact.includes('expression(') ||
    compact.includes('-moz-binding') ||
    compact.includes('behavior:')
  );
}

/** Whether a reference may stay: into the drawing, a picture of this site's file store, or a raster data: picture. */
export function allowedReference(value: string, origin: string): boolean {
  const trimmed = compactOf(value);
  if (trimmed.startsWith('#')) return true;
  if (RASTER_DATA.test(trimmed)) return true;
  try {
    const url = new URL(trimmed, `${origin}/`);
    return url.origin === origin && PICTURE_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

function cleanAttributes(element: Element, origin: string): void {
  for (const attribute of [...element.attributes]) {
    const name = attribute.localName.toLowerCase();
    const qualified = attribute.name.toLowerCase();
    const drop =
      name.startsWith('on') ||
      name.startsWith('data-disarmed-') ||
      ((REFERENCES.has(name) || REFERENCES.has(qualified) || attribute.namespaceURI === XLINK_NS) &&
        !allowedReference(attribute.value, origin)) ||
      unsafeCss(attribute.value);
    if (drop) element.removeAttributeNode(attribute);
  }
}

/** An animation that would set an href, a handler or a style (and so a fetch or a script). */
function dangerousAnimation(element: Element): boolean {
  const target = (element.getAttribute('attributeName') ?? '').toLowerCase().replace(/^xlink:/, '');
  return target.startsWith('on') || REFERENCES.has(target) || target === 'style';
}

/**
 * Removes everything active from the drawing rooted at `root` (in place), `origin` being the
 * page's origin (same-site pictures may stay). Returns how many things were removed.
 */
export function cleanDrawing(root: Element, origin: string): number {
  let removed = 0;
  const walk = (element: Element): void => {
    for (const child of [...element.children]) {
      const name = child.localName.toLowerCase();
      if (
        child.namespaceURI !== SVG_NS ||
        REMOVED.has(name) ||
        (ANIMATIONS.has(name) && dangerousAnimation(child))
      ) {
        child.remove();
        removed += 1;
        continue;
      }
      if (name === 'style' && unsafeCss(child.textContent ?? '')) {
        child.remove();
        removed += 1;
        continue;
      }
      const before = child.attributes.length;
      cleanAttributes(child, origin);
      removed += before - child.attributes.length;
      walk(child);
    }
  };
  const before = root.attributes.length;
  cleanAttributes(root, origin);
  removed += before - root.attributes.length;
  walk(root);
  // Processing instructions and comments carry nothing drawn.
  return removed;
}
