// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBranding, useBranding } from '../branding/store';
import { i18n } from '../i18n';
import Footer from './Footer';

describe('the footer', () => {
  const show = () =>
    render(
      <I18nextProvider i18n={i18n}>
        <Footer />
      </I18nextProvider>,
    );
  const text = () => document.querySelector('footer.fl-footer')?.textContent;

  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    resetBranding();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 4, 17, 12, 0, 0));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reads © <year> <app title>', () => {
    show();
    expect(text()).toBe('© 2031 Fieldlink Cloud');
  });

  it("carries a tenant's title, and the platform's title in the language chosen", async () => {
    useBranding.setState({ appTitle: 'Acme Water' });
    show();
    expect(text()).toBe('© 2031 Acme Water');
    cleanup();
    resetBranding();
    show();
    await act(() => i18n.changeLanguage('zh'));
    expect(text()).toBe(`© 2031 ${i18n.t('common.appTitle')}`);
    expect(text()).not.toContain('Fieldlink Cloud');
    await act(() => i18n.changeLanguage('en'));
  });
});
