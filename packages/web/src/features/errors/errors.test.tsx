// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../../i18n';
import { installDomStubs } from '../../shell/test-support';
import ForbiddenPage from './ForbiddenPage';
import NotFoundPage from './NotFoundPage';
import NoRolePage from './NoRolePage';

function show(element: React.ReactNode, at: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <div>home page</div> },
      { path: '*', element },
    ],
    { initialEntries: [at] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('error pages', () => {
  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('the not-found page says so and returns home', async () => {
    const router = show(<NotFoundPage />, '/nowhere');
    expect(screen.getByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return home' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('the forbidden page offers the way home', () => {
    show(<ForbiddenPage />, '/403');
    expect(screen.getByText('Sorry, you do not have access to this page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return home' })).toBeTruthy();
  });

  it('the no-operating-role page sends the user to the administrator', async () => {
    await i18n.changeLanguage('zh');
    show(<NoRolePage />, '/noRole');
    expect(screen.getByText('该账号没有操作角色，请联系管理员。')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
