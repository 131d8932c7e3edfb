/**
 * An imported SVG brought into the page: its text read (a picture of this site, fetched; a
 * data: SVG, decoded here), parsed as image/svg+xml, cleaned (clean.ts), imported into the page's
 * document and kept to itself (namespace.ts), fitted to the canvas. A drawing that cannot be read
 * this way (another site's address, which the console's policy does not let it fetch; not an
 * SVG; too large) is drawn as a plain picture instead, without its bindings.
 */
import { cleanDrawing, SVG_NS } from './clean';
import { namespaceIds, scopeStyles, SCOPE_ATTRIBUTE } from './namespace';

/** The server's own limit for an uploaded SVG (packages/server/src/files/images/svg-sanitise.ts). */
export const MAX_DRAWING_CHARS = 5 * 1024 * 1024;

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** The text of a data: SVG address, or null when it is not one or does not decode. */
export function dataSvgText(src: string): string | null {
  const match = /^data:image\/svg\+xml((?:;[^,;]*)*),/i.exec(src);
  if (!match) return null;
  const body = src.slice(match[0].length);
  try {
    if (/;base64/i.test(match[1] ?? '')) {
      const bytes = Uint8Array.from(atob(body.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
    return decodeURIComponent(body);
  } catch {
    return null;
  }
}

/** Whether `src` is an address of this site (the file store's pictures, a same-site path). */
export function sameSite(src: string, origin: string): boolean {
  try {
    return new URL(src, `${origin}/`).origin === origin && /^\/(?!\/)/.test(src);
  } catch {
    return false;
  }
}

/**
 * The drawing's text, or null when it is drawn as a picture instead (another site, not an SVG,
 * unreadable, too large). Rejects only when `signal` aborts.
 */
export async function drawingText(
  src: string,
  origin: string,
  signal: AbortSignal,
  fetcher: Fetcher = (url, init) => fetch(url, init),
): Promise<string | null> {
  const data = dataSvgText(src);
  if (data !== null || src.startsWith('data:'))
    return data !== null && data.length <= MAX_DRAWING_CHARS ? data : null;
  if (!sameSite(src, origin)) return null;
  try {
    const response = await fetcher(src, { signal, credentials: 'same-origin' });
    if (!response.ok) return null;
    const type = response.headers.get('content-type') ?? '';
    if (!/image\/svg\+xml/i.test(type)) return null;
    const text = await response.text();
    return text.length <= MAX_DRAWING_CHARS ? text : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

export interface ImportedDrawing {
  /** The drawing's root `<svg>`, in the page's document, not yet attached. */
  readonly root: SVGSVGElement;
  /** Its elements by their original id. */
  readonly ids: ReadonlyMap<string, Element>;
  /** How many active things the client removed (0 for a drawing the server cleaned). */
  readonly removed: number;
}

/** The prefix event handler attributes are renamed with before the text is parsed. */
export const DISARMED = 'data-disarmed-';

/**
 * The text with the event handler attributes of its start tags renamed (`onload` →
 * `data-disarmed-onload`). A parsed SVG document has no browsing context, so its handlers never
 * run; but Chromium still fires the root's load and a broken image's error while parsing, and
 * each would cost a Content-Security-Policy violation report. The DOM is cleaned afterwards
 * whatever this finds (clean.ts): this only spares the reports.
 */
export function disarmHandlers(text: string): string {
  return text.replace(/<[A-Za-z_][^<>]*>/g, (tag) =>
    tag.replace(
      /(\s)(on[a-z][\w:.-]*\s*=)/gi,
      (_, space: string, rest: string) => `${space}${DISARMED}${rest}`,
    ),
  );
}

/** A number of user units from an SVG length ('120', '120px'); null for other units or none. */
function userUnits(length: string | null): number | null {
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(?:px)?\s*$/.exec(length ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * The drawing of `text` imported into `page`, its ids prefixed with `prefix` and its styles
 * scoped to the element marked `data-svg-scope="<scope>"`, fitted to `width`×`height`; null
 * when the text is not an SVG.
 */
export function importDrawing(
  text: string,
  page: Document,
  options: {
    readonly prefix: string;
    readonly scope: string;
    readonly width: number;
    readonly height: number;
  },
): ImportedDrawing | null {
  const parsed = new DOMParser().parseFromString(disarmHandlers(text), 'image/svg+xml');
  const source = parsed.documentElement;
  if (
    source.localName !== 'svg' ||
    source.namespaceURI !== SVG_NS ||
    parsed.getElementsByTagName('parsererror').length > 0
  ) {
    return null;
  }
  const removed = cleanDrawing(source, page.location?.origin ?? '');
  const root = page.importNode(source, true) as unknown as SVGSVGElement;
  const ids = namespaceIds(root, options.prefix);
  scopeStyles(root, options.scope, options.prefix);
  // Fitted to the canvas: its own size becomes its view box when it has none.
  const ownWidth = userUnits(root.getAttribute('width'));
  const ownHeight = userUnits(root.getAttribute('height'));
  if (!root.hasAttribute('viewBox') && ownWidth && ownHeight) {
    root.setAttribute('viewBox', `0 0 ${ownWidth} ${ownHeight}`);
  }
  root.setAttribute('x', '0');
  root.setAttribute('y', '0');
  root.setAttribute('width', String(options.width));
  root.setAttribute('height', String(options.height));
  root.removeAttribute(SCOPE_ATTRIBUTE);
  return { root, ids, removed };
}
