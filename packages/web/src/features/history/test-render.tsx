/** Renders a component of these pages inside the providers it needs (antd App, i18n, Query). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../i18n';

/** jsdom lacks the layout observer and media queries antd uses; inert stand-ins. */
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

function installBrowserStubs(): void {
  globalThis.ResizeObserver ??= NoResizeObserver;
  window.matchMedia ??= (query: string) =>
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

export async function renderInApp(ui: ReactElement, language = 'en') {
  installBrowserStubs();
  await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AntApp>{ui}</AntApp>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
