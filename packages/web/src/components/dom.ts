/**
 * Content for the libraries that take HTML: Leaflet tooltips, popups and icons, and ECharts
 * tooltips. It is built as DOM nodes whose text is set as text (textContent, or a string child,
 * which becomes a Text node), so a name such as `<img src=x onerror=…>` is shown, never parsed.
 * This is the console's one way to hand user text to such a library (docs/console.md "User text
 * and HTML"); `html-sinks.test.ts` and the lint rules in eslint.config.js keep strings of HTML out.
 */

/** The style properties the console's content sets. */
type StyleName =
  | 'display'
  | 'width'
  | 'height'
  | 'borderRadius'
  | 'margin'
  | 'marginRight'
  | 'marginTop'
  | 'background'
  | 'fontSize'
  | 'color'
  | 'whiteSpace';

export interface ElementOptions {
  /** The element's text, set as text. */
  readonly text?: string;
  /** Inline style, set property by property (no style attribute is parsed). */
  readonly style?: Readonly<Partial<Pick<CSSStyleDeclaration, StyleName>>>;
  readonly className?: string;
}

/** An element of `tag` with its text, style and children (strings become Text nodes). */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
  ...children: readonly (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.style) Object.assign(node.style, options.style);
  if (options.text !== undefined) node.textContent = options.text;
  node.append(...children);
  return node;
}

/** A round dot of `colour` in front of a line of text (status, series). */
export function colourDot(colour: string, size = 8): HTMLSpanElement {
  return element('span', {
    style: {
      display: 'inline-block',
      width: `${size}px`,
      height: `${size}px`,
      borderRadius: '50%',
      marginRight: '6px',
      background: colour,
    },
  });
}
