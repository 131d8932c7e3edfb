// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../api/history';
import type { Reply } from '../../session/test-support';
import FileManager from './FileManager';
import {
  button,
  dialog,
  dirOf,
  listing,
  renderFiles,
  rowNames,
  sampleFile,
  samplePicture,
  setUpFileTests,
  toasts,
} from './test-support';

const SLOW = { timeout: 4000 };
const NOTES = sampleFile({
  name: 'notes.txt',
  size: 300,
  updatedAt: '2026-02-01T10:00:00.000Z',
  createdBy: 9,
  createdByName: 'operator9',
});
const PLAN = samplePicture('plan.png', { createdBy: null });
const SUB = sampleFile({ name: 'wiring.pdf', dir: 'cfg', contentType: 'application/pdf' });

const { serve, calls } = setUpFileTests();
const lists = () => calls().filter((c) => c.method === 'GET' && c.path.startsWith('/files/me?'));

describe('file manager', () => {
  it('lists a folder, previews a picture and walks into folders and back', async () => {
    serve({
      'GET /files/me': (r): Reply =>
        dirOf(r.path) === ''
          ? { body: listing({ items: [NOTES, PLAN], dirs: ['cfg'] }) }
          : { body: listing({ dir: dirOf(r.path), items: dirOf(r.path) === 'cfg' ? [SUB] : [] }) },
    });
    renderFiles(<FileManager space="me" title="Mine" />);
    await waitFor(() => expect(rowNames()).toEqual(['notes.txt', 'plan.png']), SLOW);

    const plan = document.querySelector<HTMLElement>('tr[data-row-key="plan.png"]')!;
    expect(plan.textContent).toContain('1.2 MB');
    expect(plan.textContent).toContain('640 × 480');
    expect(plan.textContent).toContain('Deleted account');
    const notes = document.querySelector<HTMLElement>('tr[data-row-key="notes.txt"]')!;
    expect(notes.textContent).toContain('300 B');
    expect(notes.textContent).toContain(formatDateTime(new Date(NOTES.updatedAt)));
    expect(notes.textContent).toContain('operator9');
    expect(screen.getByTestId('files-quota').textContent).toBe(
      'Your uploads take 2.0 MB of 100 MB · Largest file: 20 MB',
    );

    // The thumbnail is the small picture; a click shows the picture itself.
    const thumb = within(plan).getByAltText('plan.png') as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe(PLAN.thumbnailUrl);
    fireEvent.click(within(plan).getByLabelText('Preview plan.png'));
    await waitFor(() => {
      const shown = document.querySelector<HTMLImageElement>('.ant-image-preview-img');
      expect(shown?.getAttribute('src')).toBe(PLAN.url);
    }, SLOW);
    fireEvent.keyDown(window, { key: 'Escape' });

    fireEvent.click(button('cfg'));
    await waitFor(() => expect(rowNames()).toEqual(['wiring.pdf']), SLOW);
    expect(lists().map((c) => dirOf(c.path))).toEqual(['', 'cfg']);
    const crumbs = screen.getByTestId('files-breadcrumb');
    expect(crumbs.textContent).toBe('All files/cfg');

    // A new folder is opened at once; it is kept once a file goes into it.
    fireEvent.click(button('New folder'));
    const name = within(dialog()).getByLabelText('Folder name');
    fireEvent.change(name, { target: { value: '../x' } });
    fireEvent.click(button('Open', dialog()));
    expect(screen.getByTestId('files-folder-problem').textContent).toContain('A folder name has 1 to 200');
    fireEvent.change(name, { target: { value: 'plans' } });
    fireEvent.click(button('Open', dialog()));
    await waitFor(() => expect(crumbs.textContent).toBe('All files/cfg/plans'), SLOW);
    await waitFor(
      () => expect(toasts()).toContain('Folder plans opened: it is kept once a file is uploaded into it'),
      SLOW,
    );
    await waitFor(
      () =>
        expect(screen.getByText('No files in this folder yet: drop files here or use Upload')).toBeTruthy(),
      SLOW,
    );

    fireEvent.click(within(crumbs).getByText('All files'));
    await waitFor(() => expect(rowNames()).toEqual(['notes.txt', 'plan.png']), SLOW);
  });

  it('says why the files cannot be shown, downloads, and says a refused delete in the user’s words', async () => {
    let reachable = false;
    serve({
      'GET /files/me': () => (reachable ? { body: listing({ items: [NOTES] }) } : { unreachable: true }),
      'GET /files/me/content': { body: 'hello' },
      'POST /files/me/delete': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'these files are read only' } },
      },
    });
    renderFiles(<FileManager space="me" />);
    const alert = await screen.findByTestId('files-load-error', {}, SLOW);
    expect(alert.textContent).toContain(
      'The files could not be loaded: Network error: the server cannot be reached',
    );
    reachable = true;
    fireEvent.click(within(alert).getByText('Refresh'));
    await waitFor(() => expect(rowNames()).toEqual(['notes.txt']), SLOW);
    const row = document.querySelector('tr[data-row-key="notes.txt"]') as HTMLElement;

    // A download is read with the user's token and saved under the file's name.
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:notes';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    fireEvent.click(button('Download', row));
    await waitFor(() => expect(saved).toEqual(['notes.txt blob:notes']), SLOW);
    const read = calls().find((c) => c.path.startsWith('/files/me/content'));
    expect(read?.path).toBe('/files/me/content?path=notes.txt&download=true');
    expect(read?.authorization).toBe('Bearer tok');

    fireEvent.click(button('Delete', row));
    fireEvent.click(button('Delete', dialog().querySelector('.ant-modal-footer') as HTMLElement));
    await waitFor(
      () => expect(toasts()).toContain('You may only read the files here, not change them'),
      SLOW,
    );
  });
});
