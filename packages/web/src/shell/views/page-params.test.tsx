// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageParams, usePageVisit } from './page-params';
import type { SetPageParams } from './page-params';
import { ViewShownContext } from './shown';

/** The page's view of its query and its visit; `write` hands out its setter. */
function Probe({ onSetter }: { readonly onSetter: (set: SetPageParams) => void }) {
  const [params, setParams] = usePageParams();
  onSetter(setParams);
  return <output>{`${params.toString()} ${usePageVisit()}`}</output>;
}

/** The view of /history, kept mounted and shown while the router is there (as CachedViews does). */
function CachedHistory({ onSetter }: { readonly onSetter: (set: SetPageParams) => void }) {
  const shown = useLocation().pathname === '/history';
  return (
    <ViewShownContext.Provider value={shown}>
      <Probe onSetter={onSetter} />
    </ViewShownContext.Provider>
  );
}

function draw() {
  let set: SetPageParams = () => undefined;
  const onSetter = (s: SetPageParams) => (set = s);
  const router = createMemoryRouter([{ path: '*', element: <CachedHistory onSetter={onSetter} /> }], {
    initialEntries: ['/history?id=6'],
  });
  const view = render(<RouterProvider router={router} />);
  const text = () => view.container.querySelector('output')?.textContent ?? '';
  return { router, text, set: (next: Record<string, string>) => act(() => set(next, { replace: true })) };
}

afterEach(cleanup);

describe('a page’s query parameters', () => {
  it('are the location’s while the page is shown', () => {
    const { router, text, set } = draw();
    expect(text()).toMatch(/^id=6 /);
    set({ id: '8' });
    expect(router.state.location.search).toBe('?id=8');
    expect(text()).toMatch(/^id=8 /);
  });

  it('are kept while hidden, and a hidden page writes nothing into the shown page’s address', () => {
    const { router, text, set } = draw();
    const visit = text().split(' ')[1];
    act(() => void router.navigate('/system?tab=2'));
    expect(text()).toBe(`id=6 ${visit}`);
    set({ id: '7' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/system?tab=2');

    act(() => void router.navigate('/history'));
    expect(text()).toMatch(/^ /);
    expect(text()).not.toBe(` ${visit}`);
  });
});
