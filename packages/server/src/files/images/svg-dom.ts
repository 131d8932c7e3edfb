/**
 * The DOM the SVG sanitiser works on: one jsdom window and one DOMPurify bound to it, loaded on
 * the first SVG (a dynamic import) so a server that never sees one does not pay for jsdom.
 * The window runs no scripts and loads no resources (jsdom's defaults).
 */
import type { DOMPurify, WindowLike } from 'dompurify';
import type { DOMWindow } from 'jsdom';

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
const PARSER_ERROR_NS = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';

export interface SvgDom {
  readonly window: DOMWindow;
  readonly purify: DOMPurify;
  /** Parses SVG as XML; a string saying what is wrong when it is not well-formed. */
  parse(text: string): Document | string;
  serialize(node: Node): string;
}

let loading: Promise<SvgDom> | undefined;

async function load(): Promise<SvgDom> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as WindowLike);
  const parser = new window.DOMParser();
  const serializer = new window.XMLSerializer();
  return {
    window,
    purify,
    parse(text) {
      const document = parser.parseFromString(text, 'image/svg+xml');
      const root = document.documentElement;
      if (root.namespaceURI === PARSER_ERROR_NS) return (root.textContent ?? '').trim().slice(0, 200);
      return document;
    },
    serialize: (node) => serializer.serializeToString(node),
  };
}

export function svgDom(): Promise<SvgDom> {
  loading ??= load().catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}
