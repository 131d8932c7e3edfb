// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../session/store';
import HelpPage from './HelpPage';
import { renderPage, signedIn } from './test-support';

const WAIT = { timeout: 8000 };
const where = () => screen.getByTestId('where').textContent;
const doc = () => screen.getByTestId('help-doc');
const toc = () => document.querySelector('.fl-help-toc') as HTMLElement;

describe('help', () => {
  afterEach(() => {
    cleanup();
    useSession.getState().clear();
  });

  it('shows the guide’s first page, and a section chosen in the contents, which the address keeps', async () => {
    signedIn();
    renderPage(<HelpPage />, '/help');
    expect(
      await within(doc()).findByRole('heading', { level: 1, name: 'The web console' }, WAIT),
    ).toBeTruthy();
    // Only the first page: the next one's heading is not drawn.
    expect(within(doc()).queryByRole('heading', { name: 'Building and running' })).toBeNull();
    expect(screen.queryByText('The user guide is written in English.')).toBeNull();

    fireEvent.click(within(toc()).getByText('Building and running'));
    await waitFor(() => expect(where()).toBe('/help?section=building-and-running'));
    expect(within(doc()).getByRole('heading', { level: 2, name: 'Building and running' })).toBeTruthy();
    const served = within(doc()).getByRole('heading', { level: 3, name: 'Served by the server' });
    expect(served.id).toBe('help-served-by-the-server');
    expect(within(doc()).queryByRole('heading', { name: 'The web console' })).toBeNull();
    // Tables are drawn as tables.
    expect(doc().querySelector('table th')?.textContent).toBe('command');
  });

  it('opens the page of a deeper section given in the address', async () => {
    signedIn();
    renderPage(<HelpPage />, '/help?section=served-by-the-server');
    expect(
      await within(doc()).findByRole('heading', { level: 2, name: 'Building and running' }, WAIT),
    ).toBeTruthy();
    expect(within(doc()).getByRole('heading', { level: 3, name: 'Served by the server' })).toBeTruthy();
  });

  it('searches every word in any case, lists the sections holding them, marks the words, and opens one', async () => {
    signedIn();
    renderPage(<HelpPage />, '/help');
    fireEvent.change(screen.getByLabelText('Search the guide'), { target: { value: 'POSTMESSAGE origin' } });
    const results = await screen.findByTestId('help-results', {}, WAIT);
    const host = within(results).getByTestId('help-result-the-micro-app-host');
    const marks = [...host.querySelectorAll('mark')].map((m) => m.textContent!.toLowerCase());
    expect(new Set(marks)).toEqual(new Set(['postmessage', 'origin']));
    // Every section listed holds both words.
    for (const section of results.querySelectorAll('section')) {
      expect(section.textContent!.toLowerCase()).toContain('postmessage');
      expect(section.textContent!.toLowerCase()).toContain('origin');
    }
    // The contents keep only the sections found.
    expect(within(toc()).getByText('The micro-app host')).toBeTruthy();
    expect(within(toc()).queryByText('Themes')).toBeNull();

    fireEvent.click(within(host).getByRole('button', { name: 'Open this section' }));
    await waitFor(() => expect(where()).toBe('/help?section=the-micro-app-host'));
    expect(screen.queryByTestId('help-results')).toBeNull();
    expect((screen.getByLabelText('Search the guide') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('Search the guide'), { target: { value: 'zzzqqq nothing' } });
    expect(await screen.findByText('No section holds all these words', {}, WAIT)).toBeTruthy();
  });

  it('draws markup in the guide as text', async () => {
    signedIn();
    renderPage(<HelpPage />, '/help?section=user-text-and-html');
    const heading = await within(doc()).findByRole('heading', { name: 'User text and HTML' }, WAIT);
    expect(heading).toBeTruthy();
    expect(doc().textContent).toContain('<img src=x onerror=…>');
    expect(doc().querySelector('img, script, iframe, style')).toBeNull();
  });

  it('says in Chinese that the guide is in English', async () => {
    signedIn('zh');
    renderPage(<HelpPage />, '/help');
    expect(await screen.findByText('用户指南仅提供英文版。', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('目录')).toBeTruthy();
  });
});
