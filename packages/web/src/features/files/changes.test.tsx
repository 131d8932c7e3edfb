// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FileManager from './FileManager';
import PersonalFilesTab from './PersonalFilesTab';
import {
  button,
  dialog,
  dropFiles,
  FakeXhr,
  fileOf,
  listing,
  renderFiles,
  rowCheckbox,
  rowNames,
  sampleFile,
  samplePicture,
  setUpFileTests,
  signIn,
  toasts,
} from './test-support';

const SLOW = { timeout: 4000 };
const NOTES = sampleFile({
  name: 'notes.txt',
  size: 300,
  updatedAt: '2026-02-01T10:00:00.000Z',
  createdBy: 9,
});
const PLAN = samplePicture('plan.png', { createdBy: null });

const { serve, calls } = setUpFileTests();

describe('changing files', () => {
  it('deletes the chosen files after saying how many, and clears only once the word is typed', async () => {
    let present = [NOTES, PLAN, sampleFile({ name: 'c.bin' })];
    // The listing follows what is left.
    serve({
      'GET /files/me': () => ({ body: listing({ items: present }) }),
      'POST /files/me/delete': (r) => {
        const names = (r.body as { names: string[] }).names;
        present = present.filter((f) => !names.includes(f.name));
        return { body: { count: names.length } };
      },
      'DELETE /files/me': () => {
        const count = present.length;
        present = [];
        return { body: { count } };
      },
    });
    renderFiles(<FileManager space="me" />);
    await waitFor(() => expect(rowNames()).toHaveLength(3), SLOW);

    // Nothing chosen: the selection's buttons say what is missing.
    const toolbar = screen.getByTestId('files-actions');
    fireEvent.click(button('Delete', toolbar));
    await waitFor(
      () =>
        expect(toasts()).toContain('Select a file first: a file must be selected to download or delete it'),
      SLOW,
    );
    expect(document.querySelector('.ant-modal')).toBeNull();

    fireEvent.click(rowCheckbox('notes.txt'));
    fireEvent.click(rowCheckbox('c.bin'));
    expect(screen.getByTestId('files-selected').textContent).toBe('2 files selected');
    fireEvent.click(button('Delete', toolbar));
    expect(within(dialog()).getByText('Delete 2 files?')).toBeTruthy();
    expect(
      [...screen.getByTestId('files-delete-names').querySelectorAll('li')].map((li) => li.textContent),
    ).toEqual(['c.bin', 'notes.txt']);
    fireEvent.click(button('Delete', dialog().querySelector('.ant-modal-footer') as HTMLElement));
    await waitFor(() => expect(rowNames()).toEqual(['plan.png']), SLOW);
    const deleted = calls().find((c) => c.method === 'POST');
    expect(deleted?.path).toBe('/files/me/delete');
    expect(deleted?.body).toEqual({ dir: '', names: ['c.bin', 'notes.txt'] });
    await waitFor(() => expect(toasts()).toContain('2 files deleted'), SLOW);
    expect(screen.queryByTestId('files-selected')).toBeNull();

    fireEvent.click(button('Clear all'));
    expect(within(dialog()).getByText('Clear everything in My files?')).toBeTruthy();
    const clear = button('Clear', dialog().querySelector('.ant-modal-footer') as HTMLElement);
    expect(clear.disabled).toBe(true);
    fireEvent.change(within(dialog()).getByLabelText('Confirmation word'), { target: { value: 'clear' } });
    expect(clear.disabled).toBe(false);
    fireEvent.click(clear);
    await waitFor(() => expect(rowNames()).toEqual([]), SLOW);
    expect(calls().find((c) => c.method === 'DELETE')?.path).toBe('/files/me?dir=');
    await waitFor(() => expect(toasts()).toContain('1 file deleted'), SLOW);
  });
});

describe('personal files tab', () => {
  it('switches to the platform files, read only here: view and download, nothing to change', async () => {
    signIn('zh');
    serve({
      'GET /files/me': { body: listing({ items: [NOTES, sampleFile({ name: '<b>x</b>.txt' })] }) },
      'GET /files/admin': { body: listing({ space: 'admin', items: [PLAN], writable: false, quota: null }) },
    });
    renderFiles(<PersonalFilesTab />);
    await waitFor(() => expect(rowNames()).toEqual(['<b>x</b>.txt', 'notes.txt']), SLOW);
    // A name is text, never markup.
    const odd = document.querySelector('tr[data-row-key="<b>x</b>.txt"]') as HTMLElement;
    expect(odd.textContent).toContain('<b>x</b>.txt');
    expect(odd.querySelector('b')).toBeNull();
    expect(button(/^上\s*传$/)).toBeTruthy();

    fireEvent.click(screen.getByText('平台文件'));
    await waitFor(() => expect(rowNames()).toEqual(['plan.png']), SLOW);
    expect(screen.getByTestId('files-read-only').textContent).toBe('只读');
    const manager = screen.getByTestId('file-manager');
    for (const hidden of [/^上\s*传$/, '新建文件夹', /^删\s*除$/, '全部清空'])
      expect(() => button(hidden, manager)).toThrow('0 buttons');
    expect(
      button(/^下\s*载$/, document.querySelector('tr[data-row-key="plan.png"]') as HTMLElement),
    ).toBeTruthy();
    expect(screen.getByTestId('files-quota').textContent).toBe(
      '您的上传已用 2.0 MB（无配额限制） · 单个文件最大 20 MB',
    );

    // A drop is refused with a word, and nothing is sent.
    dropFiles([fileOf('a.txt', 10)]);
    await waitFor(() => expect(toasts()).toContain('不能上传到这里：这些文件是只读的'), SLOW);
    expect(FakeXhr.sent).toHaveLength(0);
    expect(calls().filter((c) => c.path.startsWith('/files/admin?'))).toHaveLength(1);
  });
});
