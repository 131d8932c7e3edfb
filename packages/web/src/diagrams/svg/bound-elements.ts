/**
 * The element bindings of an imported drawing applied to its elements, imperatively: on every
 * change of the values or the bindings the looks element-rules.ts works out are set (colours and
 * hiding as important inline style through the CSSOM, text through textContent only, unknown
 * equipment as a class), and whatever is no longer bound gets the drawing's own look back.
 */
import type { ElementBinding } from '@fieldlink/protocol';
import { knows, readingOf } from '../values';
import type { DiagramValues } from '../values';
import { elementLook } from './element-rules';
import type { OnOffWords } from './element-rules';

export const UNKNOWN_CLASS = 'diagram-svg-unknown';

type Slot = 'fill' | 'stroke' | 'color' | 'display';

interface Want {
  readonly styles: Map<Slot, string>;
  text: string | null;
  unknown: boolean;
}

interface Saved {
  readonly styles: Map<Slot, { readonly value: string; readonly priority: string }>;
  /** The text element's own children, while its text is the value's. */
  text: { readonly target: Element; readonly children: Node[] } | null;
}

type Styled = Element & ElementCSSInlineStyle;

const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath']);

/** The element whose text a text rule sets: the element itself, or its first `<text>`. */
export function textTarget(element: Element): Element {
  if (TEXT_ELEMENTS.has(element.localName)) return element;
  return element.querySelector('text') ?? element;
}

/** What the bindings want of each element. */
function wanted(
  ids: ReadonlyMap<string, Element>,
  bindings: readonly ElementBinding[],
  values: DiagramValues,
  words: OnOffWords,
): Map<Element, Want> {
  const out = new Map<Element, Want>();
  for (const { target, binding, rule } of bindings) {
    const element = ids.get(target);
    if (!element) continue;
    const want = out.get(element) ?? { styles: new Map<Slot, string>(), text: null, unknown: false };
    out.set(element, want);
    const look = elementLook(rule, readingOf(values, binding), knows(values, binding), words);
    if (look.unknown) want.unknown = true;
    if (look.text !== null) want.text = look.text;
    if (look.shown === false) want.styles.set('display', 'none');
    if (look.shown === true) want.styles.delete('display');
    if (
      look.paint !== null &&
      (rule.property === 'fill' || rule.property === 'stroke' || rule.property === 'color')
    ) {
      want.styles.set(rule.property, look.paint);
    }
  }
  return out;
}

export class BoundElements {
  private readonly saved = new Map<Element, Saved>();

  constructor(private readonly ids: ReadonlyMap<string, Element>) {}

  /** Sets every bound element's look for these values; unbound ones get their own back. */
  apply(bindings: readonly ElementBinding[], values: DiagramValues, words: OnOffWords): void {
    const wants = wanted(this.ids, bindings, values, words);
    for (const [element, saved] of this.saved) {
      const want = wants.get(element);
      for (const [slot, before] of saved.styles) {
        if (want?.styles.has(slot)) continue;
        const style = (element as Styled).style;
        if (before.value === '') style.removeProperty(slot);
        else style.setProperty(slot, before.value, before.priority);
        saved.styles.delete(slot);
      }
      if (saved.text && (want === undefined || want.text === null)) {
        saved.text.target.replaceChildren(...saved.text.children);
        saved.text = null;
      }
      if (!want?.unknown) element.classList.remove(UNKNOWN_CLASS);
      if (saved.styles.size === 0 && saved.text === null) this.saved.delete(element);
    }
    for (const [element, want] of wants) {
      const saved = this.saved.get(element) ?? { styles: new Map(), text: null };
      this.saved.set(element, saved);
      const style = (element as Styled).style;
      for (const [slot, value] of want.styles) {
        if (!saved.styles.has(slot)) {
          saved.styles.set(slot, {
            value: style.getPropertyValue(slot),
            priority: style.getPropertyPriority(slot),
          });
        }
        style.setProperty(slot, value, 'important');
      }
      if (want.text !== null) {
        const target = saved.text?.target ?? textTarget(element);
        saved.text ??= { target, children: [...target.childNodes].map((n) => n.cloneNode(true)) };
        if (target.textContent !== want.text) target.textContent = want.text;
      }
      element.classList.toggle(UNKNOWN_CLASS, want.unknown);
    }
  }

  /** Every element's own look back. */
  restore(): void {
    this.apply([], new Map(), { on: '', off: '' });
  }
}
