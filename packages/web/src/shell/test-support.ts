/**
 * What jsdom lacks and antd uses (media queries, resize observation, scrolling), for the
 * component tests of the shell and the settings.
 */
import { configure } from '@testing-library/react';

export function installDomStubs(): void {
  // Role queries otherwise compute every element's style against all of antd's injected CSS,
  // which in jsdom grows to seconds per query; what is hidden is checked explicitly instead.
  configure({ defaultHidden: true });
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  // jsdom has no pseudo-element styles and says so on every call (antd asks for scrollbars').
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  Element.prototype.scrollTo ??= () => undefined;
  window.scrollTo = () => undefined;
}
