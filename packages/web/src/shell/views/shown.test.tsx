// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useViewShown, useWhileShown, ViewShownContext } from './shown';

function Probe({ value }: { readonly value: number }) {
  const kept = useWhileShown(value);
  return <output>{`${String(useViewShown())} ${kept}`}</output>;
}

const shown = (visible: boolean, value: number) => (
  <ViewShownContext.Provider value={visible}>
    <Probe value={value} />
  </ViewShownContext.Provider>
);

afterEach(cleanup);

describe('views shown and hidden', () => {
  it('follows the value while shown, keeps the last one while hidden, catches up when shown again', () => {
    const view = render(shown(true, 1));
    const text = () => view.container.querySelector('output')?.textContent;
    expect(text()).toBe('true 1');
    view.rerender(shown(true, 2));
    expect(text()).toBe('true 2');
    view.rerender(shown(false, 3));
    expect(text()).toBe('false 2');
    view.rerender(shown(false, 4));
    expect(text()).toBe('false 2');
    view.rerender(shown(true, 5));
    expect(text()).toBe('true 5');
  });

  it('counts as shown outside cached views', () => {
    const view = render(<Probe value={7} />);
    expect(view.container.querySelector('output')?.textContent).toBe('true 7');
  });
});
