/**
 * What the support pages' tests share: rendering a page at an address with the console's query
 * client, i18n and antd's App, the router's place shown for the test to read.
 */
import type { ReactElement } from 'react';
import { installDomStubs, renderAt } from '../../shell/test-support';
import { Where } from '../auth/test-render';

export { signedIn } from '../../shell/test-support';

/** Renders `element` at `route` (its path `path`); beside it, where the router is. */
export function renderPage(element: ReactElement, route: string, path = route.split('?')[0]!) {
  installDomStubs();
  return renderAt(route, [
    {
      path,
      element: (
        <>
          {element}
          <Where />
        </>
      ),
    },
    { path: '*', element: <Where /> },
  ]);
}
