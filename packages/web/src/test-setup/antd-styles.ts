/**
 * Unit-project setup for the console's component tests (jsdom): antd's CSS-in-JS styles are made
 * but not put into the document.
 *
 * jsdom has no layout, so antd's thousands of CSS rules change nothing a test can see, but each
 * `getComputedStyle` call (antd asks for every ancestor's overflow when a popup opens, for every
 * notification, every table) matches the element against all of them: profiled, that was two
 * thirds of a page test's time, and the unit project ran about five times faster without them.
 * The console's own styles, and what a test puts in a <style> itself, still apply; a test about
 * antd's styles themselves calls {@link injectAntdStyles}. Browser tests (packages/web/e2e) run the
 * real thing.
 */
import { createRequire } from 'node:module';

interface DynamicCss {
  updateCSS: (css: string, key: string, options?: object) => HTMLStyleElement;
}

/** The copy antd's style registry calls (resolved from it, in case another is installed). */
function dynamicCss(): DynamicCss {
  const fromCssInJs = createRequire(createRequire(import.meta.url).resolve('@ant-design/cssinjs'));
  return fromCssInJs('@rc-component/util/lib/Dom/dynamicCSS') as DynamicCss;
}

const inDocument = typeof document === 'undefined' ? null : dynamicCss().updateCSS;

/** antd's styles go into the document again (for the rest of the test file). */
export function injectAntdStyles(): void {
  if (inDocument) dynamicCss().updateCSS = inDocument;
}

if (inDocument) {
  // The registry marks the element it gets back; a detached one is never matched against.
  dynamicCss().updateCSS = () => document.createElement('style');
}
