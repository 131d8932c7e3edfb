// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBranding } from '../../branding/store';
import { useSession } from '../../session/store';
import { mockFetch } from '../../session/test-support';
import AboutPage from './AboutPage';
import { renderPage, signedIn } from './test-support';
import { browserTimeZone, formatInstant } from '../../time/format';

const WAIT = { timeout: 8000 };
const rows = () => [...document.querySelectorAll('[data-testid="licenses"] tr.ant-table-row')];
const names = () => rows().map((r) => r.querySelector('td:nth-child(2)')?.textContent);

const LICENSES = {
  packages: [
    {
      name: 'antd',
      version: '6.6.8',
      license: 'MIT',
      text: 'MIT License\n\nCopyright (c) 2015-present Ant UED',
    },
    { name: 'dayjs', version: '1.11.23', license: 'MIT', text: null },
    {
      name: 'react',
      version: '19.3.1',
      license: 'MIT',
      text: 'MIT License\n\nCopyright (c) Meta Platforms, Inc.',
    },
    { name: 'zod', version: '4.6.7', license: 'ISC', text: 'ISC License <b>as text</b>' },
  ],
};

const initialBranding = useBranding.getState();

describe('about', () => {
  let restore = () => {};
  afterEach(() => {
    cleanup();
    restore();
    vi.unstubAllGlobals();
    useSession.getState().clear();
    useBranding.setState(initialBranding);
  });

  it('shows the brand’s title, the build’s version, commit and time, and the bundled licences, searchable', async () => {
    signedIn();
    vi.stubGlobal('__FIELDLINK_BUILD__', {
      version: '0.1.0',
      commit: 'abc1234',
      builtAt: '2026-01-05T08:00:00.000Z',
    });
    useBranding.setState({ branded: true, appTitle: 'Acme Water' });
    const server = mockFetch({ 'GET licenses.json': { body: LICENSES } });
    restore = server.restore;
    renderPage(<AboutPage />, '/about');
    expect(screen.getByText('Acme Water')).toBeTruthy();
    expect(screen.getByText('0.1.0')).toBeTruthy();
    expect(screen.getByText('abc1234')).toBeTruthy();
    expect(screen.getByText(formatInstant('2026-01-05T08:00:00.000Z', browserTimeZone(), 'en'))).toBeTruthy();

    await waitFor(() => expect(names()).toEqual(['antd', 'dayjs', 'react', 'zod']), WAIT);
    expect(
      screen.getByText('The console bundles 4 open-source packages; each is used under its licence.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search packages or licences'), {
      target: { value: 'REACT mit' },
    });
    await waitFor(() => expect(names()).toEqual(['react']));
    const react = rows()[0]!;
    expect(within(react as HTMLElement).getByText('MIT')).toBeTruthy();
    fireEvent.click(react.querySelector('.ant-table-row-expand-icon')!);
    expect((await screen.findByText(/Meta Platforms/, {}, WAIT)).tagName).toBe('PRE');

    fireEvent.change(screen.getByLabelText('Search packages or licences'), { target: { value: 'isc' } });
    await waitFor(() => expect(names()).toEqual(['zod']));
    fireEvent.click(rows()[0]!.querySelector('.ant-table-row-expand-icon')!);
    // A licence's text is text, whatever it holds.
    expect(await screen.findByText('ISC License <b>as text</b>', {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search packages or licences'), { target: { value: 'dayjs' } });
    await waitFor(() => expect(names()).toEqual(['dayjs']));
    fireEvent.click(rows()[0]!.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText(/ships no licence file/, {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search packages or licences'), { target: { value: 'gpl' } });
    expect(await screen.findByText('No package matches', {}, WAIT)).toBeTruthy();
  });

  it('in a development build: no build facts, and no licence list', async () => {
    signedIn();
    // The development server answers an unknown file with its index page.
    const server = mockFetch({ 'GET licenses.json': { body: '<!doctype html>' } });
    restore = server.restore;
    renderPage(<AboutPage />, '/about');
    expect(screen.getByText('development build')).toBeTruthy();
    expect(screen.getAllByText('unknown')).toHaveLength(2);
    expect(
      await screen.findByText('The list of licences is not available in a development build.', {}, WAIT),
    ).toBeTruthy();
  });

  it('without the file (404), says so too', async () => {
    signedIn('tc');
    const server = mockFetch({ 'GET licenses.json': { status: 404 } });
    restore = server.restore;
    renderPage(<AboutPage />, '/about');
    expect(await screen.findByText('開發版本中沒有授權條款清單。', {}, WAIT)).toBeTruthy();
  });
});
