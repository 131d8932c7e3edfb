// @vitest-environment jsdom
import dayjs from 'dayjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDeviceTests } from '../../../equipment/test-hooks';
import { button, confirmWith, dialog, ID_A, renderAt, SLOW } from '../test-support';
import { expiryOf } from './expiry';
import ProjectLinksButton from './ProjectLinksButton';

const { serve } = setUpDeviceTests();
const TOKEN = 'k'.repeat(43);

const lobby = {
  id: 3,
  label: 'Lobby',
  createdBy: { id: 7, name: 'alice' },
  createdAt: '2026-01-05T08:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  expired: false,
};

describe('a project’s wall links', { timeout: 20_000 }, () => {
  it('makes a link, shows its address once, lists the links and revokes one after a confirmation', async () => {
    let items: unknown[] = [lobby];
    const created = {
      ...lobby,
      id: 4,
      label: 'Control room',
      token: TOKEN,
      url: `https://console.example/#/wall?link=${TOKEN}`,
    };
    const fetches = serve({
      [`GET /diagrams/${ID_A}/links`]: () => ({ body: { items } }),
      [`POST /diagrams/${ID_A}/links`]: () => {
        items = [{ ...lobby, id: 4, label: 'Control room' }, lobby];
        return { status: 201, body: created };
      },
      [`DELETE /diagrams/${ID_A}/links/3`]: () => {
        items = items.filter((i) => (i as { id: number }).id !== 3);
        return { status: 204 };
      },
    });
    renderAt(<ProjectLinksButton projectId={ID_A} />, '/p');
    fireEvent.click(screen.getByText('Wall links'));
    const list = await screen.findByTestId('link-list', {}, SLOW);
    await within(list).findByText('Lobby', {}, SLOW);
    expect(list.textContent).toContain('alice');
    expect(list.textContent).toContain('Never');
    expect(list.textContent).toContain('Not yet');

    // A label is needed.
    fireEvent.click(button('Create link', dialog()));
    expect(await screen.findByText('Give the link a label (up to 64 characters)', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('e.g. Control room screen'), {
      target: { value: ' Control room ' },
    });
    fireEvent.click(button('Create link', dialog()));
    const shown = await screen.findByTestId('link-created', {}, SLOW);
    expect(fetches.calls.find((c) => c.method === 'POST')?.body).toEqual({
      label: 'Control room',
      expiresAt: null,
    });
    expect(within(shown).getByTestId('link-url').textContent).toBe(created.url);
    expect(shown.textContent).toContain('it is shown only this once');
    expect(within(shown).getByLabelText('QR code of the address')).toBeTruthy();
    await within(screen.getByTestId('link-list')).findByText('Control room', {}, SLOW);
    expect(screen.getByTestId('link-list').textContent).not.toContain(TOKEN);

    // Once put away, the address is not to be seen again.
    fireEvent.click(button('Create another link', dialog()));
    await waitFor(() => expect(screen.queryByTestId('link-created')).toBeNull());
    expect(dialog().textContent).not.toContain(TOKEN);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Lobby' }));
    await confirmWith('Revoke');
    await waitFor(() => expect(fetches.calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('link-list').textContent).not.toContain('Lobby'));
    expect(await screen.findByText('Link “Lobby” revoked', {}, SLOW)).toBeTruthy();
  });

  it('says why the list cannot be read', async () => {
    serve({ [`GET /diagrams/${ID_A}/links`]: { status: 404 } });
    renderAt(<ProjectLinksButton projectId={ID_A} />, '/p');
    fireEvent.click(screen.getByText('Wall links'));
    expect(
      await screen.findByText(
        'The links could not be read: this diagram no longer exists (it may have been deleted)',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});

describe('a new link’s expiry', () => {
  const now = Date.UTC(2026, 0, 5, 8, 0, 0);
  it('is none, a span from now, or the end of a day not yet over', () => {
    expect(expiryOf('never', null, now)).toBeNull();
    expect(expiryOf('week', null, now)).toBe('2026-01-12T08:00:00.000Z');
    expect(expiryOf('year', null, now)).toBe('2027-01-05T08:00:00.000Z');
    const day = dayjs(now).add(2, 'day');
    expect(expiryOf('date', day, now)).toBe(new Date(day.endOf('day').valueOf()).toISOString());
    expect(expiryOf('date', dayjs(now).subtract(1, 'day'), now)).toBe('past');
    expect(expiryOf('date', null, now)).toBe('past');
  });
});
