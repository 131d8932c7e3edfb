// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { installDomStubs } from '../test-support';
import LanguageButton from './LanguageButton';

/** The tooltip a person sees now: antd keeps a closed tooltip in the page, hidden. */
const shownTooltips = () =>
  [...document.querySelectorAll('.ant-tooltip')].filter((e) => !e.classList.contains('ant-tooltip-hidden'));

describe("the header's language button", () => {
  beforeAll(() => installDomStubs());
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });
  afterEach(() => cleanup());

  it('hides its tooltip while its menu is open, so the tooltip never covers the first language', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <App>
          <LanguageButton />
        </App>
      </I18nextProvider>,
    );
    const button = screen.getByRole('button', { name: 'Language' });
    fireEvent.mouseEnter(button);
    await waitFor(() => expect(shownTooltips().map((e) => e.textContent)).toEqual(['Language']));

    fireEvent.click(button);
    await screen.findByRole('menuitem', { name: '简体中文' });
    await waitFor(() => expect(shownTooltips()).toEqual([]));
  });
});
