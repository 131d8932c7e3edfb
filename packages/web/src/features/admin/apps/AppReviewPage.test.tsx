// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../locales/en/apps';
import { errorReply, mockFetch } from '../../../session/test-support';
import type { RecordedRequest } from '../../../session/test-support';
import {
  changes,
  expectMessage,
  PATIENT,
  renderSignedIn,
  signOut,
  SLOW,
  userApp,
} from '../../apps/test-support';
import AppReviewPage from './AppReviewPage';

const ROUTE = '/admin/appReview';
const ADMIN = { id: 1, userName: 'admin', authority: 1000 } as const;
let restore = (): void => undefined;
afterEach(() => {
  restore();
  signOut();
});

/** The button showing `text` in the dialog open now. */
async function modalButton(text: string): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const modal = [...document.querySelectorAll<HTMLElement>('.ant-modal')].at(-1);
    const found = [...(modal?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent?.replace(/\s/g, '') === text,
    );
    expect(found).toBeDefined();
    return found!;
  }, SLOW);
}

const PENDING = userApp(5, 'meter', { title: 'Meter', ownerName: 'bob', description: 'Reads meters' });
const APPROVED = userApp(6, 'map', {
  title: 'Map',
  status: 'approved',
  reviewedAt: '2026-03-02T08:00:00.000Z',
});

describe('administration: app review', PATIENT, () => {
  it('lists the pending apps first, then by state; approves one with a note', async () => {
    let reviewed: RecordedRequest | null = null;
    const mock = mockFetch({
      'GET /admin/apps': (request) => ({
        body: {
          items: request.path.endsWith('status=approved')
            ? [APPROVED]
            : request.path.endsWith('status=pending')
              ? [PENDING]
              : [],
        },
      }),
      'POST /admin/apps/5/review': (request) => {
        reviewed = request;
        return { body: { ...PENDING, status: 'approved' } };
      },
    });
    restore = mock.restore;
    renderSignedIn(<AppReviewPage />, ROUTE, ADMIN);
    const row = (await screen.findByTestId('review-title-meter', {}, SLOW)).closest('tr')!;
    expect(row.textContent).toContain('bob');
    expect(row.textContent).toContain('Reads meters');
    const link = row.querySelector('a')!;
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByTestId('approve-meter'));
    fireEvent.change(await screen.findByLabelText(en.review.note, {}, SLOW), {
      target: { value: ' Looks good ' },
    });
    fireEvent.click(await modalButton(en.review.approve));
    await expectMessage('Meter is approved.');
    expect(reviewed!.body).toEqual({ decision: 'approve', note: 'Looks good' });
    expect(mock.calls[0]?.path).toBe('/admin/apps?status=pending');

    fireEvent.click(screen.getByText(en.review.tabs.approved));
    await screen.findByTestId('review-title-map', {}, SLOW);
    expect(screen.getByText(en.review.withdraw)).toBeTruthy();
    expect(screen.queryByTestId('approve-map')).toBeNull();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const mock = mockFetch({
      'GET /admin/apps': { body: { items: [PENDING] } },
      'POST /admin/apps/5/review': errorReply(
        403,
        'forbidden',
        'you cannot review your own app: another reviewer must (administrators may)',
      ),
    });
    restore = mock.restore;
    renderSignedIn(<AppReviewPage />, ROUTE, { id: 3, userName: 'editor', authority: 100 });
    fireEvent.click(await screen.findByTestId('reject-meter', {}, SLOW));
    fireEvent.click(await modalButton(en.review.reject));
    await screen.findByText(`Not saved: ${en.errors.ownAppReview}`, {}, SLOW);
    expect(changes(mock.calls)).toHaveLength(1);
  });
});
