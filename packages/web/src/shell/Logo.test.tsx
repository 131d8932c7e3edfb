// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createHashRouter } from 'react-router';
import type { DataRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetBranding, useBranding } from '../branding/store';
import { i18n } from '../i18n';
import Logo from './Logo';
import { installDomStubs, renderRouter } from './test-support';

describe('the logo', () => {
  let router: DataRouter | null = null;

  /** The logo on a page of the console's own (hash) router. */
  function show(at: string, collapsed = false) {
    window.location.hash = `#${at}`;
    router = createHashRouter([{ path: '*', element: <Logo collapsed={collapsed} /> }]);
    return renderRouter(router);
  }
  const link = () => document.querySelector('a.fl-logo') as HTMLAnchorElement;

  beforeAll(async () => {
    installDomStubs();
    await i18n.changeLanguage('en');
  });
  beforeEach(() => resetBranding());
  afterEach(() => {
    cleanup();
    router?.dispose();
    router = null;
  });

  it('links home through the hash router and goes there on a click', async () => {
    const shown = show('/history');
    expect(shown.state.location.pathname).toBe('/history');
    expect(link().getAttribute('href')).toBe('#/');
    await act(async () => fireEvent.click(link()));
    expect(shown.state.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#/');
  });

  it('shows the app title beside the logo, only the logo when folded', () => {
    useBranding.setState({ appTitle: 'Acme Water', logoUrl: '/branding/acme/logo.png' });
    show('/map');
    expect(link().getAttribute('title')).toBe('Acme Water');
    expect(link().querySelector('.fl-logo-title')?.textContent).toBe('Acme Water');
    expect(link().querySelector('img')?.getAttribute('src')).toBe('/branding/acme/logo.png');
    cleanup();
    show('/map', true);
    expect(link().getAttribute('title')).toBe('Acme Water');
    expect(screen.queryByText('Acme Water')).toBeNull();
  });

  it("shows the console's mark when the brand's logo does not load", () => {
    useBranding.setState({ logoUrl: '/branding/acme/missing.png' });
    show('/map');
    const image = link().querySelector('img') as HTMLImageElement;
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe('favicon.svg');
  });
});
